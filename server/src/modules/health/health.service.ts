/** Health: the database must answer a trivial query. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { serviceUnavailable } from '../../app-error';

export class HealthService {
  constructor(private readonly ctx: AppContext) {}

  async check(log: FastifyBaseLogger): Promise<{ db: 'ok'; version: string }> {
    try {
      await this.ctx.database.ping();
    } catch (err) {
      log.warn({ err }, 'health check: database does not answer');
      throw serviceUnavailable();
    }
    return { db: 'ok', version: this.ctx.version };
  }
}
