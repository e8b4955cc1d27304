/** The news feed in Chromium: posting with a file, audiences, downloads, text-only rendering, deleting, the phone tab. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STUDENT, TEACHER } from './support/accounts';
import { MOBILE, expectHidden, expectVisible, setupE2E, signIn } from './support/e2e';
import { openNews } from './support/news';
import { ru } from './support/texts';

const e2e = setupE2E();

/** A small valid PDF (what the server's content check accepts as application/pdf). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
/** The seeded students-only post of the Faculty of IT office (another author than the demo teacher). */
const SCHOLARSHIP = 'Приём документов на академическую стипендию';

const item = (page: Page, text: string) => page.getByTestId('news-item').filter({ hasText: text });

async function post(page: Page, message: string, options: { audience?: string; files?: { name: string; mimeType: string; buffer: Buffer }[] } = {}) {
  const composer = page.getByTestId('news-composer');
  await composer.getByLabel(ru('news:composer.message'), { exact: true }).fill(message);
  if (options.audience) await composer.getByLabel(ru('news:composer.audience'), { exact: true }).selectOption({ label: options.audience });
  if (options.files) await page.getByTestId('news-file-input').setInputFiles(options.files);
  await composer.getByRole('button', { name: ru('news:composer.submit'), exact: true }).click();
  await expectVisible(composer.getByRole('status').filter({ hasText: ru('news:composer.success') }));
}

