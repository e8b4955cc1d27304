/** The teacher's review list: each mark's distance from the room, in metres or, from a kilometre, in kilometres. */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { QrReviewMark } from '../../../contract/qr';
import { renderPortal, signedInHandlers } from '../../test/portal';
import { http, ok, server } from '../../test/server';

const mark = (id: number, fio: string, distanceM: number): QrReviewMark => ({
  id,
  idStud: 10 + id,
  fio,
  status: 'review',
  reason: 'distance',
  distanceM,
  at: '2026-11-25T03:10:00.000Z',
  sessionId: 40,
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
});
