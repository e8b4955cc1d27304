import fs from 'node:fs';
import path from 'node:path';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages';
import { ROLE_STUDENT, ROLE_TEACHER } from '../shared/request/roles';
import { initTestI18n } from '../test/i18n';
import { AREAS, menuFor, servesRole, type AreaEntry } from './areas';
import { MOBILE_TABS, tabsFor } from './shell/mobileTabs';
import { GridIcon } from '../components/shellIcons';
import { TAB_CHECK_IN } from '../shared/shell/tabs';

describe('roles in the area manifest', () => {
  it("a teacher's side menu has the QR reports and registration but not the student's own QR code, payment code or transcript", () => {
    const { routes, hidden } = menuFor(ROLE_TEACHER);
    expect(routes).toMatchObject({ schedule: '/schedule', journal: '/journal', reportQr: '/reportqr', registration: '/registration' });
    expect(routes.studentQr).toBeUndefined();
    expect([...hidden].sort()).toEqual(['checkIn', 'paymentCode', 'studentQr', 'transcript']);
  });

  it("a student's side menu has the own QR code and the reports", () => {
    const { routes, hidden } = menuFor(ROLE_STUDENT);
    expect(routes).toMatchObject({ schedule: '/schedule', journal: '/journal', reportQr: '/reportqr', studentQr: '/qrstud', checkIn: '/qrscan' });
    expect(hidden.size).toBe(0);
  });

  it('a route without roles serves every role; one with roles only those', () => {
    expect(servesRole(undefined, ROLE_TEACHER)).toBe(true);
    expect(servesRole([ROLE_STUDENT], ROLE_TEACHER)).toBe(false);
    expect(servesRole([ROLE_STUDENT], ROLE_STUDENT)).toBe(true);
    expect(servesRole([ROLE_STUDENT], null)).toBe(false);
  });

  it("a phone's bottom tabs leave out an area that does not serve the role", () => {
    const studentsOnly = { id: 99, label: 'tabs.apps', icon: GridIcon, area: 'qr', roles: [ROLE_STUDENT] as const };
    const tabs = [...MOBILE_TABS, studentsOnly];
    expect(tabsFor(ROLE_STUDENT, tabs)).toContain(studentsOnly);
    expect(tabsFor(ROLE_TEACHER, tabs)).not.toContain(studentsOnly);
    // The check-in tab is the student's alone (the shell shows it while attendance is open).
    expect(tabsFor(ROLE_TEACHER).map((tab) => tab.id)).toEqual(MOBILE_TABS.filter((tab) => tab.id !== TAB_CHECK_IN).map((tab) => tab.id));
    expect(tabsFor(ROLE_STUDENT).map((tab) => tab.id)).toEqual(MOBILE_TABS.map((tab) => tab.id));
  });
});

describe('the texts the area manifest names', () => {
  beforeAll(() => initTestI18n());

  it('every navigation, tab and side-menu label exists in kg, ru and en (cm.json)', () => {
    const labels = (AREAS as readonly AreaEntry[]).flatMap((area) => [
      ...(area.nav ? [{ area: area.key, key: area.nav, what: `its top-navigation label ('nav')` }] : []),
      ...(area.tab ? [{ area: area.key, key: area.tab.label, what: `its mobile tab's label ('tab.label')` }] : []),
      ...[area.menuKey, ...(area.routes ?? []).map((route) => route.menuKey)]
        .filter((key): key is NonNullable<typeof key> => Boolean(key))
        .map((key) => ({ area: area.key, key: `menu.${key}`, what: `its side-menu label ('menuKey: ${key}')` })),
    ]);
    expect(labels.length).toBeGreaterThan(0);
    const missing = labels.flatMap(({ area, key, what }) =>
      LANGUAGES.filter((lng) => !i18n.exists(`cm:${key}`, { lng, fallbackLng: false })).map(
        (lng) => `Area '${area}': add "${key}", ${what}, to public/locales/${lng}/cm.json (README, "Adding an area: client", step 3)`,
      ),
    );
    expect(missing).toEqual([]);
  });
});

describe('the routes the end-to-end checks load (tests/support/routes.json)', () => {
  /** What the manifest declares: every area's route and its further routes, with the roles each serves. */
  const declared = (AREAS as readonly AreaEntry[]).flatMap((area) => [
    { area: area.key, path: area.path, ...(area.roles ? { roles: [...area.roles] } : {}) },
    ...(area.routes ?? []).map((route) => {
      const roles = route.roles ?? area.roles;
      return { area: area.key, path: route.path, ...(roles && !route.public ? { roles: [...roles] } : {}), ...(route.public ? { public: true } : {}) };
    }),
  ]);
  // Read as a file: the client does not import the end-to-end harness.
  const listed = (JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../tests/support/routes.json'), 'utf8')) as { routes: unknown[] }).routes;

  it('lists every route of the manifest, with its roles, and nothing else', () => {
    const key = (route: unknown) => JSON.stringify(route);
    const missing = declared.filter((route) => !listed.some((other) => key(other) === key(route))).map(key);
    const stale = listed.filter((route) => !declared.some((other) => key(other) === key(route))).map(key);
    expect(
      { missing, stale },
      'tests/support/routes.json must list these routes of src/app/areas.ts as written here (missing) and no other (stale): README, "Adding an area: client", step 5',
    ).toEqual({ missing: [], stale: [] });
  });
});
