/** /api/schedule/* (docs/areas/schedule.md#calls): the timetable, a lesson's QR details and the calendar feed. */
import { EmptyBody, ROLE_STUDENT, ROLE_TEACHER } from '@contract/common';
import { CalendarFeedParams, CalendarLinkReply, ScheduleBody, ScheduleQrBody, ScheduleQrReply, ScheduleReply } from '@contract/schedule';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { ScheduleService } from './schedule.service';

export default async function scheduleRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const schedule = new ScheduleService(ctx);
  const base = '/api/schedule';

  app.post(`${base}/teacher.json`, { schema: { body: ScheduleBody, response: replies(ScheduleReply) } }, async (req) =>
    ok(await schedule.schedule(req.auth!, req.body, ROLE_TEACHER, languageOf(req))),
  );
  app.post(`${base}/student.json`, { schema: { body: ScheduleBody, response: replies(ScheduleReply) } }, async (req) =>
    ok(await schedule.schedule(req.auth!, req.body, ROLE_STUDENT, languageOf(req))),
  );
  app.post(`${base}/qr.json`, { schema: { body: ScheduleQrBody, response: replies(ScheduleQrReply) } }, async (req) =>
    ok(await schedule.qr(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/calendar.json`, { schema: { body: EmptyBody, response: replies(CalendarLinkReply) } }, async (req) =>
    ok(await schedule.calendarLink(req.auth!, false)),
  );
  app.post(`${base}/calendar/revoke.json`, { schema: { body: EmptyBody, response: replies(CalendarLinkReply) } }, async (req) =>
    ok(await schedule.calendarLink(req.auth!, true)),
  );
  app.get(
    `${base}/calendar/:secret`,
    { schema: { params: CalendarFeedParams }, config: { public: true, logSecrets: { params: ['secret'] } } },
    async (req, reply) => {
      const body = await schedule.calendarFeed(req.params.secret, languageOf(req));
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, no-store').send(body);
    },
  );
}
