/**
 * Every setting of the server, read from the environment and validated at start.
 *
 * `CONFIG_VARS` (below) is the documented list, from the variables of server/src/config.vars.ts:
 * name, default and meaning of each variable; the README table is written from it. A bad value stops the start with a message naming the variable.
 */
import os from 'node:os';
import path from 'node:path';
import { Invalid, type Env, type VarSpec } from './config.values';
import { VARS } from './config.vars';

export type { LogLevel, Uploader, PaymentProviderName, SharedAddressRule, TrustProxy } from './config.values';

type Vars = typeof VARS;
type Parsed = { [K in keyof Vars]: ReturnType<Vars[K]['parse']> };

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** The university's OpenID Connect provider (OIDC_*). */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `email`, or the claim that carries the student number. */
  claim: string;
  scope: string;
  /** The button's name per language (null: the client's general name). */
  names: { ru: string | null; en: string | null; kg: string | null };
}

type OidcVars = 'oidcIssuer' | 'oidcClientId' | 'oidcClientSecret' | 'oidcClaim' | 'oidcScope' | 'oidcName' | 'oidcNameRu' | 'oidcNameEn' | 'oidcNameKg';

export type Config = Omit<Parsed, 'publicUrl' | 'googleClientId' | 'googleClientSecret' | 'googleIssuer' | OidcVars> & {
  /** Absolute DATA_DIR. */
  dataDir: string;
  publicUrl: string;
  /** PUBLIC_URL as given: documents with a verification QR code are issued only with it (null: not set). */
  documentsUrl: string | null;
  /** Null when Google sign-in is off. */
  google: GoogleConfig | null;
  /** Null when sign-in through the university's provider is off. */
  oidc: OidcConfig | null;
};

/** name, default and meaning of every variable (for the README and `--help`-like output). */
export const CONFIG_VARS: ReadonlyArray<{ name: string; default: string; meaning: string }> = Object.values(VARS).map((s) => ({
  name: s.env,
  default:
    s.env === 'PUBLIC_URL'
      ? '(unset; npm start sets http://localhost:PORT)'
      : s.env === 'WORKERS'
        ? 'CPU cores'
        : s.env === 'BODY_TIMEOUT_MS'
          ? 'from UPLOAD_LIMIT_MB'
          : (s.default ?? '(unset)'),
  meaning: s.meaning,
}));

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration; throws ConfigError listing every bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const parsed: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(VARS) as [keyof Vars, VarSpec<unknown>][]) {
    const given = env[spec.env];
    const raw = given === undefined || given.trim() === '' ? spec.default : given.trim();
    try {
      parsed[key] = spec.parse(raw);
    } catch (e) {
      if (!(e instanceof Invalid)) throw e;
      problems.push(`${spec.env}: ${e.message}`);
    }
  }
  const p = parsed as Parsed;
  if (problems.length === 0 && Boolean(p.googleClientId) !== Boolean(p.googleClientSecret))
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither');
  const oidcSet = [p.oidcIssuer, p.oidcClientId, p.oidcClientSecret].filter(Boolean).length;
  if (problems.length === 0 && oidcSet !== 0 && oidcSet !== 3)
    problems.push('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three to enable sign-in through the university provider, or none');
  if (problems.length === 0 && !p.filesS3Bucket && (p.filesS3Endpoint || p.filesS3AccessKeyId || p.filesS3SecretAccessKey))
    problems.push('FILES_S3_BUCKET: required when FILES_S3_ENDPOINT or the FILES_S3 keys are set');
  problems.push(...databaseProblems(p));
  if (problems.length > 0) throw new ConfigError(problems);

  const { googleClientId, googleClientSecret, googleIssuer, publicUrl, oidcIssuer, oidcClientId, oidcClientSecret, oidcClaim, oidcScope, oidcName, ...more } =
    p;
  const { oidcNameRu, oidcNameEn, oidcNameKg, ...rest } = more;
  return {
    ...rest,
    dataDir: path.resolve(rest.dataDir),
    publicUrl: publicUrl ?? `http://localhost:${rest.port}`,
    documentsUrl: publicUrl,
    google: googleClientId && googleClientSecret ? { clientId: googleClientId, clientSecret: googleClientSecret, issuer: googleIssuer } : null,
    oidc:
      oidcIssuer && oidcClientId && oidcClientSecret
        ? {
            issuer: oidcIssuer,
            clientId: oidcClientId,
            clientSecret: oidcClientSecret,
            claim: oidcClaim,
            scope: oidcScope,
            names: { ru: oidcNameRu ?? oidcName, en: oidcNameEn ?? oidcName, kg: oidcNameKg ?? oidcName },
          }
        : null,
  };
}

/** The database connections that do not fit together (DATABASE_POOLER, DATABASE_LISTEN_URL). */
function databaseProblems(p: Pick<Parsed, 'databaseUrl' | 'databasePooler' | 'databaseListenUrl'>): string[] {
  if (!p.databaseUrl)
    return p.databaseListenUrl || p.databasePooler !== 'none' ? ['DATABASE_POOLER and DATABASE_LISTEN_URL: only with DATABASE_URL (PostgreSQL)'] : [];
  // LISTEN through a transaction pooler is taken by whichever client runs next on that server
  // connection, and its notifications are lost: refuse rather than miss every live event.
  if (p.databasePooler === 'transaction' && (!p.databaseListenUrl || p.databaseListenUrl === p.databaseUrl))
    return [
      "DATABASE_LISTEN_URL: required with DATABASE_POOLER=transaction, a direct connection to the database (LISTEN and the migrations' lock do not work through a transaction pooler)",
    ];
  return [];
}

/** Where uploaded (and seeded) files live: DATA_DIR/files. */
export function filesDirOf(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'files');
}

/** The slowest a body may arrive by default (BODY_TIMEOUT_MS): a file at the upload limit in the time it takes at this rate. */
const BODY_FLOOR_BYTES_PER_S = 100 * 1024;
const BODY_TIMEOUT_MIN_MS = 60_000;

/** BODY_TIMEOUT_MS, or by default UPLOAD_LIMIT_MB at 100 KB/s and at least a minute (256 s for 25 MB); 0: no bound. */
export function bodyTimeoutOf(config: Pick<Config, 'bodyTimeoutMs' | 'uploadLimitMb'>): number {
  if (config.bodyTimeoutMs !== null) return config.bodyTimeoutMs;
  return Math.max(BODY_TIMEOUT_MIN_MS, Math.ceil(((config.uploadLimitMb * 1024 * 1024) / BODY_FLOOR_BYTES_PER_S) * 1000));
}

/** Server processes for this configuration (WORKERS, default the cores); 1 with the embedded PGlite, which is single-process. */
export function workerCount(config: Pick<Config, 'databaseUrl' | 'workers'>, cores = os.availableParallelism()): number {
  if (!config.databaseUrl) return 1;
  return config.workers ?? cores;
}
