/**
 * The signed-in portal as screen tests meet it: the demo teacher's and student's profiles, the calls
 * every signed-in page makes (sign-in, settings, profile, the home page's timetable), and the
 * address bar (the page the router shows, with its query); `renderPortal` renders the whole app
 * on a route.
 */
import { expect } from 'vitest';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { App } from '../app/App';
import { renderWithStore } from './render';
import type { Profile } from '@contract/profile';
import { admin, http, ok, publicHandlers, student, teacher } from './server';

export const teacherProfile: Profile = {
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

/** The demo student's profile, as far as the QR screens need it. */
export const studentProfile: Profile = { ...teacherProfile, uid: student.uid, role: 2, fullName: student.fullName, position: null, group: 'ПИ-1-22' };

export function signedInHandlers(user = teacher, profile: Profile = teacherProfile) {
  return [
    ...publicHandlers(),
    http.post('/api/auth/enticate.json', () => ok(user)),
    http.post('/api/misc/settings.json', () =>
      ok([
        { id_a_year: 2025, a_year: '2025-26', id_w_s: 1, universityName: 'Тянь-Шаньский государственный университет', maxSizeMb: 25 },
        [
          { key: 'schedule', url: 'https://schedule.tsu.kg' },
          { key: 'webinar', url: 'https://meet.tsu.kg' },
          { key: 'unknown', url: 'https://x.tsu.kg' },
        ],
      ]),
    ),
    http.post('/api/misc/photo.json', () => ok({ photo: null, mime: null })),
    http.post('/api/misc/position.json', () => ok([{ position: 'Доцент', department: 'Кафедра программной инженерии' }])),
    http.post('/api/misc/dinurls.json', () => ok([{ id: 1, name: { kg: 'Почта', ru: 'Почта', en: 'Mail' }, url: 'https://mail.tsu.kg', icon: 'mail' }])),
    http.post('/api/profile/data.json', () => ok(profile)),
    // The home page's timetable panel (the current period comes with the settings above).
    http.post('/api/schedule/teacher.json', () => ok({ year: 2025, ws: 1, days: [] })),
    http.post('/api/schedule/student.json', () => ok({ year: 2025, ws: 1, days: [] })),
    // The header's bell.
    http.get('/api/notifications/count.json', () => ok({ unread: 0 })),
  ];
}

/** The page the router shows, with its query, as a user reads it in the address bar. */
export function AddressBar() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{`/lms${pathname === '/' ? '' : pathname}${search}`}</output>;
}

/** The whole app on a route, with the address bar under it. */
export function renderPortal(route: string) {
  return renderWithStore(
    <>
      <App />
      <AddressBar />
    </>,
    { route },
  );
}

/** Those without the admin right: the teacher and the student, each with the profile it signs in with. */
export const NON_ADMINS = [
  [{ ...admin, admin: false }, teacherProfile],
  [student, studentProfile],
] as const;

/** Each route shows the signed-in user the not-for-your-role page; `also` checks more while it is shown. */
export async function expectNotForRole(routes: readonly string[], also?: () => void) {
  for (const route of routes) {
    const { unmount } = renderPortal(route);
    expect(await screen.findByRole('heading', { name: 'Недоступно для вашей роли' })).toBeInTheDocument();
    also?.();
    unmount();
  }
}
