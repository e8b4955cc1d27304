import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import type { Profile } from '../../contract/profile';
import type { QrSession } from '../../contract/qr';
import type { ScheduleQr } from '../../contract/schedule';
import { shellActions } from '../shared/shell/shell.slice';
import { renderWithStore } from '../test/render';
import { fail, http, ok, publicHandlers, recordRequests, server, student, teacher } from '../test/server';
import { App } from './App';
import Layout from './Layout';

vi.mock('../lib/notify', async (importOriginal) => ({ ...(await importOriginal<object>()), notify: vi.fn() }));

const teacherProfile: Profile = {
  uid: 501,
  role: 1,
  fullName: teacher.fullName,
  surname: 'Асанов',
  name: 'Бакыт',
  patronymic: 'Кубанычбекович',
  gender: 'm',
  birthDate: '1980-04-12',
  nationality: 'кыргыз',
  citizenship: 'Кыргызская Республика',
  taxId: '21204198000123',
  phone: '+996 555 123 456',
  education: 'Высшее',
  email: 'b.asanov@tsu.kg',
  faculty: 'Факультет информационных технологий',
  department: 'Кафедра программной инженерии',
  position: 'Доцент',
  group: null,
  speciality: null,
  course: null,
  educationForm: null,
  code: null,
  login: 'teacher',
  googleLinked: false,
};

/** An open attendance session as the projector receives it. */
const projectorSession: QrSession = {
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
  marks: [],
};

/** The demo student's profile, as far as the QR screens need it. */
const studentProfile: Profile = { ...teacherProfile, uid: student.uid, role: 2, fullName: student.fullName, position: null, group: 'ПИ-1-22' };

/** The projector's clock and its current token (code 482913). */
const tokenHandlers = () => [
  http.get('/api/qr/time.json', () => ok({ now: new Date().toISOString(), rotateMs: 15000, graceMs: 5000 })),
  http.post('/api/qr/session/token.json', () => ok({ token: 'signed-token', code: '482913', expiresAt: new Date(Date.now() + 60_000).toISOString() })),
];

/** The side menu's links, and a link's label without the "opens in a new tab" note. */
const sideMenuLinks = () => within(screen.getByTestId('side-menu')).getAllByRole('link');
const linkLabel = (link: HTMLElement) => link.textContent?.replace('(откроется в новой вкладке)', '').trim();

function signedInHandlers(user = teacher, profile: Profile = teacherProfile) {
  return [
    ...publicHandlers(),
    http.post('/api/auth/enticate.json', () => ok(user)),
    http.post('/api/misc/settings.json', () =>
      ok([
        { id_a_year: 3, a_year: '2025-26', id_w_s: 1, universityName: 'Тянь-Шаньский государственный университет', maxSizeMb: 25 },
        [
          { key: 'schedule', url: 'https://schedule.tsu.kg' },
          { key: 'webinar', url: 'https://meet.tsu.kg' },
          { key: 'unknown', url: 'https://x.tsu.kg' },
        ],
      ]),
    ),
    http.post('/api/misc/photo.json', () => ok({ photo: null, mime: null })),
    http.post('/api/misc/position.json', () => ok([{ position: 'Доцент', department: 'Кафедра программной инженерии' }])),
    http.post('/api/misc/dinurls.json', () =>
      ok([{ id: 1, name: { kg: 'Почта', ru: 'Почта', en: 'Mail' }, url: 'https://mail.tsu.kg', icon: 'mail' }]),
    ),
    http.post('/api/profile/data.json', () => ok(profile)),
    // The home page's timetable panel.
    http.get('/api/discipline/current/year.json', () => ok({ id: 2025, name: '2025-26' })),
    http.get('/api/discipline/current/ws.json', () => ok({ id: 1, name: 'Осенний' })),
    http.post('/api/schedule/teacher.json', () => ok({ year: 2025, ws: 1, days: [] })),
    http.post('/api/schedule/student.json', () => ok({ year: 2025, ws: 1, days: [] })),
  ];
}

/** The page the router shows, with its query, as a user reads it in the address bar. */
function AddressBar() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{`/lms${pathname === '/' ? '' : pathname}${search}`}</output>;
}

