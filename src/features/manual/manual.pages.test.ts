/** The manual's pages as data: each picture is a screenshot baseline, each page has its texts, a route finds its page, the search folds letters. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../i18n/languages';
import { resources } from '../../test/i18n';
import { MANUAL_PAGES, MANUAL_ROLES, PICTURES, PICTURE_WIDTHS, pageForRoute, rolesOf } from './manual.pages';
import { fold, queryWords } from './manualSearch';
import { admin, student, teacher } from '../../test/server';

const BASELINES = path.resolve(__dirname, '../../../tests/screenshots');

describe('the manual’s pages', () => {
  it('name only pictures that are screenshot baselines of tests/screenshots.e2e.ts, at both widths', () => {
    expect(PICTURES.length).toBeGreaterThan(3);
    const missing = PICTURES.flatMap((stem) => PICTURE_WIDTHS.map((w) => `${stem}-${w}.png`)).filter((file) => !fs.existsSync(path.join(BASELINES, file)));
    expect(missing, 'tests/screenshots/ has no such baseline: add the screen to tests/screenshots.e2e.ts or name another picture').toEqual([]);
  });

  it('each have a title, a purpose, numbered steps and (with a picture) its alt text in kg, ru and en; ids are unique', () => {
    expect(new Set(MANUAL_PAGES.map((page) => page.id)).size).toBe(MANUAL_PAGES.length);
    const wrong = LANGUAGES.flatMap((lng) =>
      MANUAL_PAGES.flatMap((page) => {
        const texts = (resources[lng].manual.pages as Record<string, { title?: string; purpose?: string; steps?: unknown; alt?: string }>)[page.id];
        const ok = texts?.title && texts.purpose && Array.isArray(texts.steps) && texts.steps.length >= 2 && Boolean(texts.alt) === Boolean(page.picture);
        return ok ? [] : [`${lng}/manual.json pages.${page.id}`];
      }),
    );
    expect(wrong).toEqual([]);
    // No text of a page that is no page (a page removed from the list, its texts left behind).
    expect(Object.keys(resources.ru.manual.pages as object).sort()).toEqual(MANUAL_PAGES.map((page) => page.id).sort());
  });

  it('serve every role: students, teachers and the administration each have several', () => {
    for (const role of MANUAL_ROLES) expect(MANUAL_PAGES.filter((page) => page.roles.includes(role)).length, role).toBeGreaterThan(3);
  });
});

describe('the page about a route (the help button)', () => {
  it("is the reader's role's among the pages of that screen", () => {
    expect(pageForRoute('/journal', rolesOf(student))?.id).toBe('my-marks');
    expect(pageForRoute('/journal', rolesOf(teacher))?.id).toBe('mark-journal');
    expect(pageForRoute('/news', rolesOf(student))?.id).toBe('read-news');
  });

  it('covers the addresses under its route, the longest route first', () => {
    expect(pageForRoute('/library/read/12', rolesOf(student))?.id).toBe('library-book');
    expect(pageForRoute('/admin/imports', rolesOf(admin))?.id).toBe('imports');
    expect(pageForRoute('/admin/audit', rolesOf(admin))?.id).toBe('accounts');
    expect(pageForRoute('/journal/', rolesOf(teacher))?.id).toBe('mark-journal');
  });

  it("is another role's page when the screen has none of the reader's, and none for a screen without a page", () => {
    expect(pageForRoute('/paymentcode', rolesOf(teacher))?.id).toBe('pay');
    expect(pageForRoute('/transcript', rolesOf(student))?.id).toBe('transcript');
    expect(pageForRoute('/apps', rolesOf(student))).toBeUndefined();
    expect(pageForRoute('/', rolesOf(student))).toBeUndefined();
  });

  it("an administrator or a dean's office reads the administration's pages besides his role's", () => {
    expect(rolesOf(admin)).toEqual(['teacher', 'staff']);
    expect(rolesOf({ ...teacher, deanFacultyId: 3 })).toEqual(['teacher', 'staff']);
    expect(rolesOf(student)).toEqual(['student']);
  });
});

describe('the search’s folding', () => {
  it('folds case, ё and the Kyrgyz ң, ө, ү, keeps й, and splits on anything but letters and digits', () => {
    expect(fold('Төлөм КОДУ')).toBe('толом коду');
    expect(fold('Жаңылык Үйрөнүү')).toBe('жанылык уйронуу');
    expect(fold('Ёлка')).toBe('елка');
    expect(fold('Мой журнал')).toBe('мой журнал');
    expect(queryWords('  «QR-код»,  ')).toEqual(['qr', 'код']);
  });
});
