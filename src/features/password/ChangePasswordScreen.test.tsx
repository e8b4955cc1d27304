import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialSessionState } from '@shared/session/session';
import { initTestI18n } from '../../test/i18n';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, http, ok, publicHandlers, recordRequests, requestsSettled, server, teacher } from '../../test/server';
import ChangePasswordScreen from './ChangePasswordScreen';

vi.mock('@lib/notify', () => ({ notify: vi.fn() }));

function renderScreen() {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher } });
  renderWithStore(<ChangePasswordScreen />, { route: '/lms/change-password', store });
  return userEvent.setup();
}

describe('ChangePasswordScreen (en)', () => {
  beforeEach(async () => {
    await initTestI18n('en');
    server.use(...publicHandlers({ passwordMinLength: 8 }));
  });

  it('password change: old required, new at least the configured minimum, confirmation equal', async () => {
    const user = renderScreen();
    const form = screen.getByTestId('password-change-form');
    expect(await within(form).findByText('At least 8 characters; not your login and not a common password')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Enter old password')).toBeInTheDocument();
    expect(within(form).getByText('Enter new password (at least 8 characters)')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Old password'), 'Teacher2026');
    await user.type(within(form).getByLabelText('New password'), 'Teacher2027');
    await user.type(within(form).getByLabelText('Confirm new password'), 'Teacher2028');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('New password and confirm password do not match')).toBeInTheDocument();
  });

  it('password change success and failure lines', async () => {
    const log = recordRequests();
    server.use(http.post('/api/passwd/reset.json', () => ok({ changed: true }, 'Password changed successfully')));
    const user = renderScreen();
    const form = screen.getByTestId('password-change-form');
    await user.type(within(form).getByLabelText('Old password'), 'Teacher2026');
    await user.type(within(form).getByLabelText('New password'), 'Teacher2027');
    await user.type(within(form).getByLabelText('Confirm new password'), 'Teacher2027');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Password changed successfully');
    expect(log.requests.find((r) => r.path === '/api/passwd/reset.json')?.body).toEqual({
      password: 'Teacher2026',
      newPassword: 'Teacher2027',
      uid: 501,
      role: 1,
    });
    log.stop();

    server.use(http.post('/api/passwd/reset.json', () => fail(400, 'WRONG_PASSWORD', 'wrong')));
    await user.type(within(form).getByLabelText('Old password'), 'Nope12345');
    await user.type(within(form).getByLabelText('New password'), 'Teacher2028');
    await user.type(within(form).getByLabelText('Confirm new password'), 'Teacher2028');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password change failed: The current password is incorrect.');
  });

  it("login change: a mismatch says Passwords don't match and sends nothing", async () => {
    const log = recordRequests();
    const user = renderScreen();
    const form = screen.getByTestId('login-change-form');
    await user.type(within(form).getByLabelText('Current password'), 'Teacher2026');
    await user.type(within(form).getByLabelText('New login'), 'bakyt');
    await user.type(within(form).getByLabelText('New password'), 'Bakyt20261');
    await user.type(within(form).getByLabelText('Confirm password'), 'Bakyt20262');
    await user.click(within(form).getByRole('button', { name: 'Change login and password' }));
    expect(await within(form).findByText("Passwords don't match")).toBeInTheDocument();
    // The refused submit is over (its validation put the error up): a request it made would be in flight.
    await requestsSettled();
    log.stop();
    expect(log.paths()).not.toContain('/api/auth/updatelogin.json');
  });

  it('login change: updates, signs in again and says so', async () => {
    server.use(
      http.post('/api/auth/updatelogin.json', () => ok({ changed: true }, 'Login and password changed')),
      http.post('/api/auth/orize.json', () => ok({ ...teacher, login: 'bakyt' })),
      http.post('/api/misc/settings.json', () => ok([{ id_a_year: 1, a_year: '2025-26', id_w_s: 1, universityName: 'U', maxSizeMb: 25 }, []])),
      http.post('/api/misc/photo.json', () => ok({ photo: null, mime: null })),
      http.post('/api/misc/position.json', () => ok([])),
      http.post('/api/misc/dinurls.json', () => ok([])),
      http.get('/api/notifications/count.json', () => ok({ unread: 0 })),
    );
    const user = renderScreen();
    const form = screen.getByTestId('login-change-form');
    await user.type(within(form).getByLabelText('Current password'), 'Teacher2026');
    await user.type(within(form).getByLabelText('New login'), 'bakyt');
    await user.type(within(form).getByLabelText('New password'), 'Bakyt20261');
    await user.type(within(form).getByLabelText('Confirm password'), 'Bakyt20261');
    await user.click(within(form).getByRole('button', { name: 'Change login and password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Login and password changed. You are signed in with the new credentials.');
    expect(await screen.findByText('Current login: bakyt')).toBeInTheDocument();
  });
});
