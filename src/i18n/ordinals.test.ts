/** A semester of study is named as an ordinal in every language (docs/glossary.md), wherever it is shown outside the journal. */
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../test/i18n';

beforeAll(() => initTestI18n('ru'));

const name = (lng: string, key: string, count: number) => i18n.t(key, { lng, count, ordinal: true });

describe('semesters of study read as ordinals', () => {
  it.each(['chat:contacts.semesterN', 'umk:semesterName', 'qr:card.semesterN', 'journal:filters.semesterN'])('%s', (key) => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map((n) => name('en', key, n))).toEqual([
      '1st semester',
      '2nd semester',
      '3rd semester',
      '4th semester',
      '11th semester',
      '12th semester',
      '13th semester',
      '21st semester',
      '22nd semester',
    ]);
    expect([1, 2, 3, 5].map((n) => name('ru', key, n))).toEqual(['1-й семестр', '2-й семестр', '3-й семестр', '5-й семестр']);
    expect([1, 2, 3, 5].map((n) => name('kg', key, n))).toEqual(['1-семестр', '2-семестр', '3-семестр', '5-семестр']);
  });

  it("the student card's year and semester", () => {
    const study = (lng: string) => i18n.t('qr:card.studyValue', { lng, course: name(lng, 'qr:card.courseN', 3), semester: name(lng, 'qr:card.semesterN', 5) });
    expect(study('en')).toBe('3rd year, 5th semester');
    expect(study('ru')).toBe('3-й курс, 5-й семестр');
    expect(study('kg')).toBe('3-курс, 5-семестр');
  });
});
