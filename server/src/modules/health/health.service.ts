/** Health: the database must answer a trivial query, within the request's deadline (else it is slow). */
import type { AppContext } from '../../context';
import { AppError, serviceUnavailable } from '../../app-error';
import { isDatabaseSlow } from '../../db/errors';

/** Where the check reports a database that does not answer (the request's logger). */
export interface HealthLog {
  warn(obj: unknown, msg?: string): void;
}

export class HealthService {
  constructor(private readonly ctx: AppContext) {}

  /** The load balancer's check: no new work while draining, nor without a database (the files store is not asked). */
  async ready(log: HealthLog, draining: boolean): Promise<{ ready: true; version: string }> {
    if (draining) {
      const unavailable = serviceUnavailable();
      throw new AppError(503, unavailable.code, { state: 'draining' }, unavailable.headers);
    }
    await this.ping(log);
    return { ready: true, version: this.ctx.version };
  }

  async check(log: HealthLog): Promise<{ db: 'ok'; files: 'disk' | 's3'; storage: 'ok' | 'low' | 'down'; version: string }> {
    await this.ping(log);
    const storage = await this.ctx.files.state().catch((err: unknown) => {
      log.warn({ err }, 'health check: state of the files store unknown');
      return 'ok' as const;
    });
    if (storage === 'low') log.warn({}, 'health check: the files store is below its free-space floor or at its quota');
    if (storage === 'down') log.warn({}, 'health check: the files bucket does not answer');
    return { db: 'ok', files: this.ctx.files.storage.kind, storage, version: this.ctx.version };
  }

  /** 503 when the database does not answer, saying whether it is slow or down. */
  private async ping(log: HealthLog): Promise<void> {
    try {
      await this.ctx.database.ping();
    } catch (err) {
      const slow = isDatabaseSlow(err);
      log.warn({ code: (err as { code?: unknown }).code, slow }, slow ? 'health check: database too slow' : 'health check: database does not answer');
      // Says which: a database that answers too slowly, or one that does not answer at all.
      const unavailable = serviceUnavailable();
      throw new AppError(503, unavailable.code, { db: slow ? 'slow' : 'down' }, unavailable.headers);
    }
  }
}
