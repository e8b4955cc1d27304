/** A notification's text: the rating's early warning names its discipline in the reader's language and opens the rating. */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { initialSessionState } from '@shared/session/session';
import { initTestI18n } from '../../test/i18n';
import { makeStore, renderWithStore } from '../../test/render';
import { http, ok, server, student } from '../../test/server';
import NotificationsScreen from './NotificationsScreen';

describe('the early warning notification (en)', () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });

  it('names the discipline in the reader’s language and opens the rating', async () => {
    const warning = {
      id: 5,
      kind: 'rating.warning',
      params: {
        key: '2026-1-3-absences',
        warning: 'absences',
        disciplineRu: 'Веб-программирование',
        disciplineKg: 'Веб-программалоо',
        disciplineEn: 'Web Programming',
        value: 30,
      },
      link: '/rating',
      createdAt: '2026-11-26T10:00:00Z',
      read: true,
    };
    server.use(http.post('/api/notifications/list.json', () => ok({ items: [warning], more: false, unread: 0 })));
    const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: student } });
    renderWithStore(<NotificationsScreen />, { route: '/lms/notifications', store });
    const link = await screen.findByRole('link', { name: /Early warning: many absences in “Web Programming”/ });
    expect(link).toHaveAttribute('href', '/lms/rating');
  });
});
