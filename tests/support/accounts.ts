/** The demo accounts every fresh database is seeded with. */
export interface Account {
  login: string;
  password: string;
  role: 1 | 2;
}

export const TEACHER: Account = { login: 'teacher', password: 'Teacher2026', role: 1 };
export const STUDENT: Account = { login: 'student', password: 'Student2026', role: 2 };
/** Must set a new login and password at the first sign-in. */
export const FRESHMAN: Account = { login: 'freshman', password: 'Freshman2026', role: 2 };
/** The portal's administrator: a member of staff (role 1) with the admin right. */
export const ADMIN: Account = { login: 'admin', password: 'Admin2026', role: 1 };
/** The dean's office of the demo teacher's faculty (a member of staff, role 1): that faculty's accounts under /lms/admin. */
export const DEAN: Account = { login: 'dean', password: 'Dean2026', role: 1 };
