/**
 * The student's "Check in" entry: in the side menu and the tab bar only while attendance is open for
 * one of his lessons (a make-up one too), shown without a reload when the page comes back into view
 * or a live event says attendance opened, and it leads to the check-in page.
 */
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QrOpenLesson } from '@contract/qr';
import { shellActions } from '@shared/shell/shell.slice';
import { renderPortal, signedInHandlers, studentProfile } from '../test/portal';
import { http, ok, server, student } from '../test/server';
import { AREAS } from './areas';

const makeup: QrOpenLesson = {
  idShed: 7,
  idAud: 3,
  discipline: 'Компьютерные сети',
  room: '101, Главный корпус',
  startsAt: '09:30',
  lessonType: 'Лекция',
  marked: false,
  waiting: false,
};

/** The scan page's own calls, answered plainly. */
const scanHandlers = () => [
  http.post('/api/qr/student/marks.json', () => ok([])),
  http.post('/api/chat/count.json', () => ok({ total: 0, contacts: [], groups: [], disciplines: [] })),
];

describe('Check in entry', () => {
  it('appears in the side menu when the page comes back into view with attendance open, and leads to the check-in page', async () => {
    localStorage.setItem('token', 'marker');
    let open: QrOpenLesson[] = [];
    server.use(
      http.post('/api/qr/student/lessons.json', () => ok(open)),
      ...signedInHandlers(student, studentProfile),
      ...scanHandlers(),
    );
    renderPortal('/lms');
    const menu = await screen.findByTestId('side-menu');
    await within(menu).findByRole('link', { name: 'Расписание' });
    expect(within(menu).queryByRole('link', { name: 'Отметиться' })).not.toBeInTheDocument();

    open = [makeup];
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    const link = await within(menu).findByRole('link', { name: 'Отметиться' });
    expect(link).toHaveAttribute('href', '/lms/qrscan');
    await userEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/lms\/qrscan$/));

    // Closed: the next look takes the entry away.
    open = [];
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(within(menu).queryByRole('link', { name: 'Отметиться' })).not.toBeInTheDocument());
  });

  it('is a tab on a phone while attendance is open, and a live event asks again at once', async () => {
    localStorage.setItem('token', 'marker');
    server.use(
      http.post('/api/qr/student/lessons.json', () => ok([makeup])),
      ...signedInHandlers(student, studentProfile),
      ...scanHandlers(),
    );
    const { store } = renderPortal('/lms');
    await screen.findByTestId('side-menu');
    act(() => {
      store.dispatch(shellActions.mobileChanged(true));
    });
    const tab = await within(screen.getByTestId('mobile-tab-bar')).findByRole('button', { name: 'Отметиться' });
    await userEvent.click(tab);
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/lms\/qrscan$/));
    // The schedule area's live handlers, as the manifest registers them.
    const { live } = await AREAS.find((area) => area.key === 'schedule')!.store();
    expect(live.events.qrAttendance({ idShed: 7, open: true })).toEqual({ type: 'schedule/attendanceRequested', payload: undefined });
  });

  it('a teacher never gets it', async () => {
    localStorage.setItem('token', 'marker');
    server.use(
      http.post('/api/qr/student/lessons.json', () => ok([makeup])),
      ...signedInHandlers(),
    );
    renderPortal('/lms');
    const menu = await screen.findByTestId('side-menu');
    await within(menu).findByRole('link', { name: 'Расписание' });
    expect(within(menu).queryByRole('link', { name: 'Отметиться' })).not.toBeInTheDocument();
  });
});
