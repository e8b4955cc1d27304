/**
 * Uploads and downloads shared by every area (news, chat, library...), docs/security.md#files:
 *
 *   return ctx.files.receive(req, { maxFiles: 5 }, async ({ fields, files }) => {
 *     await ctx.files.put(files[0]);
 *     return ctx.db.transaction(async (tx) => {
 *       const stored = await ctx.files.save(tx, auth.userId, files[0]);
 *       ... rows that point at stored.id ...
 *     });
 *   });
 *
 * `receive` streams each file of a multipart request to a temporary file, refusing one byte over
 * UPLOAD_LIMIT_MB (413) and any content outside the allow-list or not matching its name (400, see
 * sniff.ts). `put` stores the bytes under a random name (DATA_DIR/files, or the FILES_S3_BUCKET
 * bucket: files.storage.ts) before any transaction opens: a transfer to the bucket may take as long
 * as the upload did, and no transaction or lock (an account's quota lock, upload-rules.ts) is held
 * across it. `save` then inserts the metadata row in the caller's short transaction (a file not put
 * yet is put there). When the handler throws (a refused rule, a quota exceeded, a failed insert, a
 * rollback), every byte received or put for the request is deleted, so nothing is left in the store
 * or in the database. The user's file name is metadata only, never part of a path. Downloads are attachments with nosniff and a sandboxing CSP,
 * with ranges and ETags (files.download.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { filesDirOf, type Config } from '../config';
import { uncounted, type Db } from '../db/client';
import { AppError, badRequest, serviceUnavailable } from '../app-error';
import { sendStored } from './files.download';
import { parseFields } from './files.fields';
import { cleanFileName, contentDisposition } from './files.names';
import * as repo from './files.repository';
import { sweepFiles, type SweepResult } from './files.sweep';
import { freeBytes, S3Storage, storageFor, type StorageBackend } from './files.storage';
import type { Idempotency } from './idempotency';
import { PDF_TYPE, SNIFF_BYTES, sniffType } from './sniff';

export { parseFields } from './files.fields';
export { cleanFileName, contentDisposition } from './files.names';

export interface IncomingFile {
  /** The multipart field it came in. */
  field: string;
  /** The name the user gave it (metadata only). */
  originalName: string;
  /** The type sniffed from the content. */
  mime: string;
  size: number;
  tempPath: string;
  /** SHA-256 of the content (hex). */
  sha256: string;
}

export type StoredFile = repo.FileRow;

/** What a service returns for a download: a stored file (bytes, name, type); the route sends it with FileStore.send. */
export type Download = StoredFile;

/**
 * A multipart request, read on demand: the service calls it after its own checks and gets the
 * form's text fields parsed against a schema (400 BAD_REQUEST otherwise) and the received files.
 * Everything received is removed once the handler ends. Routes build one with multipartInput.
 */
export type MultipartInput<T> = <R>(handler: (input: { fields: T; files: IncomingFile[] }) => Promise<R>) => Promise<R>;

export interface Upload {
  /** Text fields of the form (the last value when a name repeats). */
  fields: Record<string, string>;
  files: IncomingFile[];
}

const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 1024 * 1024;
/** Room a form may take besides its files (its text fields and the part headers); see receive. */
const FORM_ALLOWANCE_BYTES = MAX_FIELD_BYTES + 64 * 1024;
/** Deleted rows' bytes are unlinked once the deletion is visible, i.e. committed. */
const UNLINK_CHECK_MS = [1_000, 10_000, 60_000];

/** How many files a form may hold; files of the `optional` fields that are too large or of no allowed type are dropped, not refused. */
export type ReceiveOptions = {
  maxFiles?: number;
  optional?: readonly string[];
  /**
   * How large a declared body may be, when not every file may be as large as the upload limit: this
   * many files at the limit (default maxFiles) and `extraBytes` more (e.g. a small cover image).
   */
  declared?: { fullFiles: number; extraBytes: number };
};

const isNodeError = (err: unknown): err is NodeJS.ErrnoException => err instanceof Error && 'code' in err;

const unlinkQuietly = (file: string) => fsp.rm(file, { force: true }).catch(() => {});

/** The multipart body of a request as a service's typed input (see MultipartInput). */
export function multipartInput<S extends TSchema>(store: FileStore, req: FastifyRequest, schema: S, options: ReceiveOptions): MultipartInput<Static<S>> {
  return (handler) => store.receive(req, options, ({ fields, files }) => handler({ fields: parseFields(schema, fields), files }));
}

