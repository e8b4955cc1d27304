/** The health check. */
import { Type } from 'typebox';
import { Ok } from './common';

/** GET /api/health: 200 when the database answers, else 503. */
export const HealthReply = Ok(Type.Object({ db: Type.Literal('ok'), version: Type.String() }));
