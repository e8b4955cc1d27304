/** The login screen: the card, the form, its refusals, the forced credential update (Google's and the university's sign-in: LoginScreen.external.test.tsx). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PAGE_DATA_ELEMENT_ID, rereadPageData } from '@shared/session/pageData';
import { initialSessionState } from '@shared/session/session';
import { initTestI18n } from '../../test/i18n';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, HttpResponse, http, ok, publicHandlers, recordEachTest, requestsSettled, server, student, teacher } from '../../test/server';
import { fillLogin, renderLogin } from './auth.fixtures';
import LoginScreen from './LoginScreen';

vi.mock('@lib/notify', () => ({ notify: vi.fn() }));

describe('LoginScreen', () => {
  const log = recordEachTest();

  it('shows the university from /logo.json and a labelled form', async () => {
    server.use(...publicHandlers());
    renderLogin();
    expect(await screen.findByText('Тянь-Шаньский государственный университет', { selector: '.login-university' })).toBeInTheDocument();
    const form = screen.getByTestId('login-form');
    expect(within(form).getByLabelText('Логин')).toHaveAttribute('autocomplete', 'username');
    expect(within(form).getByLabelText('Пароль')).toHaveAttribute('type', 'password');
  });

  it('shows the card only once /logo.json has answered, already with its logo size and name', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/logo.json', async () => {
        await answered;
        return ok({ logo: '/lms/custom.svg', width: 64, name: 'Университет с сервера', fontsize: 18 });
      }),
      ...publicHandlers(),
    );
    const { store } = renderLogin();
    await waitFor(() => expect(log().paths()).toContain('/logo.json'));
    // Everything else the card waits for is in: only the logo keeps it back.
    await waitFor(() => expect(store.getState().auth.google.checked).toBe(true));
    expect(screen.queryByTestId('login-form')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAccessibleName('Загрузка…');
    answer();
    const name = await screen.findByText('Университет с сервера', { selector: '.login-university' });
    expect(name).toHaveStyle({ fontSize: '18px' });
    expect(screen.getByRole('img', { name: 'Логотип университета' })).toHaveAttribute('width', '64');
    expect(screen.getByTestId('login-form')).toBeInTheDocument();
  });

  it("a page that arrived with the card's data shows the card without asking /logo.json or the Google check", async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_DATA_ELEMENT_ID;
    script.textContent = JSON.stringify({
      lang: 'ru',
      login: { logo: { logo: '/lms/own.svg', width: 80, name: 'Университет из страницы', fontsize: 20 }, googleSignIn: true },
    });
    document.body.append(script);
    rereadPageData();
    try {
      server.use(...publicHandlers());
      renderLogin();
      const name = await screen.findByText('Университет из страницы', { selector: '.login-university' });
      expect(name).toHaveStyle({ fontSize: '20px' });
      expect(screen.getByRole('img', { name: 'Логотип университета' })).toHaveAttribute('width', '80');
      expect(screen.getByRole('link', { name: /Google/ })).toBeInTheDocument();
      await requestsSettled();
      expect(log().paths()).not.toContain('/logo.json');
      expect(log().paths()).not.toContain('/api/google/check.json');
    } finally {
      document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
      rereadPageData();
    }
  });

  it('shows the card with the built-in logo when /logo.json fails', async () => {
    server.use(
      http.get('/logo.json', () => HttpResponse.error()),
      ...publicHandlers(),
    );
    renderLogin();
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Логотип университета' }).getAttribute('src')).toMatch(/\/logo\.svg$/);
  });

  it('asks for the logo and the Google flag again only when it has none for the language', async () => {
    server.use(...publicHandlers());
    const store = makeStore({ session: { ...initialSessionState, status: 'anonymous' } });
    const first = renderWithStore(<LoginScreen />, { route: '/lms/login', store });
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    first.unmount();
    renderWithStore(<LoginScreen />, { route: '/lms/login', store });
    // Back on the screen (e.g. after a logout): the card shows at once, without new requests.
    expect(screen.getByTestId('login-form')).toBeInTheDocument();
    // The effects ran on mount: any request they made is in flight now; let it finish before counting.
    await requestsSettled();
    expect(
      log()
        .paths()
        .filter((p) => p === '/logo.json'),
    ).toHaveLength(1);
    expect(
      log()
        .paths()
        .filter((p) => p === '/api/google/check.json'),
    ).toHaveLength(1);
  });

  it('requires login and password of at least 3 characters, and sends nothing until then', async () => {
    server.use(...publicHandlers());
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите логин')).toBeInTheDocument();
    expect(screen.getByText('Введите пароль')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Логин'), 'ab');
    await user.type(screen.getByLabelText('Пароль'), 'cd');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findAllByText('Не менее 3 символов')).toHaveLength(2);
    expect(log().paths()).not.toContain('/api/auth/recovery.json');
  });

  it('the show-password button reveals and hides the password', async () => {
    server.use(...publicHandlers());
    const { user } = renderLogin();
    const input = await screen.findByLabelText('Пароль');
    await user.click(screen.getByRole('button', { name: 'Показать пароль' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Скрыть пароль' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('wrong credentials show the error line, which closes on click', async () => {
    server.use(
      ...publicHandlers(),
      http.post('/api/auth/recovery.json', () => fail(401, 'BAD_CREDENTIALS', 'bad')),
    );
    const { user } = renderLogin();
    await fillLogin(user, 'teacher', 'wrong-password');
    const alert = await screen.findByRole('alert');
    // What went wrong, and not the new-password rule (that belongs where a new password is chosen).
    expect(alert).toHaveTextContent(/^Неверное имя пользователя или пароль$/);
    await user.click(alert);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('a disabled account says so, and whom to ask', async () => {
    server.use(
      ...publicHandlers(),
      http.post('/api/auth/recovery.json', () => fail(403, 'ACCOUNT_DISABLED', 'disabled')),
    );
    const { user } = renderLogin();
    await fillLogin(user, 'student', 'Student2026');
    expect(await screen.findByRole('alert')).toHaveTextContent('Эта учётная запись отключена. Обратитесь к администрации университета.');
  });

  it('too many attempts says how many minutes to wait', async () => {
    server.use(
      ...publicHandlers(),
      http.post('/api/auth/recovery.json', () => fail(429, 'TOO_MANY_REQUESTS', 'wait', { retryAfter: 600 })),
    );
    const { user } = renderLogin();
    await fillLogin(user, 'teacher', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Слишком много попыток. Повторите через 10 мин.');
  });

  it('signs in (LOG_PAS 0 → orize) and goes home', async () => {
    server.use(
      ...publicHandlers(),
      http.post('/api/auth/recovery.json', () => ok([{ LOG_PAS: 0 }])),
      http.post('/api/auth/orize.json', () => ok(teacher)),
      http.post('/api/misc/settings.json', () => ok([{ id_a_year: 1, a_year: '2025-26', id_w_s: 1, universityName: 'U', maxSizeMb: 25 }, []])),
      http.post('/api/misc/photo.json', () => ok({ photo: null, mime: null })),
      http.post('/api/misc/position.json', () => ok([{ position: 'Доцент', department: 'Кафедра' }])),
      http.post('/api/misc/dinurls.json', () => ok([])),
      http.get('/api/notifications/count.json', () => ok({ unread: 0 })),
    );
    const { user, store } = renderLogin();
    await fillLogin(user, 'teacher', 'Teacher2026');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(store.getState().session.user?.uid).toBe(501);
    expect(localStorage.getItem('fio')).toBe('Асанов Б. К.');
  });

  describe('forced credential update (LOG_PAS 1)', () => {
    beforeEach(() => {
      server.use(
        ...publicHandlers({ passwordMinLength: 6 }),
        http.post('/api/auth/recovery.json', () => ok([{ LOG_PAS: 1 }])),
      );
    });

    it('shows the update form with the minimum length from /config.json', async () => {
      const { user } = renderLogin();
      await fillLogin(user, 'freshman', 'Freshman2026');
      const form = await screen.findByTestId('update-form');
      expect(within(form).getByLabelText('Новый логин')).toBeInTheDocument();
      expect(within(form).getByLabelText('Новый пароль')).toHaveAccessibleDescription(
        'Не менее 6 символов; не совпадает с логином и не из списка распространённых паролей',
      );
      expect(within(form).getByLabelText('Подтверждение пароля')).toBeInTheDocument();
      expect(log().paths()).not.toContain('/api/auth/orize.json');
    });

    it('requires every field', async () => {
      const { user } = renderLogin();
      await fillLogin(user, 'freshman', 'Freshman2026');
      const form = await screen.findByTestId('update-form');
      await user.click(within(form).getByRole('button', { name: 'Сохранить и войти' }));
      expect(await within(form).findByText('Введите новый логин')).toBeInTheDocument();
      expect(within(form).getByText('Введите новый пароль')).toBeInTheDocument();
      expect(within(form).getByText('Повторите новый пароль')).toBeInTheDocument();
    });

    it('a confirmation mismatch shows login.passnotmatch and sends nothing', async () => {
      const { user } = renderLogin();
      await fillLogin(user, 'freshman', 'Freshman2026');
      const form = await screen.findByTestId('update-form');
      await user.type(within(form).getByLabelText('Новый логин'), 'aiperi');
      await user.type(within(form).getByLabelText('Новый пароль'), 'Secret2026');
      await user.type(within(form).getByLabelText('Подтверждение пароля'), 'Secret2027');
      await user.click(within(form).getByRole('button', { name: 'Сохранить и войти' }));
      expect(await within(form).findByText('Пароли не совпадают')).toBeInTheDocument();
      // The refused submit is over (its validation put the error up): a request it made would be in flight.
      await requestsSettled();
      expect(log().paths()).not.toContain('/api/auth/updatelogin.json');
    });

    it('a valid update sends old and new credentials, then signs in with the new ones', async () => {
      server.use(
        http.post('/api/auth/updatelogin.json', () => ok({ changed: true }, 'Логин и пароль изменены')),
        http.post('/api/auth/orize.json', () => ok(student)),
        http.post('/api/misc/settings.json', () => ok([{ id_a_year: 1, a_year: '2025-26', id_w_s: 1, universityName: 'U', maxSizeMb: 25 }, []])),
        http.post('/api/misc/photo.json', () => ok({ photo: null, mime: null })),
        http.post('/api/misc/dinurls.json', () => ok([])),
        http.get('/api/notifications/count.json', () => ok({ unread: 0 })),
      );
      const { user } = renderLogin();
      await fillLogin(user, 'freshman', 'Freshman2026');
      const form = await screen.findByTestId('update-form');
      await user.type(within(form).getByLabelText('Новый логин'), 'aiperi');
      await user.type(within(form).getByLabelText('Новый пароль'), 'Secret2026');
      await user.type(within(form).getByLabelText('Подтверждение пароля'), 'Secret2026');
      await user.click(within(form).getByRole('button', { name: 'Сохранить и войти' }));
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      const update = log().requests.find((r) => r.path === '/api/auth/updatelogin.json');
      expect(update?.body).toEqual({ oldlog: 'freshman', oldpas: 'Freshman2026', newlog: 'aiperi', newpas: 'Secret2026' });
      expect(
        log()
          .requests.filter((r) => r.path === '/api/auth/orize.json')
          .map((r) => r.body),
      ).toEqual([{ login: 'aiperi', password: 'Secret2026' }]);
    });

    it('a refused update shows the server reason', async () => {
      server.use(http.post('/api/auth/updatelogin.json', () => fail(409, 'LOGIN_TAKEN', 'taken')));
      const { user } = renderLogin();
      await fillLogin(user, 'freshman', 'Freshman2026');
      const form = await screen.findByTestId('update-form');
      await user.type(within(form).getByLabelText('Новый логин'), 'teacher');
      await user.type(within(form).getByLabelText('Новый пароль'), 'Secret2026');
      await user.type(within(form).getByLabelText('Подтверждение пароля'), 'Secret2026');
      await user.click(within(form).getByRole('button', { name: 'Сохранить и войти' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Этот логин уже занят.');
    });
  });

  it('is translated: English labels and button', async () => {
    await initTestI18n('en');
    server.use(...publicHandlers());
    renderLogin();
    expect(await screen.findByLabelText('Login')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows "Введите имя пользователя и пароль" after the session was found gone', async () => {
    server.use(...publicHandlers());
    const store = makeStore({ session: { status: 'anonymous', user: null, endReason: 'expired', message: 'login.enterCredentials' } });
    renderWithStore(<LoginScreen />, { route: '/lms/login', store });
    expect(await screen.findByRole('alert')).toHaveTextContent('Введите имя пользователя и пароль');
  });
});
