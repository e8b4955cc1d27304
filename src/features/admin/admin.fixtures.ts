/** The administration's accounts and signed-in administrator for the client tests of the area (AdminScreens*.test.tsx). */
import { screen } from '@testing-library/react';
import type { AdminAccount } from '@contract/admin';
import type { User } from '@contract/auth';
import { signedInHandlers, teacherProfile } from '../../test/portal';
import { admin, http, ok, server } from '../../test/server';

export const account = (over: Partial<AdminAccount> = {}): AdminAccount => ({
  id: 20,
  login: 'student',
  role: 2,
  fullName: 'Сыдыкова Айпери Талантовна',
  place: 'ПИ-1-24',
  admin: false,
  news: false,
  registrar: false,
  libraryEditor: false,
  qrReports: false,
  deanFacultyId: null,
  disabled: false,
  locked: false,
  lockedUntil: null,
  mustUpdateCredentials: false,
  hasPassword: true,
  passwordChangedAt: '2026-09-01T06:00:00.000Z',
  lastSignIn: '2026-10-14T08:00:00.000Z',
  sessions: 2,
  quotaMb: null,
  quotaDefaultMb: 200,
  usedMb: 12,
  ...over,
});

export const FACULTIES = [
  { id: 3, name: 'ФИТ / Факультет информационных технологий' },
  { id: 4, name: 'ЭФ / Экономический факультет' },
];

const adminProfile = { ...teacherProfile, uid: admin.uid, fullName: admin.fullName, login: 'admin' };

/** The admin signed in, the accounts found for any query; returns the bodies the server got. */
export function adminPortal(
  accounts: AdminAccount[] = [account(), account({ id: 30, login: 'admin', role: 1, fullName: admin.fullName, place: 'Преподаватель', admin: true })],
  user: User = admin,
) {
  const asked: { url: string; body: unknown }[] = [];
  server.use(
    ...signedInHandlers(user, adminProfile),
    http.post('/api/admin/newaccountlists.json', () => ok({ positions: [], departments: [], faculties: FACULTIES })),
    http.post('/api/admin/accounts.json', async ({ request }) => {
      const body = (await request.json()) as { q: string; page: number };
      asked.push({ url: 'accounts', body });
      const found = accounts.filter((a) => !body.q || a.login.includes(body.q.toLowerCase()) || a.fullName.toLowerCase().includes(body.q.toLowerCase()));
      return ok({ items: found, total: found.length, page: body.page, pageSize: 20 });
    }),
  );
  return asked;
}

export const accountItem = async (login: string) => (await screen.findAllByTestId('admin-account')).find((li) => li.dataset.login === login)!;
