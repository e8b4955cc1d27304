/**
 * The e-library and the teaching materials in Chromium: the teacher uploads a material shared into
 * the library and watches the real upload progress; the student finds it by author and opens the
 * PDF in the browser; every delete asks first; the library at 390 px in dark mode; a teacher sees
 * his quota, uploads an EPUB, sees its cover and reads it in the portal's reader; a student has no
 * "add a book"; a PDF's cover is drawn from its first page; the reader's address of a PDF offers the
 * browser's viewer at once, and that of no book says so, with no download and no pages.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { buildEpub, PNG_1X1 } from './support/epub';
import { switchTheme } from './support/contexts';
import { STUDENT, TEACHER } from './support/accounts';
import { seriousViolations } from './support/a11y';
import { expectHidden, expectPath, expectVisible, setupE2E, signIn } from './support/e2e';
import { ru, text } from './support/texts';

const e2e = setupE2E();

/** A valid PDF of about 3 MB (a comment pads it), so that its upload takes a while on a slowed link. */
function bigPdf(): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n';
  const padding = `%${'x'.repeat(99)}\n`.repeat(30000);
  return Buffer.from(`${head}${padding}trailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** A one-page PDF (300×400 points) whose page is a blue field with a white band. */
function onePagePdf(): Buffer {
  const content = '0.1 0.3 0.8 rg 0 0 300 400 re f 1 1 1 rg 0 180 300 40 re f';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents 4 0 R /Resources << >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const AUTHOR = 'Жумагулова Айпери Тынчтыкбековна';
const TITLE = 'Лекции по веб-программированию: REST и HTTP';

async function open(page: Page, menuKey: 'library' | 'umk', path: string): Promise<void> {
  await expectVisible(page.getByRole('link', { name: ru(`menu.${menuKey}`), exact: true }).first());
  await page
    .getByRole('link', { name: ru(`menu.${menuKey}`), exact: true })
    .first()
    .click();
  await expectPath(page, path);
}

/** The teacher, signed in, with the library's "add a book" form open and its title and author filled. */
async function newBookForm(title: string): Promise<{ teacher: Page; form: Locator }> {
  const teacher = await e2e.page();
  await signIn(teacher, TEACHER);
  await open(teacher, 'library', '/lms/library');
  await expectVisible(teacher.getByTestId('library-book').first(), 20000);
  await teacher.getByTestId('library-add').click();
  const form = teacher.getByTestId('library-form');
  await form.getByLabel(ru('library:fields.title'), { exact: true }).fill(title);
  await form.getByLabel(ru('library:fields.author'), { exact: true }).fill('Тестов Т. Т.');
  return { teacher, form };
}

/** Waits until the cover image in the row of book `id` has loaded (not a broken image). */
async function coverLoaded(page: Page, id: string | null): Promise<void> {
  await page.waitForFunction((bookId) => {
    const img = document.querySelector<HTMLImageElement>(`[data-testid="library-book"][data-id="${bookId}"] img`);
    return !!img && img.complete && img.naturalWidth > 0;
  }, id);
}

describe('library and teaching materials', () => {
  it('the teacher uploads a material shared to the library with real progress; the student finds it by author and reads the PDF inline', async () => {
    const teacher = await e2e.page();
    await signIn(teacher, TEACHER);
    await open(teacher, 'umk', '/lms/umk');
    await expectVisible(teacher.getByTestId('umk-item').first(), 20000);
    await teacher.getByTestId('umk-add').click();
    const form = teacher.getByTestId('umk-form');
    await form.getByLabel(ru('umk:fields.type'), { exact: true }).selectOption({ label: 'Конспект лекций' });
    await form.getByLabel(ru('umk:fields.name'), { exact: true }).fill(TITLE);
    await form.getByLabel(ru('umk:fields.author'), { exact: true }).fill(AUTHOR);
    await form.getByLabel(ru('umk:fields.examType'), { exact: true }).selectOption({ index: 1 });
    await form.getByTestId('umk-for-ebooks').check();
    await form.getByLabel(ru('umk:fields.bookCategory'), { exact: true }).selectOption({ label: 'Учебная литература / Программирование' });
    await form.getByLabel(ru('umk:form.file'), { exact: true }).setInputFiles({ name: 'REST_и_HTTP.pdf', mimeType: 'application/pdf', buffer: bigPdf() });

    // A slow uplink (about 1 MB/s): the bar follows the bytes the browser sends.
    const cdp = await teacher.context().newCDPSession(teacher);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    await form.getByRole('button', { name: ru('umk:form.add'), exact: true }).click();
    // Sharing with the library asks first: every account will see the material.
    const share = teacher.getByRole('alertdialog', { name: ru('umk:share.title') });
    await expectVisible(share);
    await share.getByRole('button', { name: ru('umk:share.confirm'), exact: true }).click();
    const bar = teacher.getByTestId('upload-progress').locator('progress');
    await expectVisible(bar);
    await teacher.waitForFunction(() => {
      const value = Number(document.querySelector('[data-testid="upload-progress"] progress')?.getAttribute('data-percent'));
      return value > 0 && value < 100;
    });
    await expectHidden(teacher.getByTestId('umk-form'), 60000);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const created = teacher.getByTestId('umk-item').filter({ hasText: TITLE });
    await expectVisible(created);
    await expectVisible(created.getByText(ru('umk:item.inLibrary'), { exact: true }));

    const student = await e2e.page();
    await signIn(student, STUDENT);
    await open(student, 'library', '/lms/library');
    await expectVisible(student.getByTestId('library-book').first(), 20000);
    // Across the library, by the author's surname typed without care for case.
    await student.getByRole('searchbox', { name: ru('library:global.label'), exact: true }).fill('жумагулова');
    await student.getByRole('button', { name: ru('library:global.submit'), exact: true }).click();
    const found = student.getByTestId('library-book').filter({ hasText: TITLE });
    await expectVisible(found);
    await expectVisible(found.getByText(ru('library:book.fromUmk'), { exact: true }));
    expect(await found.getByRole('button', { name: ru('library:book.deleteNamed', { name: TITLE }) }).count()).toBe(0);

    // And in its category with the local search by author.
    await student.getByRole('button', { name: ru('library:global.close'), exact: true }).click();
    await student.getByRole('button', { name: /^Программирование/ }).click();
    await student.getByLabel(ru('library:search.mode'), { exact: true }).selectOption({ label: ru('library:search.byAuthor') });
    await student.getByTestId('library-filter').fill('Жумагулова');
    await expectVisible(student.getByTestId('library-result').filter({ hasText: ru('library:search.found_one', { count: 1 }) }));
    await student.getByTestId('library-filter').fill('Нет такого автора');
    const all = await student.getByTestId('library-book').count();
    await expectVisible(student.getByTestId('library-result').filter({ hasText: ru('library:search.none_other', { text: 'Нет такого автора', count: all }) }));
    await student.getByTestId('library-filter').fill('Жумагулова');

    // Reading: the browser's own viewer gets the PDF inline (no download first).
    const read = student
      .getByTestId('library-book')
      .filter({ hasText: TITLE })
      .getByRole('link', { name: ru('library:book.readNamed', { name: TITLE }) });
    const [popup, response] = await Promise.all([
      student.context().waitForEvent('page'),
      student.context().waitForEvent('response', (r) => r.url().includes('/api/library/read.file')),
      read.click(),
    ]);
    expect(response.status()).toBe(200);
    const headers = await response.allHeaders();
    expect(headers['content-type']).toBe('application/pdf');
    expect(headers['content-disposition']).toMatch(/^inline;/);
    expect(headers['content-security-policy']).not.toContain('sandbox');
    await popup.close();
  });

  it('a confirmation guards every delete: a library book and a teaching material', async () => {
    const teacher = await e2e.page();
    await signIn(teacher, TEACHER);
    await open(teacher, 'library', '/lms/library');
    const first = teacher.getByTestId('library-book').first();
    await expectVisible(first, 20000);
    const name = (await first.locator('h3').innerText()).trim();
    await first.getByRole('button', { name: ru('library:book.deleteNamed', { name }) }).click();
    const dialog = teacher.getByRole('alertdialog', { name: ru('library:delete.title') });
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: ru('library:delete.cancel'), exact: true }).click();
    await expectHidden(dialog);
    await expectVisible(teacher.getByTestId('library-book').filter({ hasText: name }).first());
    await first.getByRole('button', { name: ru('library:book.deleteNamed', { name }) }).click();
    await teacher
      .getByRole('alertdialog')
      .getByRole('button', { name: ru('library:delete.confirm'), exact: true })
      .click();
    await teacher.waitForFunction((title) => ![...document.querySelectorAll('[data-testid="library-book"] h3')].some((h) => h.textContent === title), name);

    await open(teacher, 'umk', '/lms/umk');
    const item = teacher.getByTestId('umk-item').first();
    await expectVisible(item, 20000);
    const title = (await item.locator('h3').innerText()).trim();
    await item.getByRole('button', { name: ru('umk:item.deleteNamed', { name: title }) }).click();
    const ask = teacher.getByRole('alertdialog', { name: ru('umk:delete.title') });
    await expectVisible(ask);
    await ask.getByRole('button', { name: ru('umk:delete.confirm'), exact: true }).click();
    await teacher.waitForFunction((t) => ![...document.querySelectorAll('[data-testid="umk-item"] h3')].some((h) => h.textContent === t), title);
  });

  it('the library at 390 px in dark mode: readable, nothing wider than the screen', async () => {
    const page = await e2e.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.context().addCookies([{ name: 'theme', value: 'dark', url: e2e.server.origin }]);
    await signIn(page, STUDENT);
    await page.goto('/lms/library');
    await expectVisible(page.getByTestId('library-book').first(), 20000);
    expect(await page.evaluate(() => document.body.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('.library-screen *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1).map((el) => el.className),
    );
    expect(overflowing).toEqual([]);
  });

  it('a teacher sees his quota, uploads an EPUB, sees its cover and reads it page by page; a student has no "add a book"', async () => {
    const EPUB_TITLE = 'Сказки для проверки читалки';
    const epub = await buildEpub({
      title: EPUB_TITLE,
      chapters: [
        ['Первая глава', 'Жил-был программист, и писал он тесты.'],
        ['Вторая глава', 'Тесты прошли, и все были довольны.'],
      ],
      cover: PNG_1X1,
    });
    const { teacher, form } = await newBookForm(EPUB_TITLE);
    await expectVisible(form.getByTestId('upload-quota').filter({ hasText: /^Использовано [\d\s,]+ из [\d\s]+ МБ$/ }));
    await form.getByLabel(ru('library:form.file'), { exact: true }).setInputFiles({ name: 'skazki.epub', mimeType: 'application/epub+zip', buffer: epub });
    await form.getByRole('button', { name: ru('library:form.add'), exact: true }).click();
    await expectHidden(form, 60000);
    const row = teacher.getByTestId('library-book').filter({ hasText: EPUB_TITLE });
    await expectVisible(row, 20000);
    // The cover taken from the EPUB is shown, loaded (not a broken image).
    const cover = row.getByTestId('library-cover');
    await expectVisible(cover);
    await coverLoaded(teacher, await row.getAttribute('data-id'));

    const bookId = await row.getAttribute('data-id');
    await row.getByRole('link', { name: ru('library:book.readNamed', { name: EPUB_TITLE }) }).click();
    await expectPath(teacher, `/lms/library/read/${bookId}`);
    await expectVisible(teacher.getByTestId('reader-title').filter({ hasText: EPUB_TITLE }), 30000);
    const text = teacher.frameLocator('[data-testid="reader-book"] iframe').first();
    await expectVisible(text.getByText('Жил-был программист, и писал он тесты.'), 30000);
    expect(await seriousViolations(teacher)).toEqual([]);
    // The next page by the arrow key, and back to the first chapter from the table of contents.
    await teacher.keyboard.press('ArrowRight');
    await expectVisible(text.getByText('Тесты прошли, и все были довольны.'), 30000);
    await teacher.getByRole('button', { name: 'Первая глава', exact: true }).click();
    await expectVisible(text.getByText('Жил-был программист, и писал он тесты.'), 30000);
    // The book's page follows the portal's theme while it is open: dark, then light again.
    for (const theme of ['dark', 'light'] as const) {
      await switchTheme(teacher, theme);
      await teacher.waitForFunction(
        () => {
          const card = document.querySelector('.reader-page');
          const body = document.querySelector<HTMLIFrameElement>('[data-testid="reader-book"] iframe')?.contentDocument?.body;
          return !!card && !!body && getComputedStyle(body).backgroundColor === getComputedStyle(card).backgroundColor;
        },
        undefined,
        { timeout: 20000 },
      );
      const [page, card] = await teacher.evaluate(() => [
        getComputedStyle(document.querySelector<HTMLIFrameElement>('[data-testid="reader-book"] iframe')!.contentDocument!.body).color,
        getComputedStyle(document.querySelector('.reader-page')!).color,
      ]);
      expect(page).toBe(card);
    }
    // Reading logged nothing: no console error, no script error, no Content-Security-Policy violation.
    expect(e2e.problems(teacher)).toEqual({ console: [], pageErrors: [], csp: [] });

    const student = await e2e.page();
    await signIn(student, STUDENT);
    const quota = student.waitForResponse((r) => r.url().includes('/api/library/quota'));
    await open(student, 'library', '/lms/library');
    expect((await (await quota).json()).data.mayAdd).toBe(false);
    await expectVisible(student.getByTestId('library-book').first(), 20000);
    await expectVisible(student.getByRole('heading', { name: ru('library:title'), level: 1 }));
    expect(await student.getByTestId('library-add').count()).toBe(0);
  });

  it('a PDF uploaded to the library shows a cover drawn from its first page', async () => {
    const PDF_TITLE = 'Методичка с обложкой';
    const { teacher, form } = await newBookForm(PDF_TITLE);
    await form
      .getByLabel(ru('library:form.file'), { exact: true })
      .setInputFiles({ name: 'metodichka.pdf', mimeType: 'application/pdf', buffer: onePagePdf() });
    const saved = teacher.waitForResponse((r) => r.url().includes('/api/library/insertupdatebook'));
    await form.getByRole('button', { name: ru('library:form.add'), exact: true }).click();
    expect((await (await saved).json()).data).toMatchObject({ mime: 'application/pdf', hasCover: true });
    await expectHidden(form, 60000);
    const row = teacher.getByTestId('library-book').filter({ hasText: PDF_TITLE });
    await expectVisible(row.getByTestId('library-cover'), 20000);
    // The cover is the page drawn 240 px wide (a 300×400 page: 240×320), its blue field at the top.
    const id = await row.getAttribute('data-id');
    await coverLoaded(teacher, id);
    const drawn = await teacher.evaluate((bookId) => {
      const img = document.querySelector<HTMLImageElement>(`[data-testid="library-book"][data-id="${bookId}"] img`)!;
      const canvas = Object.assign(document.createElement('canvas'), { width: img.naturalWidth, height: img.naturalHeight });
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      return { width: img.naturalWidth, height: img.naturalHeight, top: [...context.getImageData(120, 20, 1, 1).data.slice(0, 3)] };
    }, id);
    expect(drawn).toMatchObject({ width: 240, height: 320 });
    expect(drawn.top[2]).toBeGreaterThan(150);
    expect(drawn.top[0]).toBeLessThan(80);
    // pdfjs and its worker came from the portal: nothing refused by the Content-Security-Policy.
    expect(e2e.problems(teacher)).toEqual({ console: [], pageErrors: [], csp: [] });
  });

  it("the reader's address of a one-page PDF offers the browser's viewer at once, without pages to turn", async () => {
    const PDF_TITLE = 'Методичка для читалки';
    const { teacher, form } = await newBookForm(PDF_TITLE);
    await form
      .getByLabel(ru('library:form.file'), { exact: true })
      .setInputFiles({ name: 'metodichka.pdf', mimeType: 'application/pdf', buffer: onePagePdf() });
    await form.getByRole('button', { name: ru('library:form.add'), exact: true }).click();
    await expectHidden(form, 60000);
    const row = teacher.getByTestId('library-book').filter({ hasText: PDF_TITLE });
    await expectVisible(row, 20000);
    const id = await row.getAttribute('data-id');
    await teacher.goto(`/lms/library/read/${id}`);
    const offer = teacher.getByTestId('reader-pdf');
    await expectVisible(offer, 20000);
    expect(await offer.getByRole('link', { name: ru('library:reader.openPdf'), exact: true }).getAttribute('href')).toBe(`/api/library/read.file?id=${id}`);
    expect(await teacher.getByRole('link', { name: ru('library:reader.download'), exact: true }).getAttribute('href')).toBe(
      `/api/library/download.file?id=${id}`,
    );
    expect(await teacher.getByRole('button', { name: ru('library:reader.next') }).count()).toBe(0);
    expect(await teacher.locator('.reader-page .spinner').count()).toBe(0);
  });

  it("the reader's address of no book says so in the reader's language, with no download link and no pages", async () => {
    const student = await e2e.page();
    await signIn(student, STUDENT);
    await student.context().addCookies([{ name: 'lang', value: 'en', url: e2e.server.origin }]);
    await student.goto('/lms/library/read/987654');
    await expectVisible(student.getByTestId('reader-missing'), 20000);
    expect(await student.getByTestId('reader-missing').innerText()).toBe(text('en', 'library:reader.missing'));
    await expectVisible(student.getByRole('heading', { name: text('en', 'library:reader.missingTitle'), level: 1 }));
    expect(await student.getByRole('link', { name: text('en', 'library:reader.download') }).count()).toBe(0);
    expect(await student.getByRole('button', { name: text('en', 'library:reader.prev') }).count()).toBe(0);
    expect(await student.getByRole('button', { name: text('en', 'library:reader.next') }).count()).toBe(0);
    await expectVisible(student.getByRole('link', { name: text('en', 'library:reader.back') }));
  });
});
