/** POST /api/passwd/reset.json: change one's own password. */
import { PasswordResetBody, PasswordResetReply } from '@contract/password';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf, noticeText } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { clientInfo } from '../../plugins/session';
import { PasswordService } from './password.service';

export default async function passwordRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const password = new PasswordService(ctx);

  app.post('/api/passwd/reset.json', { schema: { body: PasswordResetBody, response: replies(PasswordResetReply) } }, async (req) =>
    ok(await password.reset(req.auth!, req.body, clientInfo(req)), noticeText(languageOf(req), 'passwordChanged')),
  );
}
