/** Renders the login screen for the auth area's client tests (LoginScreen*.test.tsx). */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { initialSessionState } from '@shared/session/session';
import { makeStore, renderWithStore } from '../../test/render';
import LoginScreen from './LoginScreen';

export function renderLogin(route = '/lms/login') {
  const store = makeStore({ session: { ...initialSessionState, status: 'anonymous' } });
  const view = renderWithStore(
    <Routes>
      <Route path="/login" element={<LoginScreen />} />
      <Route path="/" element={<h1>Home page</h1>} />
      <Route path="/qrscan" element={<h1>Scan page</h1>} />
    </Routes>,
    { route, store },
  );
  return { ...view, user: userEvent.setup() };
}

export async function fillLogin(user: ReturnType<typeof userEvent.setup>, login: string, password: string) {
  // The card appears once /logo.json and the Google check have answered.
  await user.type(await screen.findByLabelText('Логин'), login);
  await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Войти' }));
}
