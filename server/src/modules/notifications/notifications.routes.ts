/** /api/notifications/* (docs/areas/notifications.md#calls): all need a session and concern the caller only. */
import { NotificationListBody, NotificationListReply, NotificationReadBody, NotificationReadManyBody, UnreadCountReply } from '@contract/notifications';
import { EmptyBody } from '@contract/common';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { ok, replies } from '../../plugins/reply';
import { NotificationsService } from './notifications.service';

export default async function notificationsRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const notifications = new NotificationsService(ctx);

  app.post('/api/notifications/list.json', { schema: { body: NotificationListBody, response: replies(NotificationListReply) } }, async (req) =>
    ok(await notifications.list(req.auth!, req.body)),
  );

  app.get('/api/notifications/count.json', { schema: { response: replies(UnreadCountReply) } }, async (req) => ok(await notifications.count(req.auth!)));

  app.post('/api/notifications/read.json', { schema: { body: NotificationReadBody, response: replies(UnreadCountReply) } }, async (req) =>
    ok(await notifications.read(req.auth!, req.body)),
  );

  app.post('/api/notifications/readmany.json', { schema: { body: NotificationReadManyBody, response: replies(UnreadCountReply) } }, async (req) =>
    ok(await notifications.readMany(req.auth!, req.body)),
  );

  app.post('/api/notifications/readall.json', { schema: { body: EmptyBody, response: replies(UnreadCountReply) } }, async (req) =>
    ok(await notifications.read(req.auth!, null)),
  );
}
