/** GET /config.json and GET /logo.json (docs/areas/config.md#calls): public, no session. */
import { ConfigReply, LogoReply } from '@contract/config';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { ConfigService } from './config.service';

export default async function configRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const config = new ConfigService(ctx);

  app.get('/config.json', { schema: { response: replies(ConfigReply) }, config: { public: true } }, async () => ok(config.appConfig()));

  app.get('/logo.json', { schema: { response: replies(LogoReply) }, config: { public: true } }, async (req) => ok(await config.logo(languageOf(req))));
}
