/**
 * Sending a stored file (plugins/files.ts): one byte range when asked (`Range: bytes=a-b`, `a-`,
 * `-n`: 206 with Content-Range; a range past the end: 416), and an ETag so that a copy the browser
 * holds is answered 304. A stored file never changes (a replacement is a new file), so its ETag is
 * derived from its row and the same on every server process and store.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { AppError, notFound } from '../app-error';
import type { FileRow } from './files.repository';
import type { ByteRange, StorageBackend } from './files.storage';

export function etagOf(file: Pick<FileRow, 'storageName' | 'size'>): string {
  return `"${createHash('sha256').update(`${file.storageName}:${file.size}`).digest('base64url').slice(0, 27)}"`;
}

/** Whether If-None-Match names this ETag (weak comparison, `*` included). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * The range a Range header asks for: null to send everything (no header, another unit, several
 * ranges, or an If-Range for another version), 'unsatisfiable' when it lies past the end.
 */
export function rangeOf(header: string | undefined, size: number, ifRange: string | undefined, etag: string): ByteRange | null | 'unsatisfiable' {
  if (!header || (ifRange !== undefined && ifRange.trim() !== etag)) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** Sends file with the given headers (its type, disposition and CSP among them). */
export async function sendStored(reply: FastifyReply, storage: StorageBackend, file: FileRow, headers: Record<string, string>): Promise<FastifyReply> {
  const etag = etagOf(file);
  const req = reply.request.headers;
  const common = { ...headers, etag, 'accept-ranges': 'bytes', 'cache-control': 'private, no-cache' };
  if (matches(req['if-none-match'], etag)) return reply.code(304).headers(common).send();
  const ifRange = req['if-range'];
  const range = rangeOf(req.range, file.size, typeof ifRange === 'string' ? ifRange : undefined, etag);
  if (range === 'unsatisfiable') throw new AppError(416, 'BAD_REQUEST', undefined, { 'content-range': `bytes */${file.size}` });
  const body = await storage.open(file.storageName, range ?? undefined);
  if (!body) throw notFound();
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', file.size);
  }
  return reply.headers(common).send(body);
}
