/** The teacher's review list: each mark's distance from the room, in metres or, from a kilometre, in kilometres. */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QrReviewMark } from '@contract/qr';
import { renderPortal, signedInHandlers } from '../../test/portal';
import { http, ok, server } from '../../test/server';

const mark = (id: number, fio: string, distanceM: number, sessionId = 40): QrReviewMark => ({
  id,
  idStud: 10 + id,
  fio,
  status: 'review',
  reason: 'distance',
  distanceM,
  at: '2026-11-25T03:10:00.000Z',
  sessionId,
  idShed: 7,
  date: '2026-11-25',
  discipline: 'Компьютерные сети',
  group: 'ПИ-1-22',
  startsAt: '09:30',
  expiresAt: '2026-12-02T03:10:00.000Z',
});

describe('review list', () => {
  it('shows a near mark in metres and a far one in kilometres with one decimal', async () => {
    localStorage.setItem('token', 'marker');
    server.use(
      ...signedInHandlers(),
      http.post('/api/qr/review/list.json', () => ok({ marks: [mark(1, 'Асанова Айгуль', 140), mark(2, 'Сыдыкова Айпери', 4_123_456)] })),
    );
    renderPortal('/lms/qrreview');
    const near = await screen.findByTestId('qr-review-1');
    expect(near).toHaveTextContent('вне аудитории (140 м)');
    const far = screen.getByTestId('qr-review-2');
    expect(far.textContent?.replace(/\s/g, ' ')).toContain('вне аудитории (4 123,5 км)');
    expect(far).not.toHaveTextContent('4123456');
  });
  it("groups the marks by lesson; “accept all of this lesson” names its count, accepts that lesson's marks at once and the list loads again", async () => {
    localStorage.setItem('token', 'marker');
    let marks = [mark(1, 'Асанова Айгуль', 20, 40), mark(2, 'Сыдыкова Айпери', 30, 40), mark(3, 'Токтогулов Бакыт', 40, 40), mark(4, 'Исаев Нурбек', 50, 41)];
    const accepted: unknown[] = [];
    server.use(
      ...signedInHandlers(),
      http.post('/api/qr/review/list.json', () => ok({ marks })),
      http.post('/api/qr/review/accept-lesson.json', async ({ request }) => {
        const body = (await request.json()) as { sessionId: number };
        accepted.push(body);
        const n = marks.filter((m) => m.sessionId === body.sessionId).length;
        marks = marks.filter((m) => m.sessionId !== body.sessionId);
        return ok({ accepted: n });
      }),
    );
    renderPortal('/lms/qrreview');
    const lesson = await screen.findByTestId('qr-review-lesson-40');
    expect(within(lesson).getAllByRole('listitem')).toHaveLength(3);
    // A lesson with one mark has no button of its own: its Accept is the same.
    expect(within(screen.getByTestId('qr-review-lesson-41')).queryByRole('button', { name: /Засчитать все/ })).not.toBeInTheDocument();
    await userEvent.click(within(lesson).getByRole('button', { name: 'Засчитать все отметки этого занятия (3)' }));
    await screen.findByTestId('qr-review-4');
    await expect.poll(() => screen.queryByTestId('qr-review-lesson-40')).toBeNull();
    expect(accepted).toEqual([{ sessionId: 40 }]);
    expect(screen.getByTestId('qr-review-4')).toBeInTheDocument();
  });
});
