/** POST /api/passwd/reset.json: change one's own password. */
import { PasswordResetBody, PasswordResetReply } from '../../../../contract/password';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf, noticeText } from '../../i18n';
import { ok, replies } from '../../plugins/envelope';
import { clientInfo } from '../../plugins/session';
import { PasswdService } from './passwd.service';

export default async function passwdRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const passwd = new PasswdService(ctx);

  app.post('/api/passwd/reset.json', { schema: { body: PasswordResetBody, response: replies(PasswordResetReply) }, onRequest: app.authenticate }, async (req) =>
    ok(await passwd.reset(req.auth!, req.body, clientInfo(req)), noticeText(languageOf(req), 'passwordChanged')),
  );
}