describe('news', () => {
  it('the teacher posts news with a file to students; the student sees it and downloads the same bytes; audiences hold both ways', async () => {
    const message = `Консультация перед экзаменом — четверг, 15:30, ауд. 302 (${Date.now()})`;
    const teacher = await e2e.page();
    await signIn(teacher, TEACHER);
    await openNews(teacher);
    // A students-only post by another author is not in the teacher's feed.
    expect(await item(teacher, SCHOLARSHIP).count()).toBe(0);

    await post(teacher, message, {
      audience: ru('news:audiences.students'),
      files: [{ name: 'Вопросы к экзамену.pdf', mimeType: 'application/pdf', buffer: PDF }],
    });
    const mine = item(teacher, message);
    await expectVisible(mine);
    // The feed reloaded from page 1: the new post is the first one after the pinned and the scheduled items.
    const texts = await teacher.getByTestId('news-item').allInnerTexts();
    const scheduled = ru('news:scheduled', { date: '' }).trim();
    expect(texts.find((t) => !t.includes(ru('news:pinned')) && !t.includes(scheduled))).toContain(message);
    await expectVisible(mine.getByText(ru('news:to.students'), { exact: false }));
    await expectVisible(mine.getByTestId('news-reads'));
    expect(await mine.getByTestId('news-reads').innerText()).toMatch(/^Прочитали 0 из \d+$/);

    const student = await e2e.page();
    await signIn(student, STUDENT);
    await openNews(student);
    const seen = item(student, message);
    await expectVisible(seen);
    await expectVisible(seen.getByText('Асанов Бакыт Кубанычбекович', { exact: true }));
    await expectVisible(seen.getByText('Доцент, Кафедра программной инженерии', { exact: true }));
    expect(await seen.getByRole('button', { name: ru('news:delete.button') }).count()).toBe(0);
    await expectVisible(item(student, SCHOLARSHIP));

    const link = seen.getByRole('link', { name: ru('news:download', { name: 'Вопросы к экзамену.pdf' }) });
    expect(await link.getAttribute('href')).toBe(
      `/api/news/download.file?filename=${encodeURIComponent(`${await seen.getAttribute('data-id')}_Вопросы к экзамену.pdf`)}&type=4`,
    );
    const [download] = await Promise.all([student.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('Вопросы к экзамену.pdf');
    const saved = await download.path();
    expect(fs.readFileSync(saved).equals(PDF)).toBe(true);

    // The author now sees one read.
    await teacher.reload();
    await expectVisible(item(teacher, message));
    expect(await item(teacher, message).getByTestId('news-reads').innerText()).toMatch(/^Прочитали 1 из \d+$/);
    // No CSP violation, console error or uncaught exception on either side.
    expect(e2e.problems(teacher)).toEqual({ console: [], pageErrors: [], csp: [] });
    expect(e2e.problems(student)).toEqual({ console: [], pageErrors: [], csp: [] });
  });

  it('HTML and script in a post render as text; nothing executes', async () => {
    const payload = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:window.__xss=3">ссылка</a> ${Date.now()}`;
    const teacher = await e2e.page();
    await signIn(teacher, TEACHER);
    await openNews(teacher);
    await post(teacher, payload);

    const student = await e2e.page();
    await signIn(student, STUDENT);
    await openNews(student);
    const seen = item(student, String(payload.split(' ').pop()));
    await expectVisible(seen);
    expect(await seen.locator('.news-message').innerText()).toBe(payload);
    expect(await seen.locator('.news-message img, .news-message script, .news-message a').count()).toBe(0);
    await seen.locator('.news-message').click();
    expect(await student.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(e2e.problems(student).pageErrors).toEqual([]);
  });

  it('a file over the limit is refused in the browser and nothing is posted', async () => {
    const teacher = await e2e.page();
    await signIn(teacher, TEACHER);
    await openNews(teacher);
    const composer = teacher.getByTestId('news-composer');
    const message = `Слишком большой файл ${Date.now()}`;
    await composer.getByLabel(ru('news:composer.message'), { exact: true }).fill(message);
    const posts: string[] = [];
    teacher.on('request', (r) => r.url().includes('/api/news/insert.json') && posts.push(r.url()));
    // A file on disk (sparse, so nothing is written) that the browser reads from its path, rather
    // than 25 MB sent through the browser connection, which alone could take seconds.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-e2e-upload-'));
    const video = path.join(dir, 'video.mp4');
    fs.writeFileSync(video, '');
    fs.truncateSync(video, 25 * 1024 * 1024 + 1);
    await teacher.getByTestId('news-file-input').setInputFiles(video);
    await expectVisible(composer.getByText(ru('news:composer.tooLarge', { maxSizeMb: 25 }), { exact: true }));
    await composer.getByRole('button', { name: ru('news:composer.submit'), exact: true }).click();
    // Proof that the click was dealt with, instead of a pause: removing the file validates the form
    // again after the submit's validation, so once the refusal is gone the submit has been decided
    // (and a post it made would have been sent)...
    await composer.getByRole('button', { name: ru('news:composer.removeFile', { name: 'video.mp4' }), exact: true }).click();
    await expectHidden(composer.getByText(ru('news:composer.tooLarge', { maxSizeMb: 25 }), { exact: true }));
    // ...and a request the page makes now is reported after any it made before.
    await Promise.all([
      teacher.waitForRequest((r) => new URL(r.url()).pathname === '/api/health'),
      teacher.evaluate(() => fetch('/api/health').then((r) => r.status)),
    ]);
    expect(posts).toEqual([]);
    expect(await item(teacher, message).count()).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the author deletes an own post after confirming; it stays gone after a reload', async () => {
    const message = `Удалить после проверки ${Date.now()}`;
    const teacher = await e2e.page();
    await signIn(teacher, TEACHER);
    await openNews(teacher);
    await post(teacher, message);
    const mine = item(teacher, message);
    await mine.getByRole('button', { name: ru('news:delete.button') }).click();
    const dialog = teacher.getByRole('alertdialog', { name: ru('news:delete.title') });
    await dialog.getByRole('button', { name: ru('news:delete.cancel'), exact: true }).click();
    await expectHidden(dialog);
    await expectVisible(mine);

    await mine.getByRole('button', { name: ru('news:delete.button') }).click();
    await dialog.getByRole('button', { name: ru('news:delete.confirm'), exact: true }).click();
    await expectHidden(mine);
    await teacher.reload();
    await expectVisible(teacher.getByTestId('news-item').first(), 15000);
    expect(await item(teacher, message).count()).toBe(0);
  });

  it('on a phone the news tab shows the feed', async () => {
    const page = await e2e.page({ viewport: MOBILE, isMobile: true, hasTouch: true });
    await signIn(page, STUDENT);
    const tab = page.getByTestId('mobile-tab-bar').getByRole('button', { name: ru('tabs.news'), exact: true });
    await tab.tap();
    await expectVisible(page.getByTestId('news-item').first(), 15000);
    expect(await tab.getAttribute('aria-current')).toBe('page');
    await expectVisible(item(page, SCHOLARSHIP));
    const box = await page.getByTestId('news-item').first().boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
  });
});
