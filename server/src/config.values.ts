/**
 * How the text of an environment variable becomes a setting's value (config.ts lists the variables):
 * the parsers, each throwing Invalid with what was expected.
 */
import net from 'node:net';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export type Env = Record<string, string | undefined>;

/** One environment variable: its documented default and meaning, and how its text becomes a value. */
export interface VarSpec<T> {
  env: string;
  /** Text default, or undefined when the variable is optional (no value). */
  default: string | undefined;
  meaning: string;
  parse(raw: string | undefined): T;
}

export class Invalid extends Error {}

export const v = <T>(env: string, def: string | undefined, meaning: string, parse: (raw: string | undefined) => T): VarSpec<T> => ({
  env,
  default: def,
  meaning,
  parse,
});

function required(raw: string | undefined): string {
  if (raw === undefined) throw new Invalid('a value is required');
  return raw;
}

export const int =
  (min: number, max: number) =>
  (raw: string | undefined): number => {
    const text = required(raw);
    if (!/^-?\d+$/.test(text)) throw new Invalid(`expected an integer, got '${text}'`);
    const n = Number(text);
    if (n < min || n > max) throw new Invalid(`expected an integer from ${min} to ${max}, got ${n}`);
    return n;
  };

export const text = (raw: string | undefined): string => required(raw);

export function bool(raw: string | undefined): boolean {
  const value = required(raw).toLowerCase();
  if (/^(true|1|yes|on)$/.test(value)) return true;
  if (/^(false|0|no|off)$/.test(value)) return false;
  throw new Invalid(`expected true or false, got '${raw}'`);
}

export type Uploader = 'teacher' | 'student' | 'library';
const UPLOADERS: readonly Uploader[] = ['teacher', 'student', 'library'];

export function uploaderList(raw: string | undefined): Uploader[] {
  const items = required(raw)
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const item of items) if (!UPLOADERS.includes(item as Uploader)) throw new Invalid(`expected teacher, student or library, got '${item}'`);
  return items as Uploader[];
}

export const optionalText = (raw: string | undefined): string | null => raw ?? null;

/** The name of an ID token claim (letters, digits, _ - . : /). */
export function claimName(raw: string | undefined): string {
  const value = required(raw);
  if (!/^[A-Za-z_][\w.:/-]{0,99}$/.test(value)) throw new Invalid(`expected a claim name, got '${value}'`);
  return value;
}

/** Space-separated OAuth scopes, openid among them. */
export function oidcScope(raw: string | undefined): string {
  const scopes = required(raw).split(/\s+/).filter(Boolean);
  if (!scopes.includes('openid')) throw new Invalid('expected scopes that include openid');
  if (scopes.some((s) => !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(s))) throw new Invalid('expected scopes of printable characters without quotes or backslashes');
  return scopes.join(' ');
}

/** A comma list of CIDR networks ('10.0.0.0/8', '2001:db8::/32'), checked here so that a typo stops the start. */
export function cidrList(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const cidr of list) {
    const m = /^([0-9a-fA-F.:]+)\/(\d{1,3})$/.exec(cidr);
    const family = m ? net.isIP(m[1]) : 0;
    if (!m || family === 0 || Number(m[2]) > (family === 4 ? 32 : 128)) throw new Invalid(`expected CIDR networks such as 10.0.0.0/8, got '${cidr}'`);
  }
  return list;
}

/**
 * METRICS_ALLOW: a comma list of addresses and CIDR networks ('127.0.0.1', '10.0.0.0/8', '::1'),
 * each address a network of its own (/32, /128); `none`: an empty list.
 */
export function addressList(raw: string | undefined): string[] {
  const items = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 1 && items[0].toLowerCase() === 'none') return [];
  return cidrList(items.map((item) => (item.includes('/') ? item : `${item}/${net.isIP(item) === 6 ? 128 : 32}`)).join(','));
}

/** A secret of at least 16 printable characters (a bearer token), or null when unset. */
export function optionalSecret(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (!/^[\x21-\x7e]{16,}$/.test(raw)) throw new Invalid('expected at least 16 printable characters without spaces');
  return raw;
}

export function httpUrl(raw: string | undefined): string {
  const value = required(raw);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Invalid(`expected an http(s) URL, got '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Invalid(`expected an http(s) URL, got '${value}'`);
  return value.replace(/\/+$/, '');
}

export function optionalPostgresUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Invalid('expected a postgres:// URL');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new Invalid('expected a postgres:// or postgresql:// URL');
  return raw;
}

/** DATABASE_POOLER: what DATABASE_URL leads to. */
export function databasePooler(raw: string | undefined): 'none' | 'transaction' {
  const value = required(raw).toLowerCase();
  if (value === 'none' || value === 'transaction') return value;
  throw new Invalid(`expected none or transaction, got '${raw}'`);
}

export function logLevel(raw: string | undefined): LogLevel {
  const value = required(raw).toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(value)) throw new Invalid(`expected one of ${LOG_LEVELS.join(', ')}, got '${raw}'`);
  return value;
}

/** How the log is written: 'json' lines, 'pretty' lines for a person, or 'auto': pretty when standard output is a terminal. */
export function logFormat(raw: string | undefined): 'json' | 'pretty' {
  const value = (raw ?? 'auto').toLowerCase();
  if (value === 'auto') return process.stdout.isTTY ? 'pretty' : 'json';
  if (value === 'json' || value === 'pretty') return value;
  throw new Invalid(`expected auto, json or pretty, got '${raw}'`);
}

/** The card payment provider: 'sandbox' (the built-in test bank) or null (card payment off; 'none' says so explicitly). */
export type PaymentProviderName = 'sandbox';
export function paymentProvider(raw: string | undefined): PaymentProviderName | null {
  const value = (raw ?? 'none').toLowerCase();
  if (value === 'none') return null;
  if (value === 'sandbox') return value;
  throw new Invalid(`expected sandbox or none, got '${raw}'`);
}

/** QR_SHARED_ADDRESS: when a network address shared with another student's mark sends a mark to review. */
export type SharedAddressRule = 'with-signs' | 'always' | 'off';

export function sharedAddressRule(raw: string | undefined): SharedAddressRule {
  const value = (raw ?? 'with-signs').trim().toLowerCase();
  if (value === 'with-signs' || value === 'always' || value === 'off') return value;
  throw new Invalid(`expected with-signs, always or off, got '${raw}'`);
}

/** Fastify's trustProxy: false, true, a number of hops, or a comma list of addresses/CIDR ranges. */
export type TrustProxy = boolean | number | string[];
export function trustProxy(raw: string | undefined): TrustProxy {
  const value = required(raw).trim();
  if (/^(false|0|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0 || list.some((s) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(s)))
    throw new Invalid(`expected true, false, a number of hops or a comma list of IP addresses/CIDR ranges, got '${value}'`);
  return list;
}
