/** The signed-in user inside every page that arrives with data (plugins/spa.ts): enticate's reply. */
import type { AppContext } from '../../context';
import type { PagePart } from '../../plugins/spa';
import { AuthService } from './auth.service';

export function authPage(ctx: AppContext): PagePart {
  const auth = new AuthService(ctx);
  return { key: 'user', routes: 'with-data', load: (caller, lang) => auth.current(caller, lang) };
}
