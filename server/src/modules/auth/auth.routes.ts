/**
 * /api/auth/* and /api/google/* (docs/areas/auth.md#calls): sign-in, the session's user, forced credential
 * update, logout, Google sign-in (google.routes.ts) and sign-in through the university's provider
 * (oidc.routes.ts). Only the session's user and checkgauth need
 * a session; the rest are public.
 */
import {
  AuthenticateBody,
  AuthenticateReply,
  AuthorizeBody,
  AuthorizeReply,
  CheckGoogleAuthReply,
  LogoutBody,
  LogoutReply,
  RecoveryBody,
  RecoveryReply,
  UpdateLoginBody,
  UpdateLoginReply,
} from '@contract/auth';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf, noticeText } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { clientInfo, sessionCookie } from '../../plugins/session';
import { AuthService } from './auth.service';
import googleRoutes from './google.routes';
import oidcRoutes from './oidc.routes';

export default async function authRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const auth = new AuthService(ctx);

  app.get('/api/auth/checkgauth.json', { schema: { response: replies(CheckGoogleAuthReply) } }, async (req) =>
    ok(await auth.googleSession(req.auth!, languageOf(req))),
  );

  app.post('/api/auth/enticate.json', { schema: { body: AuthenticateBody, response: replies(AuthenticateReply) } }, async (req) =>
    ok(await auth.current(req.auth!, languageOf(req))),
  );

  app.post('/api/auth/orize.json', { schema: { body: AuthorizeBody, response: replies(AuthorizeReply) }, config: { public: true } }, async (req, reply) =>
    ok(await auth.authorize(req.body, clientInfo(req), sessionCookie(req, reply), languageOf(req))),
  );

  app.post('/api/auth/recovery.json', { schema: { body: RecoveryBody, response: replies(RecoveryReply) }, config: { public: true } }, async (req) =>
    ok(await auth.recovery(req.body, clientInfo(req))),
  );

  app.post(
    '/api/auth/updatelogin.json',
    { schema: { body: UpdateLoginBody, response: replies(UpdateLoginReply) }, config: { public: true } },
    async (req, reply) => ok(await auth.updateLogin(req.body, clientInfo(req), sessionCookie(req, reply)), noticeText(languageOf(req), 'credentialsChanged')),
  );

  app.post('/api/auth/logout.json', { schema: { body: LogoutBody, response: replies(LogoutReply) }, config: { public: true } }, async (req, reply) =>
    ok(await auth.logout(clientInfo(req), sessionCookie(req, reply))),
  );

  await googleRoutes(app, { ctx });
  await oidcRoutes(app, { ctx });
}
