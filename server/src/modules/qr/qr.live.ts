/**
 * QR attendance's part of the live stream (plugins/live.ts): a mark that came in or was decided
 * reaches the teacher's screens as `qrMark` (QrLiveMark of contract/qr.ts, or null when the event
 * was too large to travel: the screen reloads the session then); a lesson's attendance opened or
 * closed reaches its students as `qrAttendance` (QrLiveAttendance), so that their check-in entry shows.
 */
import type { AppContext } from '../../context';
import type { LiveArea, LiveEvent, StreamEvent } from '../../plugins/live';
import { QR_ATTENDANCE_EVENT, QR_MARK_EVENT } from './qr.service';

export function qrStreamEvent(e: LiveEvent): StreamEvent | null {
  if (e.event === QR_ATTENDANCE_EVENT) return { event: 'qrAttendance', data: e.data };
  return e.event === QR_MARK_EVENT ? { event: 'qrMark', data: e.data } : null;
}

export function qrLive(_ctx: AppContext): LiveArea {
  return { map: qrStreamEvent };
}
