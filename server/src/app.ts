/**
 * Builds the Fastify app (not listening): plugins, then the areas of modules/index.ts and the one
 * live stream. Tests drive it with app.inject; main.ts listens.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  LogController,
  type RouteOptions,
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { bodyTimeoutOf, type Config } from './config';
import { createContext, type AppContext } from './context';
import { outputLogStream, registerAccessLog, requestIdOf, requestSerializer, type LogStream } from './logging';
import type { Database } from './db/client';
import { MODULES } from './modules';
import { docsRoutesArePublic, registerApiDocs } from './plugins/api-docs';
import { registerReplyCompression } from './plugins/compression';
import { clientErrorHandler, frameworkErrors, registerErrorHandling, registerRequestChecks } from './plugins/errors';
import { registerLifecycle } from './plugins/lifecycle';
import { registerMetrics } from './plugins/metrics';
import { registerIdempotency } from './plugins/idempotency';
import { registerLive, registerLiveStream } from './plugins/live-stream';
import { registerOriginCheck } from './plugins/origin';
import { buildSerializer, validatorCompiler } from './plugins/schema-compilers';
import { inlineScriptHashes, registerSecurityHeaders } from './plugins/security';
import { registerSessions } from './plugins/session';
import { registerReplicaReads } from './plugins/replica-reads';
import { registerSpa } from './plugins/spa';
import { routeSpellings } from './plugins/spellings';
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

/** The hashes of the inline scripts of the built page (none without a build). */
function pageScriptHashes(distDir: string): string[] {
  try {
    return inlineScriptHashes(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}

/** JSON bodies of the API calls are small; file uploads (multipart) get their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, database } = options; // the caller opens and closes the database
  const ctx = createContext(config, database, options.now);
  const spellings = routeSpellings();

  const app = Fastify({
    logger: { level: config.logLevel, stream: options.logStream ?? outputLogStream(config.logFormat), serializers: { req: requestSerializer } },
    // One line per request, written when it is answered (registerAccessLog), with its id.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    // A number of hops: trust that many proxies next to the server.
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors,
    clientErrorHandler,
    // A request without Host is refused in the envelope by registerRequestChecks, not bare by Node.
    http: { requireHostHeader: false },
    // Each route's reply serializer compiled on its first reply (plugins/schema-compilers.ts).
    schemaController: { compilersFactory: { buildSerializer } },
    // A call answers under SPEC's spelling, with or without `.json` (plugins/spellings.ts).
    rewriteUrl: spellings.rewriteUrl,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.decorate('ctx', ctx);
  app.addHook('onRoute', spellings.onRoute);
  app.addHook('onRoute', docsRoutesArePublic);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  registerAccessLog(app);
  registerMetrics(app, ctx);
  registerLifecycle(app, config.dbRequestTimeoutMs);
  registerStalledBodyTimeout(app, config.bodyIdleTimeoutMs, bodyTimeoutOf(config));
  registerLive(app, ctx.live);
  registerErrorHandling(app);
  await app.register(cookie);
  if (database.replica) registerReplicaReads(app, database.replica);
  // Limits are set per request by ctx.files.receive (plugins/files.ts), which checks truncation itself.
  await app.register(multipart, { throwFileSizeLimit: false });
  app.addHook('onClose', async () => ctx.files.close());
  await registerSecurityHeaders(app, pageScriptHashes(path.resolve(options.distDir ?? DEFAULT_DIST_DIR)));
  registerRequestChecks(app);
  registerOriginCheck(app, config.publicUrl);
  registerSessions(app, ctx.sessions);
  registerIdempotency(app, ctx.idempotency);
  // After the hooks that read a reply's text (the idempotency keys keep it as the route wrote it).
  registerReplyCompression(app);
  // Replies are kept only once changes can be heard (plugins/reply-cache.ts).
  ctx.dataChanges.log = app.log;
  app.addHook('onReady', async () => {
    await ctx.dataChanges.start(database).catch((err: unknown) => app.log.warn({ err }, 'reply cache: off (cannot listen for changes)'));
  });
  app.addHook('onClose', async () => ctx.dataChanges.stop());

  // Before the areas: it collects their routes as they are added (plugins/api-docs.ts).
  await registerApiDocs(app, { version: ctx.version });
  for (const module of MODULES) Object.assign(ctx.areas, module.provides?.(ctx));
  for (const module of MODULES) {
    await app.register(module.routes, { ctx });
    if (module.live) ctx.live.register(module.name, module.live(ctx));
  }
  registerLiveStream(app, ctx.live);

  await registerSpa(
    app,
    path.resolve(options.distDir ?? DEFAULT_DIST_DIR),
    MODULES.flatMap((m) => (m.page ? [m.page(ctx)].flat() : [])),
  );
  return app;
}
