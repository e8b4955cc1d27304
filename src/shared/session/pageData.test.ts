import { afterEach, describe, expect, it } from 'vitest';
import { currentLanguage } from '../../i18n/languages';
import { student } from '../../test/server';
import { PAGE_DATA_ELEMENT_ID, rereadPageData, takePageData, takePageUser } from './pageData';

/** A feed item as the server sends it (only what these tests compare). */
const item = (id: number) => ({ id_eventMessage: id, message: `item ${id}` });

/** Puts a data block in the document as the server does (plugins/spa.ts). */
function arrive(data: unknown, raw?: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_DATA_ELEMENT_ID;
  script.textContent = raw ?? JSON.stringify(data);
  document.body.append(script);
  rereadPageData();
}

afterEach(() => {
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
  rereadPageData();
});

describe('page data', () => {
  it('gives the user and the feed once each, and takes the block out of the document', () => {
    arrive({ lang: currentLanguage(), user: student, news: [item(3)] });
    expect(takePageUser()).toEqual(student);
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();
    expect(takePageUser()).toBeNull();
    expect(takePageData('news', student.id)).toEqual([item(3)]);
    expect(takePageData('news', student.id)).toBeNull();
  });

  it('gives nothing in another language, for another user, or from an unreadable block', () => {
    arrive({ lang: currentLanguage() === 'en' ? 'ru' : 'en', user: student, news: [item(3)] });
    expect(takePageData('news', student.id)).toBeNull();
    arrive({ lang: currentLanguage(), user: student, news: [item(3)] });
    expect(takePageData('news', student.id + 1)).toBeNull();
    arrive(null, '{not json');
    expect(takePageUser()).toBeNull();
    expect(takePageData('news', student.id)).toBeNull();
  });

  it('without a block there is nothing', () => {
    expect(takePageUser()).toBeNull();
    expect(takePageData('news', 1)).toBeNull();
  });
});
