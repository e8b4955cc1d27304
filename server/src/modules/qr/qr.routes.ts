/**
 * /api/qr/* and the QR card and reports under /api/misc/ (docs/areas/qr.md#calls). Every call needs a session
 * except the public card. Nothing marks through GET. The teacher's screens receive marks on the one
 * live stream (qr.live.ts).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EmptyBody } from '@contract/common';
import {
  QrAcceptLessonBody,
  QrAcceptedLessonReply,
  QrCardLinkReply,
  QrCardQuery,
  QrCardReply,
  QrCodeBody,
  QrDecideBody,
  QrLessonBody,
  QrLessonReply,
  QrOpenBody,
  QrOpenLessonsReply,
  QrOwnMarksReply,
  QrReceiptReply,
  QrReviewListReply,
  QrAttendanceQuery,
  QrAttendanceReportReply,
  QrDeviceKeyBody,
  QrDeviceKeyReply,
  QrHoldBody,
  QrHoldReply,
  QrGroupQuery,
  QrLevelXlsxQuery,
  QrReportDisciplinesReply,
  QrReportQuery,
  QrReportReply,
  QrSessionBody,
  QrSessionReply,
  QrTimeReply,
  QrTokenReply,
  QrVisitBody,
  QrVisitReply,
} from '@contract/qr';
import type { App } from '../../app';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies, sendDownload } from '../../plugins/reply';
import type { VisitInput } from './qr.marks';
import { qrAttendance } from './qr.parts';

/** The device cookie: a random id the browser keeps across sign-ins, so that one phone marking for two students shows. */
export const DEVICE_COOKIE = 'lms_qrdev';
const DEVICE_PATTERN = /^[A-Za-z0-9_-]{32}$/;

function deviceOf(req: FastifyRequest, reply: FastifyReply): string {
  const known = req.cookies[DEVICE_COOKIE];
  if (known && DEVICE_PATTERN.test(known)) return known;
  const device = randomBytes(24).toString('base64url');
  void reply.setCookie(DEVICE_COOKIE, device, { path: '/api/qr/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https', maxAge: 400 * 86_400 });
  return device;
}

/** A mark as the service takes it: the body, the device, the address, and when the request reached the server. */
function visitInput(ctx: AppContext, body: QrVisitBody, req: FastifyRequest, reply: FastifyReply): VisitInput {
  return { ...body, device: deviceOf(req, reply), ip: req.ip, receivedAt: new Date(ctx.now().getTime() - reply.elapsedTime) };
}

/**
 * The service's answer to a mark; a refusal changes nothing, so its log line is its trace (who,
 * which lesson, why), for the teacher's or the dean's questions later (docs/security.md#qr-attendance).
 */
async function traced<T>(req: FastifyRequest, body: QrVisitBody, mark: Promise<T>): Promise<T> {
  try {
    return await mark;
  } catch (err) {
    if (err instanceof AppError && err.status < 500)
      req.log.info(
        { qrRefused: { uid: req.auth!.uid, idShed: body.idShed, status: err.status, reason: err.params?.reason ?? err.code, typed: body.code !== undefined } },
        'QR mark refused',
      );
    throw err;
  }
}

