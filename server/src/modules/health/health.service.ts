/** Health: the database must answer a trivial query. */
import type { AppContext } from '../../context';
import { serviceUnavailable } from '../../app-error';

/** Where the check reports a database that does not answer (the request's logger). */
export interface HealthLog {
  warn(obj: unknown, msg?: string): void;
}

export class HealthService {
  constructor(private readonly ctx: AppContext) {}

  async check(log: HealthLog): Promise<{ db: 'ok'; version: string }> {
    try {
      await this.ctx.database.ping();
    } catch (err) {
      log.warn({ err }, 'health check: database does not answer');
      throw serviceUnavailable();
    }
    return { db: 'ok', version: this.ctx.version };
  }
}
