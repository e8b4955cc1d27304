/** The session's settings inside every page that arrives with data (plugins/spa.ts): settings.json's reply, so the current period is known at once; and the apps panel's links. */
import type { AppContext } from '../../context';
import type { PagePart } from '../../plugins/spa';
import { SettingsService } from './settings.service';

export function settingsPages(ctx: AppContext): PagePart[] {
  const settings = new SettingsService(ctx);
  return [
    { key: 'settings', routes: 'with-data', load: (caller, lang) => settings.settings(caller, { uid: caller.uid, role: caller.role }, lang) },
    // The apps panel's tiles (dinurls.json's reply).
    { key: 'apps', routes: 'with-data', optional: true, load: () => settings.appLinks() },
  ];
}
