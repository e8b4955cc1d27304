/**
 * QR attendance put together: each part gets only what it uses of the app's context, and the scans
 * and marks share the token secret, the lessons' lookups, the checks and the imported device keys.
 */
import type { AppContext } from '../../context';
import { DeviceKeyCache } from './qr.device-keys';
import { QrGroupReports } from './qr.group-report';
import { LessonLookups } from './qr.lookups';
import { MarkChecks } from './qr.mark.checks';
import { QrMarks } from './qr.marks';
import { QrReports } from './qr.reports';
import { QrReviews } from './qr.reviews';
import { QrScans, type MarkParts } from './qr.scans';
import { QrSessions } from './qr.sessions';
import { TokenSecret } from './qr.service';

export function qrAttendance(ctx: AppContext) {
  const secret = new TokenSecret(ctx);
  const shared: MarkParts = { secret, lookups: new LessonLookups(ctx), checks: new MarkChecks(ctx), deviceKeys: new DeviceKeyCache() };
  return {
    sessions: new QrSessions(ctx, secret),
    scans: new QrScans(ctx, shared),
    marks: new QrMarks(ctx, shared),
    reviews: new QrReviews(ctx),
    reports: new QrReports(ctx),
    groupReports: new QrGroupReports(ctx),
  };
}
