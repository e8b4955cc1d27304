/**
 * An S3-compatible server (s3rver) on a free loopback port, its data in a temporary directory: for the
 * files plugin's tests on the bucket back end (server/src/plugins/files*.test.ts) and for the portal
 * processes the end-to-end tests start with their files in a bucket.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

export interface TestBucket {
  /** The FILES_S3_* variables that point at it (for StartOptions.env). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startBucket(bucket = 'files'): Promise<TestBucket> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    env: {
      FILES_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      FILES_S3_BUCKET: bucket,
      FILES_S3_ACCESS_KEY_ID: 'S3RVER',
      FILES_S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
