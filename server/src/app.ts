/**
 * Builds the Fastify app (not listening): plugins, then the areas of modules/index.ts and the one
 * live stream. Tests drive it with app.inject; main.ts listens.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type RouteOptions,
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import type { Config } from './config';
import { createContext, type AppContext } from './context';
import { requestSerializer, stdoutLogStream, type LogStream } from './logging';
import type { Database } from './db/client';
import { MODULES } from './modules';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerLifecycle } from './plugins/lifecycle';
import { registerIdempotency } from './plugins/idempotency';
import { registerLive, registerLiveStream } from './plugins/live-stream';
import { registerOriginCheck } from './plugins/origin';
import { buildSerializer, validatorCompiler } from './plugins/schema-compilers';
import { registerSecurityHeaders } from './plugins/security';
import { registerSessions } from './plugins/session';
import { registerSpa } from './plugins/spa';
import { registerStalledBodyTimeout } from './plugins/stalled-body';

/** The app with TypeBox typing of bodies and replies. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** dist/ of the repository (vite build output). */
export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../../dist', import.meta.url));

export interface BuildOptions {
  config: Config;
  database: Database;
  /** The clock (tests move it). */
  now?: () => Date;
  /** The built client (default: the repository's dist/). */
  distDir?: string;
  /** Told of every route as it is added (tests list the API this way). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go (default: standard output; tests read them). */
  logStream?: LogStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Configuration, database and shared services (for tests and main). */
    ctx: AppContext;
  }
}

/** JSON bodies of the API calls are small; file uploads (multipart) get their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, database } = options; // the caller opens and closes the database
  const ctx = createContext(config, database, options.now);

  const app = Fastify({
    logger: { level: config.logLevel, stream: options.logStream ?? stdoutLogStream(), serializers: { req: requestSerializer } },
    // A number of hops: trust that many proxies next to the server.
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors,
    clientErrorHandler,
    // Each route's reply serializer compiled on its first reply (plugins/schema-compilers.ts).
    schemaController: { compilersFactory: { buildSerializer } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.decorate('ctx', ctx);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  registerLifecycle(app, config.dbRequestTimeoutMs);
  registerStalledBodyTimeout(app, config.bodyIdleTimeoutMs);
  registerLive(app, ctx.live);
  registerErrorHandling(app);
  await app.register(cookie);
  // Limits are set per request by ctx.files.receive (plugins/files.ts), which checks truncation itself.
  await app.register(multipart, { throwFileSizeLimit: false });
  app.addHook('onClose', async () => ctx.files.close());
  await registerSecurityHeaders(app);
  registerOriginCheck(app, config.publicUrl);
  registerSessions(app, ctx.sessions);
  registerIdempotency(app, ctx.idempotency);
  // Replies are kept only once changes can be heard (plugins/reply-cache.ts).
  ctx.dataChanges.log = app.log;
  app.addHook('onReady', async () => {
    await ctx.dataChanges.start(database).catch((err: unknown) => app.log.warn({ err }, 'reply cache: off (cannot listen for changes)'));
  });
  app.addHook('onClose', async () => ctx.dataChanges.stop());

  for (const module of MODULES) {
    await app.register(module.routes, { ctx });
    if (module.live) ctx.live.register(module.name, module.live(ctx));
  }
  registerLiveStream(app, ctx.live);

  await registerSpa(
    app,
    path.resolve(options.distDir ?? DEFAULT_DIST_DIR),
    MODULES.flatMap((m) => (m.page ? [m.page(ctx)] : [])),
  );
  return app;
}
