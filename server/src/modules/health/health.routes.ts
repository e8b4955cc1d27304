/** GET /api/health: 200 when the database answers, else 503 (for monitors); GET /api/ready: the load balancer's check. */
import { HealthReply, ReadyReply } from '@contract/health';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { ok, replies } from '../../plugins/reply';
import { HealthService } from './health.service';

export default async function healthRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const health = new HealthService(ctx);

  app.get('/api/health', { schema: { response: replies(HealthReply) }, config: { public: true } }, async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    return ok(await health.check(req.log));
  });

  app.get('/api/ready', { schema: { response: replies(ReadyReply) }, config: { public: true } }, async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    return ok(await health.ready(req.log, app.draining));
  });
}
