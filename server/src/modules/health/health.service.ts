/** Health: the database must answer a trivial query, within the request's deadline (else it is slow). */
import type { AppContext } from '../../context';
import { AppError, serviceUnavailable } from '../../app-error';
import { isDatabaseSlow } from '../../db/errors';
import { UploadRules } from '../../shared/upload-rules';

/** Where the check reports a database that does not answer (the request's logger). */
export interface HealthLog {
  warn(obj: unknown, msg?: string): void;
}

export class HealthService {
  constructor(private readonly ctx: AppContext) {}

  async check(log: HealthLog): Promise<{ db: 'ok'; storage: 'ok' | 'low'; version: string }> {
    try {
      await this.ctx.database.ping();
    } catch (err) {
      const slow = isDatabaseSlow(err);
      log.warn({ code: (err as { code?: unknown }).code, slow }, slow ? 'health check: database too slow' : 'health check: database does not answer');
      // Says which: a database that answers too slowly, or one that does not answer at all.
      const unavailable = serviceUnavailable();
      throw new AppError(503, unavailable.code, { db: slow ? 'slow' : 'down' }, unavailable.headers);
    }
    const low = await new UploadRules(this.ctx).storageLow().catch((err: unknown) => {
      log.warn({ err }, 'health check: free space of the files disk unknown');
      return false;
    });
    if (low) log.warn({}, 'health check: the files disk is below its free-space floor');
    return { db: 'ok', storage: low ? 'low' : 'ok', version: this.ctx.version };
  }
}