describe('App routes and shell', () => {
  afterEach(() => vi.restoreAllMocks());

  it('without a token /lms goes to the login screen', async () => {
    server.use(...publicHandlers());
    renderWithStore(<App />, { route: '/lms' });
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
  });

  it('a signed-out student opening the projector\'s link signs in and lands on it with its code', async () => {
    server.use(
      ...signedInHandlers(student, studentProfile),
      http.post('/api/auth/recovery.json', () => ok([{ LOG_PAS: 0 }])),
      http.post('/api/auth/orize.json', () => ok(student)),
      http.post('/api/qr/student/lessons.json', () => ok([])),
      http.post('/api/qr/student/lesson.json', () => fail(403, 'FORBIDDEN', 'token', { reason: 'token' })),
      http.post('/api/chat/count.json', () => ok({ total: 0, contacts: [], groups: [] })),
    );
    renderWithStore(
      <>
        <App />
        <AddressBar />
      </>,
      { route: '/lms/qrscan?t=abc' },
    );
    await userEvent.type(await screen.findByLabelText('Логин'), 'student');
    expect(screen.getByTestId('address')).toHaveTextContent('/lms/login');
    await userEvent.type(screen.getByLabelText('Пароль'), 'Student2026');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/lms\/qrscan\?t=abc$/));
  });

  it('after a logout, signing in again goes home rather than back', async () => {
    localStorage.setItem('token', 'marker');
    server.use(
      ...signedInHandlers(),
      http.post('/api/auth/logout.json', () => ok(null)),
      http.post('/api/auth/recovery.json', () => ok([{ LOG_PAS: 0 }])),
      http.post('/api/auth/orize.json', () => ok(teacher)),
    );
    renderWithStore(
      <>
        <App />
        <AddressBar />
      </>,
      { route: '/lms/change-password' },
    );
    await userEvent.click(await screen.findByTestId('profile-menu-button'));
    await userEvent.click(await screen.findByTestId('logout-button'));
    await userEvent.type(await screen.findByLabelText('Логин'), 'teacher');
    await userEvent.type(screen.getByLabelText('Пароль'), 'Teacher2026');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/lms$/));
  });

  it('unknown paths show a not-found screen with a link home', async () => {
    server.use(...publicHandlers());
    renderWithStore(<App />, { route: '/lms/no-such-page' });
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/lms');
  });

  it('a screen that fails to render is said inside the shell, which stays usable: Retry renders it again, and the way home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('token', 'marker');
    server.use(...signedInHandlers());
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('render failed');
      return <h1>Screen back</h1>;
    }
    renderWithStore(
      <Layout>
        <Flaky />
      </Layout>,
      { route: '/lms/news' },
    );
    const alert = await screen.findByTestId('area-crash');
    expect(within(alert).getByRole('heading', { name: 'Этот раздел не открылся' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/lms');
    // The shell around it: the header's navigation and the side menu.
    expect(screen.getByRole('navigation', { name: 'Верхняя навигация' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'Screen back' })).toBeInTheDocument();
  });

  it('a stored token restores the session: home shows the profile card inside the shell', async () => {
    localStorage.setItem('token', 'marker');
    server.use(...signedInHandlers());
    renderWithStore(<App />, { route: '/lms' });
    expect(await screen.findByRole('heading', { name: teacher.fullName, level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('21204198000123')).toBeInTheDocument();
    expect(screen.getByText('12.04.1980')).toBeInTheDocument();
    expect(screen.getByText('Кафедра программной инженерии', { selector: 'dd' })).toBeInTheDocument();

    // Side menu: only entries with a route or a settings link (opened in a new tab); an in-app
    // route wins over the settings link (the schedule). The student's own QR code is not a teacher's entry.
    const links = sideMenuLinks();
    expect(links.map(linkLabel)).toEqual([
      'Расписание',
      'Журнал',
      'Учебно-методический комплекс',
      'Электронная библиотека',
      'Регистрация на дисциплины',
      'Вебинар',
      'QR-отчёты студентов',
    ]);
    expect(links[0]).toHaveAttribute('href', '/lms/schedule');
    expect(links[0]).not.toHaveAttribute('target');
    expect(links[1]).toHaveAttribute('href', '/lms/journal');
    expect(links[2]).toHaveAttribute('href', '/lms/umk');
    expect(links[3]).toHaveAttribute('href', '/lms/library');
    expect(links[3]).not.toHaveAttribute('target');
    expect(links[5]).toHaveAttribute('target', '_blank');
    expect(links[5].getAttribute('rel')).toContain('noopener');

    // Apps panel.
    const app = within(screen.getByTestId('apps-panel')).getByRole('link', { name: /Почта/ });
    expect(app).toHaveAttribute('href', 'https://mail.tsu.kg');
    expect(app.getAttribute('rel')).toContain('noopener');
  });

  it('the profile menu shows the short name, position and version, and logs out', async () => {
    localStorage.setItem('token', 'marker');
    localStorage.setItem('lang', 'ru');
    server.use(...signedInHandlers(), http.post('/api/auth/logout.json', () => ok(null)));
    const user = userEvent.setup();
    renderWithStore(<App />, { route: '/lms' });
    const button = await screen.findByTestId('profile-menu-button');
    expect(button).toHaveTextContent('Асанов Б. К.');
    await waitFor(() => expect(button).toHaveTextContent('Доцент'));
    await user.click(button);
    expect(await screen.findByText('Версия 1.2.3')).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Меню профиля' });
    expect(within(panel).getByRole('link', { name: 'Сменить пароль' })).toHaveAttribute('href', '/lms/change-password');
    expect(within(panel).getByRole('switch', { name: 'Тёмная тема' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'KG' })).toBeInTheDocument();
    await user.click(screen.getByTestId('logout-button'));
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('lang')).toBe('ru');
  });

  it('a student sees the group under the name and the study fields', async () => {
    localStorage.setItem('token', 'marker');
    const profile: Profile = {
      ...teacherProfile,
      uid: student.uid,
      role: 2,
      fullName: student.fullName,
      gender: 'f',
      department: null,
      position: null,
      group: 'ПИ-1-22',
      speciality: 'Программная инженерия',
      course: 3,
      educationForm: 'Очная',
      code: 'S-2022-0147',
      login: 'student',
    };
    server.use(...signedInHandlers(student, profile));
    const log = recordRequests();
    renderWithStore(<App />, { route: '/lms' });
    expect(await screen.findByText('S-2022-0147')).toBeInTheDocument();
    expect(screen.getByText('Женский')).toBeInTheDocument();
    expect(screen.getByTestId('profile-menu-button')).toHaveTextContent('ПИ-1-22');
    log.stop();
    expect(log.paths()).not.toContain('/api/misc/position.json');
    // The student's side menu has the student's own QR code, as an in-app route.
    const links = sideMenuLinks();
    expect(links.map(linkLabel)).toEqual([
      'Расписание',
      'Журнал',
      'Учебно-методический комплекс',
      'Электронная библиотека',
      'Регистрация на дисциплины',
      'Код оплаты',
      'Вебинар',
      'Транскрипт',
      'QR-отчёты студентов',
      'QR-код студента',
    ]);
    expect(links[9]).toHaveAttribute('href', '/lms/qrstud');
  });

  it("a teacher opening a student's route (the own QR code, the scanner) gets the 'not for your role' page with a way home", async () => {
    localStorage.setItem('token', 'marker');
    server.use(...signedInHandlers());
    for (const route of ['/lms/qrstud', '/lms/qrscan']) {
      const { unmount } = renderWithStore(<App />, { route });
      expect(await screen.findByRole('heading', { name: 'Недоступно для вашей роли' })).toBeInTheDocument();
      expect(within(screen.getByTestId('not-for-role')).getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/lms');
      unmount();
    }
  });

  it("a student opening the teacher's projector screen gets the 'not for your role' page", async () => {
    localStorage.setItem('token', 'marker');
    server.use(...signedInHandlers(student, studentProfile));
    renderWithStore(<App />, { route: '/lms/qrlesson?idShed=1' });
    expect(await screen.findByRole('heading', { name: 'Недоступно для вашей роли' })).toBeInTheDocument();
    expect(screen.getByTestId('not-for-role')).toBeInTheDocument();
  });

  it('turning a tablet across the mobile breakpoint keeps the screen as it is: the projector is not opened again', async () => {
    localStorage.setItem('token', 'marker');
    server.use(
      ...signedInHandlers(),
      http.post('/api/qr/session/open.json', () => ok(projectorSession)),
      ...tokenHandlers(),
    );
    const log = recordRequests();
    const { store } = renderWithStore(<App />, { route: '/lms/qrlesson?shed=7' });
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

  it('a lesson out of its time: the projector names it (group, room, weekday and time) before the make-up starts', async () => {
    localStorage.setItem('token', 'marker');
    const opened: { makeup: boolean }[] = [];
    server.use(
      ...signedInHandlers(),
      http.post('/api/qr/session/open.json', async ({ request }) => {
        const body = (await request.json()) as { makeup: boolean };
        opened.push(body);
        return body.makeup ? ok({ ...projectorSession, makeup: true }) : fail(403, 'FORBIDDEN', 'not now', { reason: 'notNow' });
      }),
      http.post('/api/schedule/qr.json', () =>
        ok<ScheduleQr>({
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
        }),
      ),
      ...tokenHandlers(),
    );
    renderWithStore(<App />, { route: '/lms/qrlesson?shed=7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Компьютерные сети' })).toBeInTheDocument();
    expect(screen.getByText('ПИ-1-22')).toBeInTheDocument();
    expect(screen.getByText('214, Главный корпус')).toBeInTheDocument();
    expect(screen.getByText('Среда, 09:30–10:50')).toBeInTheDocument();
    expect(screen.getByText(/Это занятие сейчас не идёт по расписанию/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К расписанию' })).toHaveAttribute('href', '/lms/schedule');

    await userEvent.click(screen.getByRole('button', { name: 'Начать отметку сейчас' }));
    expect(await screen.findByTestId('qr-code')).toHaveTextContent('482913');
    expect(screen.getByText('отработка')).toBeInTheDocument();
    expect(opened).toEqual([expect.objectContaining({ makeup: false }), expect.objectContaining({ makeup: true })]);
  });

  it('a student typing a wrong code is told to check the digits; the right one marks, and the form does not invite a second send', async () => {
    localStorage.setItem('token', 'marker');
    // A fresh reading at the room (the portal asks for one with every mark); jsdom has no geolocation.
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (found: PositionCallback) => found({ coords: { latitude: 42.84, longitude: 74.6, accuracy: 8 } } as GeolocationPosition) },
    });
    onTestFinished(() => {
      delete (navigator as { geolocation?: Geolocation }).geolocation;
    });
    const sent: { code?: string }[] = [];
    server.use(
      ...signedInHandlers(student, studentProfile),
      http.post('/api/qr/student/lessons.json', () => ok([{ idShed: 7, idAud: 3, discipline: 'Компьютерные сети', room: '214, Главный корпус', startsAt: '09:30' }])),
      http.post('/api/qr/student/visit.json', async ({ request }) => {
        const body = (await request.json()) as { code?: string };
        sent.push(body);
        return body.code === '482913' ? ok({ status: 'accepted', reason: null, discipline: 'Компьютерные сети' }) : fail(403, 'FORBIDDEN', 'token', { reason: 'token' });
      }),
    );
    renderWithStore(<App />, { route: '/lms/qrscan' });
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
    expect(send).toBeDisabled();
    expect(sent.map((b) => b.code)).toEqual(['482000', '482913']);
  });

  it('a 401 on a session call ends the session and shows the login with its message', async () => {
    localStorage.setItem('token', 'marker');
    server.use(...signedInHandlers());
    server.use(http.post('/api/profile/data.json', () => fail(401, 'UNAUTHORIZED')));
    renderWithStore(<App />, { route: '/lms' });
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Введите имя пользователя и пароль');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('starting while offline goes to the offline page', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithStore(<App />, { route: '/lms' });
    expect(await screen.findByRole('heading', { name: 'Нет подключения' })).toBeInTheDocument();
    expect(screen.getByText(/Приложение не может подключиться к серверу/)).toBeInTheDocument();
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Нет сети !!!');
  });
});
