/**
 * An S3-compatible bucket for the benches (s3rver, as the tests use it: tests/support/bucket.ts), in
 * the bench's own process on a free loopback port, its data in a temporary directory removed at the
 * end: the upload section's files on S3 and the cluster section's files shared by its processes.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** Resolves to {env (the FILES_S3_* settings that point at it), close()}. */
export async function startBucket() {
  const S3rver = createRequire(import.meta.url)('s3rver');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'files' }] });
  const { port } = await server.run();
  return {
    env: { FILES_S3_ENDPOINT: `http://127.0.0.1:${port}`, FILES_S3_BUCKET: 'files', FILES_S3_ACCESS_KEY_ID: 'S3RVER', FILES_S3_SECRET_ACCESS_KEY: 'S3RVER' },
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
