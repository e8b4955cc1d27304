/** /api/misc/settings.json and /api/misc/dinurls.json (docs/areas/settings.md#calls): both need a session. */
import { DinUrlsReply, SettingsBody, SettingsReply } from '@contract/settings';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { SettingsService } from './settings.service';

export default async function settingsRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const settings = new SettingsService(ctx);

  app.post('/api/misc/settings.json', { schema: { body: SettingsBody, response: replies(SettingsReply) } }, async (req) =>
    ok(await settings.settings(req.auth!, req.body, languageOf(req))),
  );

  app.post('/api/misc/dinurls.json', { schema: { response: replies(DinUrlsReply) } }, async () => ok(await settings.appLinks()));
}
