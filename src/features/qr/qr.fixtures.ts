/** Test data of the QR screens' tests. */
import type { QrSession } from '@contract/qr';

/** An open attendance session of ПИ-1-22's lecture (lesson 7) as the projector receives it, with no marks yet. */
export const projectorSession = (over: Partial<QrSession> = {}): QrSession => ({
  sessionId: 40,
  idShed: 7,
  date: '2026-11-25',
  opensAt: '2026-11-25T03:00:00.000Z',
  closesAt: '2026-11-25T04:20:00.000Z',
  makeup: false,
  closed: false,
  discipline: 'Компьютерные сети',
  lessonType: 'Лекция',
  group: 'ПИ-1-22',
  room: '101, Главный корпус',
  startsAt: '09:30',
  endsAt: '10:50',
  total: 25,
  count: 0,
  networksListed: false,
  marks: [],
  ...over,
});
