/** The login screen's other ways in: Google's sign-in and the university's own provider. */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { initTestI18n } from '../../test/i18n';
import { http, ok, publicHandlers, recordEachTest, server, student, teacher } from '../../test/server';
import { renderLogin } from './auth.fixtures';

vi.mock('@lib/notify', () => ({ notify: vi.fn() }));

describe('LoginScreen', () => {
  const log = recordEachTest();

  describe('Google sign-in', () => {
    it('shows the Google button only when /api/google/check.json says OAu true', async () => {
      server.use(...publicHandlers({ google: true }));
      renderLogin();
      const link = await screen.findByRole('link', { name: 'Войти через Google' });
      expect(link).toHaveAttribute('href', '/api/google/auth.json');
    });

    it('hides it when Google sign-in is off', async () => {
      server.use(...publicHandlers({ google: false }));
      const { store } = renderLogin();
      await waitFor(() => expect(log().paths()).toContain('/api/google/check.json'));
      await waitFor(() => expect(store.getState().auth.google.fetching).toBe(false));
      // The card (which would hold the button) is up: its absence now is an answer, not a moment.
      expect(await screen.findByTestId('login-form')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Войти через Google' })).not.toBeInTheDocument();
    });

    it('?gauth=unlinked shows its message', async () => {
      server.use(...publicHandlers({ google: true }));
      renderLogin('/lms/login?gauth=unlinked');
      expect(await screen.findByRole('alert')).toHaveTextContent('Этот аккаунт Google не привязан');
    });

    it('?gauth=ok asks the server for the session and enters', async () => {
      server.use(
        ...publicHandlers({ google: true }),
        http.get('/api/auth/checkgauth.json', () => ok(teacher)),
        http.post('/api/misc/settings.json', () => ok([{ id_a_year: 1, a_year: '2025-26', id_w_s: 1, universityName: 'U', maxSizeMb: 25 }, []])),
        http.post('/api/misc/photo.json', () => ok({ photo: null, mime: null })),
        http.post('/api/misc/position.json', () => ok([])),
        http.post('/api/misc/dinurls.json', () => ok([])),
        http.get('/api/notifications/count.json', () => ok({ unread: 0 })),
      );
      renderLogin('/lms/login?gauth=ok');
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      expect(log().paths()).toContain('/api/auth/checkgauth.json');
    });

    it('after Google sign-in returns to the page kept before leaving for Google, never to another site', async () => {
      const handlers = [
        ...publicHandlers({ google: true }),
        http.get('/api/auth/checkgauth.json', () => ok(student)),
        http.post('/api/misc/settings.json', () => ok([{ id_a_year: 1, a_year: '2025-26', id_w_s: 1, universityName: 'U', maxSizeMb: 25 }, []])),
        http.post('/api/misc/photo.json', () => ok({ photo: null, mime: null })),
        http.post('/api/misc/dinurls.json', () => ok([])),
        http.get('/api/notifications/count.json', () => ok({ unread: 0 })),
      ];
      server.use(...handlers);
      sessionStorage.setItem('returnTo', '/lms/qrscan?t=abc');
      const first = renderLogin('/lms/login?gauth=ok');
      expect(await screen.findByRole('heading', { name: 'Scan page' })).toBeInTheDocument();
      expect(sessionStorage.getItem('returnTo')).toBeNull();
      first.unmount();

      sessionStorage.setItem('returnTo', '//evil.example/lms/qrscan');
      renderLogin('/lms/login?gauth=ok');
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    });
  });

  describe("the university's sign-in", () => {
    const named = { name: { ru: 'ЕИС ТШГУ', en: 'TSHSU ID', kg: null } };

    it("shows the provider's button, under its configured name, only when /config.json names the provider; it is a keyboard-reachable link", async () => {
      server.use(...publicHandlers({ oidc: named }));
      const { user } = renderLogin();
      const link = await screen.findByRole('link', { name: 'Войти через ЕИС ТШГУ' });
      expect(link).toHaveAttribute('href', '/api/oidc/auth.json');
      // Tab order: login, password, show-password, submit, then the provider's button.
      await user.click(screen.getByRole('button', { name: 'Войти' }));
      await user.tab();
      expect(link).toHaveFocus();
    });

    it('names it generally when no name is configured, in the page language', async () => {
      server.use(...publicHandlers({ oidc: { name: { ru: null, en: null, kg: null } } }));
      renderLogin();
      expect(await screen.findByRole('link', { name: 'Войти через учётную запись университета' })).toBeInTheDocument();
    });

    it('hides it when the provider is not configured', async () => {
      server.use(...publicHandlers({ oidc: null }));
      const { store } = renderLogin();
      expect(await screen.findByTestId('login-form')).toBeInTheDocument();
      expect(store.getState().auth.oidc.checked).toBe(true);
      expect(screen.queryByRole('link', { name: /Войти через/ })).not.toBeInTheDocument();
      expect(screen.queryByText('или')).not.toBeInTheDocument();
    });

    it.each([
      ['unknown', 'Портал не нашёл вашу учётную запись по данным университета'],
      ['disabled', 'Учётная запись заблокирована'],
      ['expired', 'Вход занял слишком много времени или уже был использован'],
      ['failed', 'Не удалось подтвердить вход через учётную запись университета'],
    ])('?oidc=%s shows its message, and the button stays to try again', async (outcome, text) => {
      server.use(...publicHandlers({ oidc: named }));
      renderLogin(`/lms/login?oidc=${outcome}`);
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.getByRole('link', { name: 'Войти через ЕИС ТШГУ' })).toBeInTheDocument();
    });

    it('?oidc=ok asks the server for the session and enters', async () => {
      server.use(
        ...publicHandlers({ oidc: named }),
        http.post('/api/auth/enticate.json', () => ok(teacher)),
        http.post('/api/misc/settings.json', () => ok([{ id_a_year: 1, a_year: '2025-26', id_w_s: 1, universityName: 'U', maxSizeMb: 25 }, []])),
        http.post('/api/misc/photo.json', () => ok({ photo: null, mime: null })),
        http.post('/api/misc/position.json', () => ok([])),
        http.post('/api/misc/dinurls.json', () => ok([])),
        http.get('/api/notifications/count.json', () => ok({ unread: 0 })),
      );
      renderLogin('/lms/login?oidc=ok');
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      expect(log().paths()).toContain('/api/auth/enticate.json');
    });

    it('is translated: the English name and message', async () => {
      await initTestI18n('en');
      server.use(...publicHandlers({ oidc: named }));
      renderLogin('/lms/login?oidc=unknown');
      expect(await screen.findByRole('alert')).toHaveTextContent('The portal has no account for this university identity');
      expect(screen.getByRole('link', { name: 'Sign in with TSHSU ID' })).toBeInTheDocument();
    });
  });
});