export default async function qrRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const { sessions, scans, marks, reports, reviews, groupReports } = qrAttendance(ctx);
  const base = '/api/qr';

  app.get(`${base}/time.json`, { schema: { response: replies(QrTimeReply) } }, async () => ok(sessions.time()));
  app.post(`${base}/session/open.json`, { schema: { body: QrOpenBody, response: replies(QrSessionReply) } }, async (req) =>
    ok(await sessions.open(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/session/state.json`, { schema: { body: QrSessionBody, response: replies(QrSessionReply) } }, async (req) =>
    ok(await sessions.state(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/session/token.json`, { schema: { body: QrSessionBody, response: replies(QrTokenReply) } }, async (req) =>
    ok(await sessions.token(req.auth!, req.body)),
  );
  app.post(`${base}/session/close.json`, { schema: { body: QrSessionBody, response: replies(QrSessionReply) } }, async (req) =>
    ok(await sessions.close(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/review/list.json`, { schema: { body: EmptyBody, response: replies(QrReviewListReply) } }, async (req) =>
    ok(await reviews.list(req.auth!, languageOf(req))),
  );
  app.post(`${base}/review/decide.json`, { schema: { body: QrDecideBody, response: replies(QrSessionReply) } }, async (req) => {
    await reviews.expire();
    return ok(await sessions.decide(req.auth!, req.body, languageOf(req)));
  });
  app.post(`${base}/review/accept-lesson.json`, { schema: { body: QrAcceptLessonBody, response: replies(QrAcceptedLessonReply) } }, async (req) => {
    await reviews.expire();
    return ok(await sessions.acceptLesson(req.auth!, req.body));
  });
  app.post(`${base}/student/marks.json`, { schema: { body: EmptyBody, response: replies(QrOwnMarksReply) } }, async (req) =>
    ok(await reviews.ownMarks(req.auth!, languageOf(req))),
  );
  app.post(`${base}/student/lesson.json`, { schema: { body: QrLessonBody, response: replies(QrLessonReply) } }, async (req, reply) =>
    ok(await scans.lesson(req.auth!, req.body, languageOf(req), deviceOf(req, reply))),
  );
  // The projector's link opened signed out: the scan is kept on this device through sign-in.
  app.post(`${base}/scan/hold.json`, { schema: { body: QrHoldBody, response: replies(QrHoldReply) }, config: { public: true } }, async (req, reply) =>
    ok(await scans.hold(req.body, deviceOf(req, reply))),
  );
  app.post(`${base}/student/code.json`, { schema: { body: QrCodeBody, response: replies(QrReceiptReply) } }, async (req) =>
    ok(await scans.code(req.auth!, req.body, req.ip)),
  );
  app.post(`${base}/student/lessons.json`, { schema: { body: EmptyBody, response: replies(QrOpenLessonsReply) } }, async (req) =>
    ok(await scans.openLessons(req.auth!, languageOf(req))),
  );
  app.post(`${base}/device/register.json`, { schema: { body: QrDeviceKeyBody, response: replies(QrDeviceKeyReply) } }, async (req) =>
    ok(await marks.registerDeviceKey(req.auth!, req.body)),
  );
  app.post(`${base}/student/visit.json`, { schema: { body: QrVisitBody, response: replies(QrVisitReply) } }, async (req, reply) =>
    ok(await traced(req, req.body, marks.visit(req.auth!, visitInput(ctx, req.body, req, reply), languageOf(req)))),
  );
  app.post(`${base}/card.json`, { schema: { body: EmptyBody, response: replies(QrCardLinkReply) } }, async (req) =>
    ok(await reports.cardLink(req.auth!, false)),
  );
  app.post(`${base}/card/revoke.json`, { schema: { body: EmptyBody, response: replies(QrCardLinkReply) } }, async (req) =>
    ok(await reports.cardLink(req.auth!, true)),
  );
  const reportCalls = { getstudentqrfaculty: 'faculty', getspecrepqr: 'speciality', getstudentqrrate: 'group', getqrforreportstudent: 'student' } as const;
  for (const [call, level] of Object.entries(reportCalls))
    app.get(`/api/misc/${call}`, { schema: { querystring: QrReportQuery, response: replies(QrReportReply) } }, async (req) =>
      ok(await reports.report(req.auth!, level, req.query, languageOf(req))),
    );
  app.get(`${base}/report/levels.xlsx`, { schema: { querystring: QrLevelXlsxQuery } }, async (req, reply) =>
    sendDownload(reply, await reports.levelXlsx(req.auth!, req.query, languageOf(req))),
  );
  app.get(`${base}/report/disciplines.json`, { schema: { querystring: QrGroupQuery, response: replies(QrReportDisciplinesReply) } }, async (req) =>
    ok(await groupReports.disciplines(req.auth!, req.query, languageOf(req))),
  );
  app.get(`${base}/report/attendance.json`, { schema: { querystring: QrAttendanceQuery, response: replies(QrAttendanceReportReply) } }, async (req) =>
    ok(await groupReports.attendance(req.auth!, req.query, languageOf(req))),
  );
  app.get(`${base}/report/attendance.xlsx`, { schema: { querystring: QrAttendanceQuery } }, async (req, reply) =>
    sendDownload(reply, await groupReports.workbook(req.auth!, req.query, languageOf(req))),
  );
  app.get(
    '/api/misc/getstudentqrinfo',
    { schema: { querystring: QrCardQuery, response: replies(QrCardReply) }, config: { public: true, logSecrets: { query: ['data'] } } },
    async (req, reply) => {
      // The card names a student and shows his photo: no cache (the browser's, a proxy's) keeps it.
      void reply.header('cache-control', 'no-store');
      return ok(await reports.card(req.query.data, req.ip, languageOf(req)));
    },
  );
}
