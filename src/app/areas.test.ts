import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages';
import { ROLE_STUDENT, ROLE_TEACHER } from '@shared/request/roles';
import { initTestI18n, resources } from '../test/i18n';
import { AREAS, type AreaEntry } from './areas';
import { menuFor, servesRole } from './areaAccess';
import { MANIFEST_ROUTES } from './manifestRoutes';
import { MOBILE_TABS, tabsFor } from './shell/mobileTabs';
import { GridIcon } from '@components/shellIcons';
import { TAB_CHECK_IN } from '@shared/shell/tabs';
import { admin, student, teacher } from '../test/server';

describe('roles in the area manifest', () => {
  it("a teacher's side menu has the QR reports and registration but not the student's own QR code, payment code or transcript", () => {
    const { routes, hidden } = menuFor(teacher);
    expect(routes).toMatchObject({ schedule: '/schedule', journal: '/journal', reportQr: '/reportqr', registration: '/registration' });
    expect(routes.studentQr).toBeUndefined();
    expect([...hidden].sort()).toEqual(['admin', 'checkIn', 'paymentCode', 'studentQr', 'transcript']);
  });

  it("a student's side menu has the own QR code and the reports", () => {
    const { routes, hidden } = menuFor(student);
    expect(routes).toMatchObject({ schedule: '/schedule', journal: '/journal', reportQr: '/reportqr', studentQr: '/qrstud', checkIn: '/qrscan' });
    expect([...hidden]).toEqual(['workload', 'admin']);
  });

  it("the workload is a teacher's (the manifest's roles)", () => {
    expect(menuFor(teacher).routes.workload).toBe('/workload');
    expect(menuFor(student).hidden.has('workload')).toBe(true);
  });

  it("the administration is an administrator's (the manifest's allows), whatever the role", () => {
    expect(menuFor(admin).routes.admin).toBe('/admin');
    expect(menuFor({ ...student, admin: true }).routes.admin).toBe('/admin');
    expect(menuFor(teacher).routes.admin).toBeUndefined();
    expect(menuFor(student).hidden.has('admin')).toBe(true);
  });

  it("a faculty's dean's office has the administration too (the server shows him his faculty's accounts only), but not the imports", () => {
    const dean = { ...teacher, deanFacultyId: 3 };
    expect(menuFor(dean).routes.admin).toBe('/admin');
    const imports = AREAS.find((a) => a.key === 'imports') as AreaEntry;
    expect(imports.allows?.(dean)).toBe(false);
    expect(imports.allows?.(admin)).toBe(true);
    // A user kept from before the field existed has no dean's office.
    const { deanFacultyId: _, ...kept } = teacher;
    expect(menuFor(kept as typeof teacher).routes.admin).toBeUndefined();
  });

  it("reference requests are a registrar's among teachers (the entry's shownTo), and every student's", () => {
    expect(menuFor(teacher).routes.references).toBe('/singlewindow');
    expect(menuFor(student).routes.references).toBe('/singlewindow');
    const { routes, hidden } = menuFor({ ...teacher, registrar: false });
    expect(routes.references).toBeUndefined();
    // Neither the route nor a university's link for the key.
    expect(hidden.has('references')).toBe(true);
  });

  it('signed out, no entry that names roles is served', () => {
    expect(menuFor(null).hidden.has('references')).toBe(true);
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
      ...[area.menu, ...(area.routes ?? []).map((route) => route.menu)]
        .flatMap((menu) => (menu ? [menu.key] : []))
        .map((key) => ({ area: area.key, key: `menu.${key}`, what: `its side-menu label ('menu.key: ${key}')` })),
    ]);
    expect(labels.length).toBeGreaterThan(0);
    const missing = labels.flatMap(({ area, key, what }) =>
      LANGUAGES.filter((lng) => !i18n.exists(`cm:${key}`, { lng, fallbackLng: false })).map(
        (lng) => `Area '${area}': add "${key}", ${what}, to public/locales/${lng}/cm.json (docs/adding-an-area.md, "Adding an area: client", step 3)`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it("a text that nests another's ($t(ns:key), as the manual's steps name the screens' buttons) finds it in every language, its namespace among its area's", () => {
    const nested = (AREAS as readonly AreaEntry[]).flatMap((area) =>
      area.namespaces.flatMap((ns) =>
        LANGUAGES.flatMap((lng) =>
          [...JSON.stringify(resources[lng]?.[ns] ?? {}).matchAll(/\$t\(([\w-]+):([\w.-]+)\)/g)].map(([, target, key]) => ({ area, ns, lng, target, key })),
        ),
      ),
    );
    expect(nested.length).toBeGreaterThan(0);
    const wrong = nested.flatMap(({ area, ns, lng, target, key }) => [
      ...(target === 'cm' || area.namespaces.includes(target)
        ? []
        : [`Area '${area.key}': ${ns}.json nests ${target}:${key}; add '${target}' to its namespaces`]),
      ...(i18n.exists(`${target}:${key}`, { lng, fallbackLng: false })
        ? []
        : [`public/locales/${lng}/${ns}.json nests ${target}:${key}, which does not exist`]),
    ]);
    expect(wrong).toEqual([]);
  });
});

describe('the routes the end-to-end checks load (manifestRoutes.ts)', () => {
  it('lists every route of the manifest once, a public one without roles', () => {
    const paths = MANIFEST_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual((AREAS as readonly AreaEntry[]).flatMap((area) => [area.path, ...(area.routes ?? []).map((route) => route.path)]));
    expect(MANIFEST_ROUTES.filter((route) => route.public && route.roles)).toEqual([]);
    expect(MANIFEST_ROUTES.find((route) => route.path === '/qrscan')).toEqual({ area: 'qr', path: '/qrscan', roles: [ROLE_STUDENT] });
  });
});
