import { describe, expect, it } from 'vitest';
import { ROLE_STUDENT, ROLE_TEACHER } from '../shared/request/roles';
import { menuFor, servesRole } from './areas';

describe('roles in the area manifest', () => {
  it("a teacher's side menu has the QR reports but not the student's own QR code", () => {
    const { routes, hidden } = menuFor(ROLE_TEACHER);
    expect(routes).toMatchObject({ schedule: '/schedule', journal: '/journal', reportQr: '/reportqr' });
    expect(routes.studentQr).toBeUndefined();
    expect([...hidden]).toEqual(['studentQr']);
  });

  it("a student's side menu has the own QR code and the reports", () => {
    const { routes, hidden } = menuFor(ROLE_STUDENT);
    expect(routes).toMatchObject({ schedule: '/schedule', journal: '/journal', reportQr: '/reportqr', studentQr: '/qrstud' });
    expect(hidden.size).toBe(0);
  });

  it('a route without roles serves every role; one with roles only those', () => {
    expect(servesRole(undefined, ROLE_TEACHER)).toBe(true);
    expect(servesRole([ROLE_STUDENT], ROLE_TEACHER)).toBe(false);
    expect(servesRole([ROLE_STUDENT], ROLE_STUDENT)).toBe(true);
    expect(servesRole([ROLE_STUDENT], null)).toBe(false);
  });
});
