/** The projector's state: live marks, refusals by reason, and the scan's token from a scanned text. */
import { describe, expect, it } from 'vitest';
import type { QrMark, QrSession } from '@contract/qr';
import { scanUrl, tokenFromScan } from '@api/qr';
import { qrActions, qrReducer, initialQrState, withMark } from './qr.slice';

const mark = (id: number, status: QrMark['status'] = 'accepted'): QrMark => ({
  id,
  idStud: 100 + id,
  fio: `Студент ${id}`,
  status,
  reason: status === 'review' ? 'device' : null,
  distanceM: 12,
  at: '2026-10-05T02:05:00.000Z',
});
const session: QrSession = {
  sessionId: 5,
  idShed: 7,
  date: '2026-10-05',
  opensAt: '2026-10-05T01:50:00.000Z',
  closesAt: '2026-10-05T03:20:00.000Z',
  makeup: false,
  closed: false,
  discipline: 'Веб-программирование',
  lessonType: 'Лекция',
  group: 'ПИ-24',
  room: '101, Главный корпус',
  startsAt: '08:00',
  endsAt: '09:20',
  total: 30,
  count: 1,
  networksListed: false,
  marks: [mark(1)],
};

describe('live marks on the projector', () => {
  it('a new mark is added on top with the new count; a decided one replaces its review entry', () => {
    const added = withMark(session, { sessionId: 5, count: 1, mark: mark(2, 'review') });
    expect(added.marks.map((m) => m.id)).toEqual([2, 1]);
    const decided = withMark(added, { sessionId: 5, count: 2, mark: mark(2) });
    expect(decided.count).toBe(2);
    expect(decided.marks.map((m) => [m.id, m.status])).toEqual([
      [2, 'accepted'],
      [1, 'accepted'],
    ]);
  });

  it("another session's mark changes nothing", () => {
    expect(withMark(session, { sessionId: 6, count: 9, mark: mark(3) })).toBe(session);
  });

  it('the reducer counts a live mark in the open session', () => {
    let state = qrReducer(initialQrState, qrActions.openSucceeded(session));
    state = qrReducer(state, qrActions.liveMarkReceived({ sessionId: 5, count: 2, mark: mark(4) }));
    expect(state.projector.session.data?.count).toBe(2);
  });

  it("a refusal for 'not now' offers the make-up start instead of an error", () => {
    const state = qrReducer(
      initialQrState,
      qrActions.openFailed({ ok: false, problem: 'CLIENT_ERROR', status: 403, error: { code: 'FORBIDDEN', message: '', params: { reason: 'notNow' } } }),
    );
    expect(state.projector.notNow).toBe(true);
    expect(state.projector.session.error).toBeNull();
  });
});

describe('scanned text', () => {
  it('the projector encodes the scan page with the token; the scan page takes it back out', () => {
    const url = scanUrl('https://lms.example', 'q1.5.123.abcdefghijklmnopqrstuv');
    expect(url).toBe('https://lms.example/lms/qrscan?t=q1.5.123.abcdefghijklmnopqrstuv');
    expect(tokenFromScan(url)).toBe('q1.5.123.abcdefghijklmnopqrstuv');
    expect(tokenFromScan(' q1.5.123.x ')).toBe('q1.5.123.x');
  });
});
