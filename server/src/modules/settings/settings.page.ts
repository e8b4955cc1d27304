/** The session's settings inside every page that arrives with data (plugins/spa.ts): settings.json's reply, so the current period is known at once. */
import type { AppContext } from '../../context';
import type { PagePart } from '../../plugins/spa';
import { SettingsService } from './settings.service';

export function settingsPage(ctx: AppContext): PagePart {
  const settings = new SettingsService(ctx);
  return { key: 'settings', routes: 'with-data', load: (caller, lang) => settings.settings(caller, { uid: caller.uid, role: caller.role }, lang) };
}
