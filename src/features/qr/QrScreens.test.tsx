/**
 * The QR screens in the portal: the projector's link after sign-in, the routes of each role, the
 * projector across the mobile breakpoint and out of its lesson's time, and a student marking by code.
 */
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScheduleQr } from '@contract/schedule';
import { shellActions } from '@shared/shell/shell.slice';
import { expectNotForRole, renderPortal, signedInHandlers, studentProfile } from '../../test/portal';
import { fail, http, ok, recordRequests, server, student } from '../../test/server';
import { projectorSession } from './qr.fixtures';

vi.mock('@lib/notify', async (importOriginal) => ({ ...(await importOriginal<object>()), notify: vi.fn() }));

/** The projector's clock and its current token (code 482913). */
const tokenHandlers = () => [
  http.get('/api/qr/time.json', () => ok({ now: new Date().toISOString(), rotateMs: 15000, graceMs: 5000 })),
  http.post('/api/qr/session/token.json', () => ok({ token: 'signed-token', code: '482913', expiresAt: new Date(Date.now() + 60_000).toISOString() })),
];

describe('QR screens in the portal', () => {
  it("a signed-out student opening the projector's link has the scan kept through sign-in: she lands on it with its code and the kept scan, which names the lesson", async () => {
    const held: unknown[] = [];
    const scanned: unknown[] = [];
    server.use(
      ...signedInHandlers(student, studentProfile),
      http.post('/api/auth/recovery.json', () => ok([{ LOG_PAS: 0 }])),
      http.post('/api/auth/orize.json', () => ok(student)),
      http.post('/api/qr/scan/hold.json', async ({ request }) => {
        held.push(await request.json());
        return ok({ hold: 'held.scan-1' });
      }),
      http.post('/api/qr/student/lessons.json', () => ok([])),
      http.post('/api/qr/student/marks.json', () => ok([])),
      // The code expired while she signed in: only the kept scan names the lesson.
      http.post('/api/qr/student/lesson.json', async ({ request }) => {
        const body = (await request.json()) as { token: string; hold?: string };
        scanned.push(body);
        return body.hold === 'held.scan-1'
          ? ok({ idShed: 7, idAud: 3, discipline: 'Компьютерные сети', room: '214, Главный корпус', receipt: 'receipt-held' })
          : fail(403, 'FORBIDDEN', 'token', { reason: 'token' });
      }),
      http.post('/api/chat/count.json', () => ok({ total: 0, contacts: [], groups: [] })),
    );
    renderPortal('/lms/qrscan?t=abc');
    await userEvent.type(await screen.findByLabelText('Логин'), 'student');
    expect(screen.getByTestId('address')).toHaveTextContent('/lms/login');
    expect(held).toEqual([{ token: 'abc' }]);
    await userEvent.type(screen.getByLabelText('Пароль'), 'Student2026');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/lms\/qrscan\?t=abc&h=held\.scan-1$/));
    expect(await screen.findByTestId('scan-lesson')).toHaveTextContent('Компьютерные сети');
    expect(scanned).toEqual([{ token: 'abc', hold: 'held.scan-1' }]);
  });

  it('the server refusing to keep a scan (an expired code) still returns to the link after sign-in', async () => {
    server.use(
      ...signedInHandlers(student, studentProfile),
      http.post('/api/auth/recovery.json', () => ok([{ LOG_PAS: 0 }])),
      http.post('/api/auth/orize.json', () => ok(student)),
      http.post('/api/qr/scan/hold.json', () => fail(403, 'FORBIDDEN', 'token', { reason: 'token' })),
      http.post('/api/qr/student/lessons.json', () => ok([])),
      http.post('/api/qr/student/marks.json', () => ok([])),
      http.post('/api/qr/student/lesson.json', () => fail(403, 'FORBIDDEN', 'token', { reason: 'token' })),
      http.post('/api/chat/count.json', () => ok({ total: 0, contacts: [], groups: [] })),
    );
    renderPortal('/lms/qrscan?t=abc');
    await userEvent.type(await screen.findByLabelText('Логин'), 'student');
    await userEvent.type(screen.getByLabelText('Пароль'), 'Student2026');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/lms\/qrscan\?t=abc$/));
  });

  it("a teacher opening a student's route (the own QR code, the scanner) gets the 'not for your role' page with a way home", async () => {
    localStorage.setItem('token', 'marker');
    server.use(...signedInHandlers());
    await expectNotForRole(['/lms/qrstud', '/lms/qrscan'], () =>
      expect(within(screen.getByTestId('not-for-role')).getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/lms'),
    );
  });

  it("a student opening the teacher's projector screen gets the 'not for your role' page", async () => {
    localStorage.setItem('token', 'marker');
    server.use(...signedInHandlers(student, studentProfile));
    renderPortal('/lms/qrlesson?idShed=1');
    expect(await screen.findByRole('heading', { name: 'Недоступно для вашей роли' })).toBeInTheDocument();
    expect(screen.getByTestId('not-for-role')).toBeInTheDocument();
  });

  it('turning a tablet across the mobile breakpoint keeps the screen as it is: the projector is not opened again', async () => {
    localStorage.setItem('token', 'marker');
    server.use(
      ...signedInHandlers(),
      http.post('/api/qr/session/open.json', () => ok(projectorSession())),
      ...tokenHandlers(),
    );
    const log = recordRequests();
    const { store } = renderPortal('/lms/qrlesson?shed=7');
    const code = await screen.findByTestId('qr-code');
    expect(code).toHaveTextContent('482913');
    expect(screen.queryByTestId('mobile-tab-bar')).not.toBeInTheDocument();

    // Portrait (mobile layout, with the tab bar), then landscape again: the same screen, still showing
    // the code, never mounted anew (which would open attendance again and show a spinner meanwhile).
    for (const mobile of [true, false]) {
      act(() => {
        store.dispatch(shellActions.mobileChanged(mobile));
      });
      if (mobile) expect(screen.getByTestId('mobile-tab-bar')).toBeInTheDocument();
      else expect(screen.queryByTestId('mobile-tab-bar')).not.toBeInTheDocument();
      expect(screen.getByTestId('qr-code')).toBe(code);
      expect(code).toHaveTextContent('482913');
    }
    log.stop();
    expect(log.paths().filter((path) => path === '/api/qr/session/open.json')).toHaveLength(1);
  });

  it('a lesson out of its time: the projector names it (group, room, weekday and time) by the time it offers the make-up', async () => {
    localStorage.setItem('token', 'marker');
    const opened: { makeup: boolean }[] = [];
    let detailsAsked = false;
    let releaseDetails: () => void = () => {};
    const detailsHeld = new Promise<void>((resolve) => (releaseDetails = resolve));
    server.use(
      ...signedInHandlers(),
      http.post('/api/qr/session/open.json', async ({ request }) => {
        const body = (await request.json()) as { makeup: boolean };
        opened.push(body);
        return body.makeup ? ok({ ...projectorSession(), makeup: true }) : fail(403, 'FORBIDDEN', 'not now', { reason: 'notNow' });
      }),
      http.post('/api/schedule/qr.json', async () => {
        detailsAsked = true;
        await detailsHeld;
        return ok<ScheduleQr>({
          id: 7,
          audid: 3,
          auditoryName: '214, Главный корпус',
          xGps: 42.84,
          yGps: 74.6,
          radiusM: 60,
          yearid: 2026,
          wsid: 1,
          uid: 501,
          role: 1,
          gid: 4,
          specid: 2,
          sidFaculty: 1,
          timeid: 2,
          teacherid: 9,
          semid: 3,
          daynum: 3,
          isSelect: 0,
          id_vid_zaniatiy: 1,
          id_discipline: 12,
          discipline: 'Компьютерные сети',
          group: 'ПИ-1-22',
          startsAt: '09:30',
          endsAt: '10:50',
        });
      }),
      ...tokenHandlers(),
    );
    renderPortal('/lms/qrlesson?shed=7');
    // The offer appears with the lesson's name already in the title: its button never moves under the pointer.
    await waitFor(() => expect(detailsAsked).toBe(true));
    expect(screen.queryByRole('button', { name: 'Начать отметку сейчас' })).toBeNull();
    releaseDetails();
    const start = await screen.findByRole('button', { name: 'Начать отметку сейчас' });
    expect(screen.getByRole('heading', { level: 1, name: 'Компьютерные сети' })).toBeInTheDocument();
    expect(screen.getByText('ПИ-1-22')).toBeInTheDocument();
    expect(screen.getByText('214, Главный корпус')).toBeInTheDocument();
    expect(screen.getByText('Среда, 09:30–10:50')).toBeInTheDocument();
    expect(screen.getByText(/Это занятие сейчас не идёт по расписанию/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К расписанию' })).toHaveAttribute('href', '/lms/schedule');

    await userEvent.click(start);
    expect(await screen.findByTestId('qr-code')).toHaveTextContent('482913');
    expect(screen.getByText('отработка')).toBeInTheDocument();
    expect(opened).toEqual([expect.objectContaining({ makeup: false }), expect.objectContaining({ makeup: true })]);
  });

  it('a student typing a wrong code is told to check the digits; the right one earns a receipt the mark carries, and the form then names the lesson as marked instead of inviting a second send', async () => {
    localStorage.setItem('token', 'marker');
    // A fresh reading at the room (the portal asks for one with every mark); jsdom has no geolocation.
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (found: PositionCallback) => found({ coords: { latitude: 42.84, longitude: 74.6, accuracy: 8 } } as GeolocationPosition) },
    });
    onTestFinished(() => {
      delete (navigator as { geolocation?: Geolocation }).geolocation;
    });
    const typed: string[] = [];
    const sent: { code?: string; receipt?: string }[] = [];
    let marked = false;
    server.use(
      ...signedInHandlers(student, studentProfile),
      http.post('/api/qr/student/lessons.json', () =>
        ok([
          {
            idShed: 7,
            idAud: 3,
            discipline: 'Компьютерные сети',
            room: '214, Главный корпус',
            startsAt: '09:30',
            lessonType: 'Лекция',
            marked,
            waiting: false,
          },
        ]),
      ),
      http.post('/api/qr/student/marks.json', () => ok([])),
      http.post('/api/qr/student/code.json', async ({ request }) => {
        const body = (await request.json()) as { code: string };
        typed.push(body.code);
        return body.code === '482913' ? ok({ receipt: 'receipt-482913' }) : fail(403, 'FORBIDDEN', 'token', { reason: 'token' });
      }),
      http.post('/api/qr/student/visit.json', async ({ request }) => {
        const body = (await request.json()) as { code?: string; receipt?: string };
        sent.push(body);
        marked = body.receipt === 'receipt-482913';
        return marked ? ok({ status: 'accepted', reason: null, discipline: 'Компьютерные сети' }) : fail(403, 'FORBIDDEN', 'token', { reason: 'token' });
      }),
    );
    renderPortal('/lms/qrscan');
    const input = await screen.findByRole('textbox', { name: 'Код с экрана (6 цифр)' });
    const send = screen.getByRole('button', { name: 'Отправить код' });

    await userEvent.type(input, '482000');
    await userEvent.click(send);
    expect(await screen.findByTestId('scan-error')).toHaveTextContent('Код не подходит. Сверьте цифры с экраном: код меняется каждые 15 секунд.');

    await userEvent.clear(input);
    await userEvent.type(input, '482913');
    await userEvent.click(send);
    expect(await screen.findByTestId('scan-result')).toHaveTextContent('Вы отмечены на занятии «Компьютерные сети».');
    expect(screen.queryByTestId('scan-error')).not.toBeInTheDocument();
    expect(await screen.findByTestId('scan-marked')).toHaveTextContent('Вы уже отмечены: 09:30 Компьютерные сети (Лекция).');
    expect(screen.queryByRole('textbox', { name: 'Код с экрана (6 цифр)' })).not.toBeInTheDocument();
    expect(typed).toEqual(['482000', '482913']);
    expect(sent).toEqual([expect.objectContaining({ receipt: 'receipt-482913' })]);
    expect(sent[0]).not.toHaveProperty('code');
  });
  it('names the kind of two lessons of one discipline at one time (a lecture and a lab), and which check-in still waits for the teacher', async () => {
    localStorage.setItem('token', 'marker');
    const lesson = { idAud: 3, discipline: 'Веб-программирование', room: '214, Главный корпус', startsAt: '08:00' };
    server.use(
      ...signedInHandlers(student, studentProfile),
      http.post('/api/qr/student/lessons.json', () =>
        ok([
          { ...lesson, idShed: 7, lessonType: 'Лекция', marked: true, waiting: true },
          { ...lesson, idShed: 8, lessonType: 'Лабораторная', marked: true, waiting: false },
          { ...lesson, idShed: 9, lessonType: 'Практика', marked: false, waiting: false },
          { ...lesson, idShed: 10, lessonType: 'Семинар', marked: false, waiting: false },
        ]),
      ),
      http.post('/api/qr/student/marks.json', () => ok([])),
    );
    renderPortal('/lms/qrscan');
    expect(await screen.findByTestId('scan-marked')).toHaveTextContent(
      'Вы уже отмечены: 08:00 Веб-программирование (Лекция): ждёт проверки преподавателем; 08:00 Веб-программирование (Лабораторная).',
    );
    const choice = screen.getByRole('combobox', { name: 'Занятие' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([' --- ', '08:00 Веб-программирование, Практика (214, Главный корпус)', '08:00 Веб-программирование, Семинар (214, Главный корпус)']);
  });
});
