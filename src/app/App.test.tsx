import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@contract/profile';
import { AddressBar, signedInHandlers, teacherProfile } from '../test/portal';
import { renderWithStore } from '../test/render';
import { fail, http, ok, publicHandlers, recordRequests, server, student, teacher } from '../test/server';
import { App } from './App';
import Layout from './Layout';
import ruCommon from '../../public/locales/ru/cm.json';
import { SPEC_MENU_KEYS } from '../test/menu';

vi.mock('@lib/notify', async (importOriginal) => ({ ...(await importOriginal<object>()), notify: vi.fn() }));

/** A link's label without the "opens in a new tab" note. */
const linkLabel = (link: HTMLElement) => link.textContent?.replace('(откроется в новой вкладке)', '').trim();
/**
 * The side menu's links of the specification's entries and the check-in: the menu's order and its
 * rules for these are what the tests below check; an entry an area adds later stands among them
 * without changing them.
 */
const SPEC_ENTRIES = new Set((['checkIn', ...SPEC_MENU_KEYS] as const).map((key) => ruCommon.menu[key]));
const sideMenuLinks = () =>
  within(screen.getByTestId('side-menu'))
    .getAllByRole('link')
    .filter((link) => SPEC_ENTRIES.has(linkLabel(link) ?? ''));

/** The side menu's entries of the specification in its order, each with the one role that alone has it (none: both). */
const MENU_ENTRIES: [label: string, only?: 'teacher' | 'student'][] = [
  ['Расписание'],
  ['Электронная ведомость'],
  ['Документы'],
  ['Личная карточка'],
  ['Журнал'],
  ['Учебно-методический комплекс'],
  ['Электронная библиотека'],
  ['Тестирование'],
  ['Нагрузка преподавателя', 'teacher'],
  ['Рейтинг'],
  ['Анкетирование'],
  ['Регистрация на дисциплины'],
  ['Код оплаты', 'student'],
  ['Заказ справок'],
  ['Аудитории'],
  ['Вебинар'],
  ['Руководство пользователя'],
  ['Транскрипт', 'student'],
  ['QR-отчёты студентов'],
  ['QR-код студента', 'student'],
];
/** The labels of the side menu's entries a teacher or a student has, in order. */
const menuOf = (role: 'teacher' | 'student') => MENU_ENTRIES.filter(([, only]) => !only || only === role).map(([label]) => label);

describe('App routes and shell', () => {
  afterEach(() => vi.restoreAllMocks());

  it('without a token /lms goes to the login screen', async () => {
    server.use(...publicHandlers());
    renderWithStore(<App />, { route: '/lms' });
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
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
    expect(links.map(linkLabel)).toEqual(menuOf('teacher'));
    const link = (label: string) => links.find((l) => linkLabel(l) === label)!;
    expect(link('Расписание')).toHaveAttribute('href', '/lms/schedule');
    expect(link('Расписание')).not.toHaveAttribute('target');
    expect(link('Электронная ведомость')).toHaveAttribute('href', '/lms/gradingsheet');
    expect(link('Личная карточка')).toHaveAttribute('href', '/lms/personalcard');
    expect(link('Журнал')).toHaveAttribute('href', '/lms/journal');
    expect(link('Учебно-методический комплекс')).toHaveAttribute('href', '/lms/umk');
    expect(link('Электронная библиотека')).toHaveAttribute('href', '/lms/library');
    expect(link('Электронная библиотека')).not.toHaveAttribute('target');
    expect(link('Нагрузка преподавателя')).toHaveAttribute('href', '/lms/workload');
    expect(link('Рейтинг')).toHaveAttribute('href', '/lms/rating');
    expect(link('Заказ справок')).toHaveAttribute('href', '/lms/singlewindow');
    expect(link('Вебинар')).toHaveAttribute('href', '/lms/webinar');
    expect(link('Вебинар')).not.toHaveAttribute('target');
    expect(link('Руководство пользователя')).toHaveAttribute('href', '/lms/manual');

    // Apps panel.
    const app = within(screen.getByTestId('apps-panel')).getByRole('link', { name: /Почта/ });
    expect(app).toHaveAttribute('href', 'https://mail.tsu.kg');
    expect(app.getAttribute('rel')).toContain('noopener');
  });

  it('a teacher who is not a registrar is not offered reference requests', async () => {
    localStorage.setItem('token', 'marker');
    server.use(...signedInHandlers({ ...teacher, registrar: false }));
    renderWithStore(<App />, { route: '/lms' });
    expect(await screen.findByRole('heading', { name: teacher.fullName, level: 1 })).toBeInTheDocument();
    const labels = sideMenuLinks().map(linkLabel);
    expect(labels).toContain('Журнал');
    expect(labels).not.toContain('Заказ справок');
  });

  it('the profile menu shows the short name, position and version, and logs out', async () => {
    localStorage.setItem('token', 'marker');
    localStorage.setItem('lang', 'ru');
    server.use(
      ...signedInHandlers(),
      http.post('/api/auth/logout.json', () => ok(null)),
    );
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
    expect(links.map(linkLabel)).toEqual(menuOf('student'));
    expect(links.find((l) => linkLabel(l) === 'QR-код студента')).toHaveAttribute('href', '/lms/qrstud');
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
