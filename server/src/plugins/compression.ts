/**
 * The API's large JSON replies compressed per request, Brotli or gzip as the caller accepts
 * (`Accept-Encoding`, with its q-values): a teacher's journal of 150 students and a half-year of
 * lessons is about 1.4 MB of JSON and some 120 KB compressed, a second on a busy campus Wi-Fi
 * against a tenth of one. The work runs in Node's thread pool (zlib's asynchronous calls), not on
 * the event loop. Replies under COMPRESS_MIN_BYTES go out as they are: they fit in the first
 * round trip of a connection (TCP's initial window of ten segments, about 14 KB), and the small
 * replies that carry a secret (a sign-in, a QR code, a scan's receipt) are thereby never compressed
 * beside text a third party chose (BREACH); a route whose reply may be large and carry secrets (an
 * import's one-time passwords) says `config: { secret: true }` and is never compressed. The built
 * client's files are compressed once by the build (plugins/spa.ts); a reply that has its encoding
 * already, a stream (a download, the live events) and a reply that is not JSON are left alone.
 * A reply sent again unchanged (a kept journal opened again) is not compressed again: the last
 * compressed bodies are kept by their text's digest (CompressedBodies), up to COMPRESSED_KEPT_BYTES.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's reply carries secrets (one-time passwords): never compressed (plugins/compression.ts). */
    secret?: boolean;
  }
}

/** Replies from this size on are compressed (bytes of JSON). */
export const COMPRESS_MIN_BYTES = 16 * 1024;
/** The compressed bodies kept for replies sent again unchanged, in bytes at most (a journal of 150 students is about 50 KB of Brotli). */
export const COMPRESSED_KEPT_BYTES = 8 * 1024 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

/**
 * The encoding to send for an `Accept-Encoding` header: Brotli when accepted, else gzip, else none.
 * A coding with `q=0` is refused; `*` accepts every coding not named.
 */
export function chosenEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepted = (coding: Encoding) => (weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

/** Compresses `text` for `encoding`, at the fast settings a reply made per request wants. */
export function compressed(text: string | Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(text, { level: 4 });
  return brotli(text, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    },
  });
}

/**
 * Compressed bodies by their text's SHA-1 and coding, the least recently sent dropped first once
 * their sizes pass `maxBytes`. Hashing a reply costs about a tenth of compressing it (2 against 16 ms
 * for 1.4 MB of JSON here); the same text always compresses to the same bytes, so a body found here
 * is exactly what compressing would have made.
 */
export class CompressedBodies {
  private readonly kept = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes = COMPRESSED_KEPT_BYTES) {}

  /** `text` compressed for `encoding`: the kept body, else compressed now and kept. */
  async of(text: string | Buffer, encoding: Encoding): Promise<Buffer> {
    const key = `${encoding}:${createHash('sha1').update(text).digest('base64')}`;
    const found = this.kept.get(key);
    if (found) {
      // Sent again: the most recent now.
      this.kept.delete(key);
      this.kept.set(key, found);
      return found;
    }
    const body = await compressed(text, encoding);
    if (body.length > this.maxBytes) return body;
    if (!this.kept.has(key)) {
      this.kept.set(key, body);
      this.bytes += body.length;
    }
    for (const [oldest, kept] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= kept.length;
    }
    return body;
  }

  /** How many bodies, and bytes, are kept. */
  get size(): { bodies: number; bytes: number } {
    return { bodies: this.kept.size, bytes: this.bytes };
  }
}

/** Registered after the hooks that read a reply's text (the idempotency keys keep it uncompressed). */
export function registerReplyCompression(app: FastifyInstance, minBytes = COMPRESS_MIN_BYTES, bodies = new CompressedBodies()): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (req.method === 'HEAD' || !req.url.startsWith('/api/') || reply.hasHeader('content-encoding')) return payload;
    if (req.routeOptions.config.secret) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    if (Buffer.byteLength(payload) < minBytes) return payload;
    void reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    const encoding = chosenEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = await bodies.of(payload, encoding);
    reply.removeHeader('content-length');
    void reply.header('content-encoding', encoding);
    return body;
  });
}

/** A Vary header that names Accept-Encoding (once). */
function varyWithEncoding(vary: unknown): string {
  const names =
    vary === undefined
      ? []
      : String(vary)
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean);
  return names.some((n) => n.toLowerCase() === 'accept-encoding' || n === '*') ? names.join(', ') : [...names, 'Accept-Encoding'].join(', ');
}
