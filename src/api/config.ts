/** Public configuration: GET /config.json and GET /logo.json (no session needed). */
import type { AppConfig, Logo } from '../../contract/config';
import { get } from './http';

export const configApi = {
  config: () => get<AppConfig>('config.json'),
  logo: () => get<Logo>('logo.json'),
};
