/** The local search of a category and its result texts in the three languages (docs/areas/library.md#for-users). */
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '@contract/library';
import { initTestI18n } from '../../test/i18n';
import { BY_AUTHOR, BY_NAME, filterBooks } from './library.filter';

const book = (id: number, name: string, author: string): Book => ({
  id_eBook: id,
  name,
  author,
  description: '',
  totalPages: 100,
  fileName: `${id}.pdf`,
  fileSize: 1000,
  mime: 'application/pdf',
  id_bookCategory: 1,
  id_baseBookCategory: 1,
  category: 'Программирование',
  isFromUmk: false,
  hasCover: false,
  canEdit: false,
});

const BOOKS = [
  book(1, 'Совершенный код', 'Макконнелл С.'),
  book(2, 'Cien años de soledad', 'Gabriel García Márquez'),
  book(3, 'Чистый код', 'Мартин Р.'),
  book(4, 'Ёлка', 'Чуковский К.'),
];

describe('filterBooks', () => {
  it('by name (mode 1) or by author, ignoring case and diacritics', () => {
    expect(filterBooks(BOOKS, 'КОД', BY_NAME)).toEqual({ kind: 'found', books: [BOOKS[0], BOOKS[2]] });
    expect(filterBooks(BOOKS, 'anos', BY_NAME).books).toEqual([BOOKS[1]]);
    expect(filterBooks(BOOKS, 'елка', BY_NAME).books).toEqual([BOOKS[3]]);
    expect(filterBooks(BOOKS, 'garcia', BY_AUTHOR).books).toEqual([BOOKS[1]]);
    // A title word is not an author.
    expect(filterBooks(BOOKS, 'код', BY_AUTHOR)).toEqual({ kind: 'none', books: BOOKS });
    expect(filterBooks(BOOKS, '   ', BY_NAME)).toEqual({ kind: 'all', books: BOOKS });
  });
});

describe('the result texts', () => {
  beforeAll(() => initTestI18n('ru'));
  const found = (lng: string, count: number) => i18n.getFixedT(lng, 'library')('search.found', { count });
  const none = (lng: string, count: number) => i18n.getFixedT(lng, 'library')('search.none', { text: 'python', count });

  it('Russian: 1 файл, 2 файла, 5 файлов, 21 файл', () => {
    expect(found('ru', 1)).toBe('Найден 1 файл');
    expect(found('ru', 3)).toBe('Найдено 3 файла');
    expect(found('ru', 5)).toBe('Найдено 5 файлов');
    expect(found('ru', 11)).toBe('Найдено 11 файлов');
    expect(found('ru', 21)).toBe('Найден 21 файл');
    expect(none('ru', 12)).toBe('Поиск по python не дал результатов, показаны все файлы (12)');
  });

  it('English: 1 file, 2 files', () => {
    expect(found('en', 1)).toBe('1 file found');
    expect(found('en', 2)).toBe('2 files found');
    expect(none('en', 1)).toBe('No results for python, showing all files (1)');
  });

  it('Kyrgyz: one form for every number', () => {
    expect(found('kg', 1)).toBe('1 файл табылды');
    expect(found('kg', 5)).toBe('5 файл табылды');
    expect(none('kg', 7)).toBe('python боюнча эч нерсе табылган жок, бардык файлдар көрсөтүлдү (7)');
  });
});