export class FileStore {
  /** DATA_DIR/files: stored bytes; temporary uploads in its .tmp/. */
  readonly dir: string;
  private readonly tmpDir: string;
  private readonly limitBytes: number;
  private readonly limitMb: number;
  /** Where the bytes are stored (the disk directory or the bucket). */
  readonly storage: StorageBackend;
  /** Storage names of the files put while a request's handler runs (by temp path), removed when it fails. */
  private readonly putNames = new AsyncLocalStorage<Map<string, string>>();
  /** Bytes of upload bodies read so far by this process (plugins/metrics.ts). */
  receivedBytes = 0;
  /** Pending unlink checks, by their timer. */
  private readonly checks = new Map<NodeJS.Timeout, () => Promise<void>>();

  constructor(
    private readonly deps: { db: Db; config: Config },
    /** Claims an idempotent create's key once its form is read (plugins/idempotency.ts). */
    private readonly idempotency: Pick<Idempotency, 'claim'> | null = null,
  ) {
    this.dir = filesDirOf(deps.config);
    this.tmpDir = path.join(this.dir, '.tmp');
    this.storage = storageFor(deps.config, this.dir);
    this.limitMb = deps.config.uploadLimitMb;
    this.limitBytes = deps.config.uploadLimitMb * 1024 * 1024;
  }

  /** 413 with the limit; `close`: the body was left unread, the connection ends with the reply. */
  private tooLarge(close = false): AppError {
    return new AppError(413, 'TOO_LARGE', { maxSizeMb: this.limitMb }, close ? { connection: 'close' } : undefined);
  }

  /** Parses a multipart request and runs handler with its fields and files (see the top of this file). */
  async receive<T>(req: FastifyRequest, options: ReceiveOptions, handler: (upload: Upload) => Promise<T>): Promise<T> {
    if (!req.isMultipart()) throw badRequest();
    const maxFiles = options.maxFiles ?? 10;
    // A declared body larger than every file at the limit plus the form's text is refused before a
    // byte of it is read (without a length, reading stops once it passes that size or a file passes
    // the limit, below).
    const declared = Number(req.headers['content-length']);
    const bodyMax = options.declared
      ? this.limitBytes * options.declared.fullFiles + options.declared.extraBytes + FORM_ALLOWANCE_BYTES
      : this.limitBytes * maxFiles + FORM_ALLOWANCE_BYTES;
    // `Connection: close` tells the client to stop sending the rest (the connection then ends).
    if (Number.isFinite(declared) && declared > bodyMax) throw this.tooLarge(true);
    const upload: Upload = { fields: {}, files: [] };
    const temps: string[] = [];
    // Reading stops as soon as a file (not an optional one, which is dropped) passes the limit or the
    // body passes bodyMax: the rest is never read, and the 413 closes the connection (a body sent
    // without a length is not read to its end first).
    const raw = req.raw;
    let reading: Readable | null = null;
    let refused: AppError | null = null;
    let refuse!: (err: AppError) => void;
    const refusal = new Promise<never>((_resolve, reject) => (refuse = reject));
    refusal.catch(() => {});
    let received = 0;
    const stop = () => {
      if (refused) return;
      refused = this.tooLarge(true);
      raw.removeListener('data', counted);
      raw.unpipe();
      raw.pause();
      reading?.destroy(refused);
      refuse(refused);
    };
    const counted = (chunk: Buffer) => {
      received += chunk.length;
      if (received > bodyMax) stop();
    };
    const put = new Map<string, string>();
    try {
      await fsp.mkdir(this.tmpDir, { recursive: true });
      const form = req.parts({
        limits: { fileSize: this.limitBytes, files: maxFiles, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: maxFiles + MAX_FIELDS },
      });
      const parts = form[Symbol.asyncIterator]();
      // The first call pipes the body into the parser; counted from then on.
      const first = parts.next();
      raw.on('data', counted);
      for (let next = first; ; next = parts.next()) {
        const { value: part, done } = await Promise.race([next, refusal]);
        if (done) break;
        if (part.type === 'field') {
          if (typeof part.value !== 'string' || part.valueTruncated) throw badRequest({ field: part.fieldname });
          upload.fields[part.fieldname] = part.value;
          continue;
        }
        if (!part.filename) {
          part.file.resume(); // an empty file input
          continue;
        }
        const tempPath = path.join(this.tmpDir, randomBytes(16).toString('hex'));
        temps.push(tempPath);
        reading = part.file;
        if (!options.optional?.includes(part.fieldname)) part.file.once('limit', stop);
        let head = Buffer.alloc(0);
        let size = 0;
        const digest = createHash('sha256');
        const tap = new Transform({
          transform(chunk: Buffer, _enc, done) {
            size += chunk.length;
            digest.update(chunk);
            if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
            done(null, chunk);
          },
        });
        await pipeline(part.file, tap, fs.createWriteStream(tempPath, { flags: 'wx' }));
        reading = null;
        const mime = part.file.truncated ? null : sniffType(part.filename, head, size <= SNIFF_BYTES);
        if (!mime && options.optional?.includes(part.fieldname)) continue;
        if (part.file.truncated) throw this.tooLarge();
        if (!mime) throw new AppError(400, 'UNSUPPORTED_TYPE');
        upload.files.push({ field: part.fieldname, originalName: cleanFileName(part.filename), mime, size, tempPath, sha256: digest.digest('hex') });
      }
      // The same form sent again is the same content, whatever its boundary.
      await this.idempotency?.claim(req, { fields: upload.fields, files: upload.files.map((f) => [f.field, f.originalName, f.sha256]) });
      return await this.putNames.run(put, () => handler(upload));
    } catch (err) {
      await Promise.all([...put.values()].map((n) => this.storage.remove(n).catch(() => {})));
      throw this.classify(refused ?? err);
    } finally {
      this.receivedBytes += received;
      raw.removeListener('data', counted);
      await Promise.all(temps.map(unlinkQuietly));
    }
  }

