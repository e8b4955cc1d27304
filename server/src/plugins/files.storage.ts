/**
 * Where the bytes of uploaded files live (plugins/files.ts keeps the rows): the local disk
 * (DATA_DIR/files, the default) or an S3-compatible bucket (FILES_S3_*), shared by every server
 * process that uses the same database. Both stream: an upload goes from its temporary file to the
 * store without being held in memory (multipart for S3), a download reads only the range it sends.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config';

/** A stored object as a listing shows it. */
export interface StoredObject {
  name: string;
  modified: Date;
}

/** Inclusive byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StorageBackend {
  readonly kind: 'disk' | 's3';
  /** Stores the received file (tempPath) under name; on failure nothing is left under name. */
  put(name: string, tempPath: string, mime: string): Promise<void>;
  /** Stores bytes held in memory under name (the seed's demo files). */
  write(name: string, bytes: Buffer, mime: string): Promise<void>;
  /** The bytes (or a range of them), or null when the object is gone. */
  open(name: string, range?: ByteRange): Promise<Readable | null>;
  /** Deletes the object (nothing when it is already gone). */
  remove(name: string): Promise<void>;
  /** Every stored object. */
  list(): AsyncIterable<StoredObject>;
  /** Throws when the store does not answer. */
  check(): Promise<void>;
}

/** The S3 part of the configuration (FILES_S3_*); null bucket: the disk. */
export type S3Settings = Pick<
  Config,
  'filesS3Endpoint' | 'filesS3Bucket' | 'filesS3Region' | 'filesS3AccessKeyId' | 'filesS3SecretAccessKey' | 'filesS3ForcePathStyle'
>;

/** Smallest part S3 accepts; one part in flight per upload bounds its memory (see bench/README.md#upload). */
const PART_BYTES = 5 * 1024 * 1024;
/**
 * Transfers to the bucket at once in one process: each holds up to a part or two in memory, so many
 * uploads finishing together (they are put before their transaction, plugins/files.ts) wait their
 * turn instead of adding up.
 */
const PUTS_AT_ONCE = 4;

export class DiskStorage implements StorageBackend {
  readonly kind = 'disk';
  constructor(readonly dir: string) {}

  async put(name: string, tempPath: string): Promise<void> {
    await fsp.rename(tempPath, path.join(this.dir, name));
  }

  async write(name: string, bytes: Buffer): Promise<void> {
    await fsp.mkdir(this.dir, { recursive: true });
    await fsp.writeFile(path.join(this.dir, name), bytes);
  }

  async open(name: string, range?: ByteRange): Promise<Readable | null> {
    const handle = await fsp.open(path.join(this.dir, name)).catch(() => null);
    if (!handle) return null;
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async remove(name: string): Promise<void> {
    await fsp.rm(path.join(this.dir, name), { force: true });
  }

  async *list(): AsyncIterable<StoredObject> {
    const names = await fsp.readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const stat = await fsp.stat(path.join(this.dir, name)).catch(() => null);
      if (stat?.isFile()) yield { name, modified: stat.mtime };
    }
  }

  async check(): Promise<void> {
    await fsp.mkdir(this.dir, { recursive: true });
  }
}

export class S3Storage implements StorageBackend {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.filesS3Bucket!;
    this.client = new S3Client({
      endpoint: settings.filesS3Endpoint ?? undefined,
      region: settings.filesS3Region,
      forcePathStyle: settings.filesS3ForcePathStyle,
      credentials:
        settings.filesS3AccessKeyId && settings.filesS3SecretAccessKey
          ? { accessKeyId: settings.filesS3AccessKeyId, secretAccessKey: settings.filesS3SecretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: a streamed body then needs no extra framing, which
      // not every S3-compatible store understands.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Transfers under way, and those waiting for one of them to end. */
  private puts = 0;
  private readonly waiting: (() => void)[] = [];

  async put(name: string, tempPath: string, mime: string): Promise<void> {
    if (this.puts < PUTS_AT_ONCE) this.puts++;
    else await new Promise<void>((turn) => this.waiting.push(turn));
    try {
      await this.transfer(name, tempPath, mime);
    } finally {
      // The place goes to the next one waiting, else it is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.puts--;
    }
  }

  private async transfer(name: string, tempPath: string, mime: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: name, Body: fs.createReadStream(tempPath), ContentType: mime },
      queueSize: 1,
      partSize: PART_BYTES,
      // A failed multipart upload is aborted: no parts, no object.
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async write(name: string, bytes: Buffer, mime: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: name, Body: bytes, ContentType: mime }));
  }

  async open(name: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: name, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return res.Body as Readable;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) yield { name: o.Key, modified: o.LastModified ?? new Date(0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}

/** The free bytes of the disk that holds `dir` (its nearest existing ancestor). */
export async function freeBytes(dir: string): Promise<number> {
  let at = dir;
  while (!fs.existsSync(at) && at !== '/') at = at.replace(/[\\/][^\\/]*$/, '') || '/';
  const stats = await fsp.statfs(at);
  return stats.bavail * stats.bsize;
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** The configured store: S3 when FILES_S3_BUCKET is set, else the disk directory. */
export function storageFor(config: S3Settings, dir: string): StorageBackend {
  return config.filesS3Bucket ? new S3Storage(config) : new DiskStorage(dir);
}

/** Releases what the store holds open (the S3 client's connections). */
export function closeStorage(storage: StorageBackend): void {
  if (storage instanceof S3Storage) storage.close();
}
