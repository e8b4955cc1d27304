/** GET /config.json and GET /logo.json: public, no session. */
import { ConfigReply, LogoReply } from '../../../../contract/config';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/envelope';
import { ConfigService } from './config.service';

export default async function configRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const config = new ConfigService(ctx);

  app.get('/config.json', { schema: { response: replies(ConfigReply) } }, async () => ok(config.appConfig()));

  app.get('/logo.json', { schema: { response: replies(LogoReply) } }, async (req) => ok(await config.logo(languageOf(req))));
}
