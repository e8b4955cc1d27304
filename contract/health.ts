/** The health check. */
import { Type } from 'typebox';
import { Ok } from './common';

/**
 * GET /api/health: 200 when the database answers, else 503. `storage` is 'low' when the disk of the
 * uploaded files is below FREE_SPACE_FLOOR_MB (new uploads are refused, 507 STORAGE_FULL).
 */
export const HealthReply = Ok(Type.Object({ db: Type.Literal('ok'), storage: Type.Union([Type.Literal('ok'), Type.Literal('low')]), version: Type.String() }));