  private classify(err: unknown): unknown {
    if (err instanceof AppError) return err;
    const code = isNodeError(err) ? err.code : undefined;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return this.tooLarge();
    if (
      code === 'FST_FILES_LIMIT' ||
      code === 'FST_PARTS_LIMIT' ||
      code === 'FST_FIELDS_LIMIT' ||
      code === 'FST_PROTO_VIOLATION' ||
      code === 'FST_INVALID_MULTIPART_CONTENT_TYPE'
    )
      return badRequest();
    if (code === 'ENOSPC' || code === 'EDQUOT') return serviceUnavailable(60);
    if (
      err instanceof Error &&
      /Unexpected end of (form|multipart data)|Malformed part header|Multipart: Boundary not found|Malformed urlencoded form/i.test(err.message)
    )
      return badRequest();
    return err;
  }

  /**
   * Stores the bytes of received files (each once), outside any transaction: the transfer to the
   * bucket takes as long as the network does. Their rows come with `save`; a request whose handler
   * fails has its put files removed.
   */
  async put(...incoming: IncomingFile[]): Promise<void> {
    // The transfers (which may wait their turn for the bucket) are not counted by the request's database deadline.
    await uncounted(() => Promise.all(incoming.map((f) => this.putOne(f))));
  }

  private async putOne(file: IncomingFile): Promise<string> {
    const names = this.putNames.getStore();
    const known = names?.get(file.tempPath);
    if (known) return known;
    const storageName = randomBytes(18).toString('base64url');
    // Marked before the bytes go: a store that fails half-way leaves nothing under the name either.
    names?.set(file.tempPath, storageName);
    await this.storage.put(storageName, file.tempPath, file.mime);
    return storageName;
  }

  /** Inserts a received file's row (inside the caller's transaction); its bytes are put first when `put` has not stored them yet. */
  async save(tx: Db, ownerUserId: number, file: IncomingFile): Promise<StoredFile> {
    const storageName = await uncounted(() => this.putOne(file));
    await this.assertBucketRoom(tx, file.size);
    return repo.insertFile(tx, { storageName, originalName: file.originalName, mime: file.mime, size: file.size, ownerUserId });
  }

  /** FILES_S3_QUOTA_MB: the bucket's files (their sizes in the database) with this one must fit (507). */
  private async assertBucketRoom(db: Db, size: number): Promise<void> {
    const quota = this.bucketQuotaBytes();
    if (quota !== null && (await repo.totalSize(db)) + size > quota) throw new AppError(507, 'STORAGE_FULL');
  }

  private bucketQuotaBytes = (): number | null =>
    this.storage.kind === 's3' && this.deps.config.filesS3QuotaMb > 0 ? this.deps.config.filesS3QuotaMb * 1024 * 1024 : null;

