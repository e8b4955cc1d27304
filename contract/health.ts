/** The health check. */
import { Type } from 'typebox';
import { Ok } from './common';

/**
 * GET /api/health: 200 when the database answers, else 503. `files` is where uploaded files are
 * stored ('disk': DATA_DIR/files, 's3': the FILES_S3_BUCKET bucket); `storage` is 'low' when the disk
 * is below FREE_SPACE_FLOOR_MB or the bucket at FILES_S3_QUOTA_MB (new uploads are refused, 507
 * STORAGE_FULL), 'down' when the bucket does not answer.
 */
export const HealthReply = Ok(
  Type.Object({
    db: Type.Literal('ok'),
    files: Type.Union([Type.Literal('disk'), Type.Literal('s3')]),
    storage: Type.Union([Type.Literal('ok'), Type.Literal('low'), Type.Literal('down')]),
    version: Type.String(),
  }),
);

/**
 * GET /api/ready: 200 while this server takes new work and its database answers, else 503: a load
 * balancer's check. It answers 503 (`params.state`: `draining`) from the moment the server is asked
 * to stop (SHUTDOWN_DRAIN_MS) while every other request is still served.
 */
export const ReadyReply = Ok(
  Type.Object({
    ready: Type.Literal(true),
    version: Type.String(),
  }),
);
