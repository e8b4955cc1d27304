/** GET /api/oidc/auth.json: sign-in through the university's OpenID Connect provider (public). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { clientInfo, sessionCookie } from '../../plugins/session';
import type { StateCookie } from './oidc.client';
import { OIDC_CALLBACK_PATH, OidcService } from './oidc.service';

const STATE_COOKIE = 'lms_sso';

const AuthQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 4096 })),
  state: Type.Optional(Type.String({ maxLength: 256 })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
});

function stateCookie(req: FastifyRequest, reply: FastifyReply): StateCookie {
  const options = { path: '/api/oidc', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https' } as const;
  return {
    value: req.cookies[STATE_COOKIE] ?? null,
    set: (state) => void reply.setCookie(STATE_COOKIE, state, { ...options, maxAge: 600 }),
    clear: () => void reply.clearCookie(STATE_COOKIE, options),
  };
}

/** Registered by auth.routes.ts (this sign-in is part of the auth area). */
export default async function oidcRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const oidc = new OidcService(ctx);

  app.get(OIDC_CALLBACK_PATH, { schema: { querystring: AuthQuery }, config: { public: true } }, async (req, reply) =>
    reply.redirect(await oidc.auth(req.query, clientInfo(req), stateCookie(req, reply), sessionCookie(req, reply)), 302),
  );
}