  /** For /api/health and before an upload: 'low' below the disk's floor or at the bucket's quota, 'down': no answer. */
  async state(): Promise<'ok' | 'low' | 'down'> {
    if (this.storage.kind === 'disk') {
      const floor = this.deps.config.freeSpaceFloorMb;
      return floor > 0 && (await freeBytes(this.dir)) < floor * 1024 * 1024 ? 'low' : 'ok';
    }
    try {
      await this.storage.check();
    } catch {
      return 'down';
    }
    const quota = this.bucketQuotaBytes();
    return quota !== null && (await repo.totalSize(this.deps.db)) >= quota ? 'low' : 'ok';
  }

  /** Housekeeping: objects without a row and rows without an object (files.sweep.ts). */
  sweep(now: Date): Promise<SweepResult> {
    return sweepFiles(this.deps.db, this.storage, now);
  }

  find(db: Db, id: number): Promise<StoredFile | null> {
    return repo.findFile(db, id);
  }

  /** Sends a stored file as an attachment (404 when its bytes are gone; Range and If-None-Match honoured). */
  async send(reply: FastifyReply, file: StoredFile): Promise<FastifyReply> {
    return sendStored(reply, this.storage, file, {
      'content-type': file.mime,
      'content-disposition': contentDisposition(file.originalName),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
    });
  }

  /**
   * Sends a stored PDF inline, for the browser's own viewer (400 for any other type). Its
   * Content-Security-Policy allows nothing but the same-origin PDF itself (no script, no frame
   * elsewhere); the area checks access first, as for a download.
   */
  async sendPdfInline(reply: FastifyReply, file: StoredFile): Promise<FastifyReply> {
    if (file.mime !== PDF_TYPE) throw badRequest({ field: 'id' });
    return sendStored(reply, this.storage, file, {
      'content-type': PDF_TYPE,
      'content-disposition': contentDisposition(file.originalName).replace(/^attachment/, 'inline'),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; object-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    });
  }

  /**
   * Deletes file rows in the caller's transaction; their bytes are unlinked once the deletion is
   * committed (a rolled-back deletion keeps them).
   */
  async remove(tx: Db, ids: number[]): Promise<void> {
    const names = await repo.deleteFiles(tx, ids);
    if (names.length > 0) this.unlinkWhenGone(names, 0);
  }

  private unlinkWhenGone(names: string[], attempt: number): void {
    const check = async () => {
      try {
        const present = await repo.existingStorageNames(this.deps.db, names);
        await Promise.all(names.filter((n) => !present.has(n)).map((n) => this.storage.remove(n).catch(() => {})));
        const pending = names.filter((n) => present.has(n));
        if (pending.length > 0 && attempt + 1 < UNLINK_CHECK_MS.length) this.unlinkWhenGone(pending, attempt + 1);
      } catch {
        // the database is away: the bytes stay (a stray file, never a row without bytes)
      }
    };
    const timer = setTimeout(() => {
      this.checks.delete(timer);
      void check();
    }, UNLINK_CHECK_MS[attempt]);
    timer.unref();
    this.checks.set(timer, check);
  }

  /**
   * Runs the pending unlink checks now rather than at their time and resolves when they are done
   * (a check that still finds its row schedules the next one as usual). For tests: the deletion's
   * outcome without waiting for the clock.
   */
  async runUnlinkChecks(): Promise<void> {
    const due = [...this.checks];
    this.checks.clear();
    for (const [timer] of due) clearTimeout(timer);
    await Promise.all(due.map(([, check]) => check()));
  }

  /** Stops pending unlink checks (shutdown). */
  close(): void {
    for (const t of this.checks.keys()) clearTimeout(t);
    this.checks.clear();
    if (this.storage instanceof S3Storage) this.storage.close();
  }
}

/** Seed steps store their files with this (storage: the server's files store, or null to write the row only). */
export async function writeSeedFile(db: Db, ownerUserId: number, originalName: string, bytes: Buffer, storage: StorageBackend | null): Promise<StoredFile> {
  const name = cleanFileName(originalName);
  const mime = sniffType(name, bytes.subarray(0, SNIFF_BYTES), bytes.length <= SNIFF_BYTES);
  if (!mime) throw new Error(`seed file ${name} is not of an allowed type`);
  const storageName = randomBytes(18).toString('base64url');
  await storage?.write(storageName, bytes, mime);
  return repo.insertFile(db, { storageName, originalName: name, mime, size: bytes.length, ownerUserId });
}
