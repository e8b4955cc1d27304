/** The university's settings (defaults and side-menu links) and its apps list. */
import type { AppLink, Settings, SettingsBody } from '@contract/settings';
import { post } from './http';

export const settingsApi = {
  settings: (body: SettingsBody) => post<Settings>('api/misc/settings.json', body, { session: true }),
  dinurls: () => post<AppLink[]>('api/misc/dinurls.json', {}, { session: true }),
};
