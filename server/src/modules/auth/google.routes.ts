/** GET /api/google/check.json (is Google sign-in on?) and GET /api/google/auth.json (the flow): both public. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { GoogleCheckReply } from '@contract/auth';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { ok, replies } from '../../plugins/reply';
import { clientInfo, sessionCookie } from '../../plugins/session';
import { CALLBACK_PATH, GoogleService, type StateCookie } from './google.service';

const STATE_COOKIE = 'lms_oidc';

const AuthQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 4096 })),
  state: Type.Optional(Type.String({ maxLength: 256 })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
});

function stateCookie(req: FastifyRequest, reply: FastifyReply): StateCookie {
  const options = { path: '/api/google', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https' } as const;
  return {
    value: req.cookies[STATE_COOKIE] ?? null,
    set: (state) => void reply.setCookie(STATE_COOKIE, state, { ...options, maxAge: 600 }),
    clear: () => void reply.clearCookie(STATE_COOKIE, options),
  };
}

/** Registered by auth.routes.ts (Google sign-in is part of the auth area). */
export default async function googleRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const google = new GoogleService(ctx);

  app.get('/api/google/check.json', { schema: { response: replies(GoogleCheckReply) }, config: { public: true } }, async () => ok([{ OAu: google.enabled }]));

  app.get(CALLBACK_PATH, { schema: { querystring: AuthQuery }, config: { public: true }, onRequest: app.identify }, async (req, reply) =>
    reply.redirect(await google.auth(req.auth, req.query, clientInfo(req), stateCookie(req, reply), sessionCookie(req, reply)), 302),
  );
}
