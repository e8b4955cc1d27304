/**
 * The single window in Chromium: the student orders a certificate of study (a double click makes one
 * order), the registrar moves it to prepared, the student sees the new status and the bell's count
 * without reloading and downloads the PDF (its text read back), the notification opens the order;
 * a paper document says where to collect it; the apps page lists the seeded
 * links; the side menu of a teacher and of a student; page titles in three languages; 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STUDENT, TEACHER } from './support/accounts';
import { downloadBytes, expectPath, expectText, expectVisible, setupE2E, signIn } from './support/e2e';
import { ru, text } from './support/texts';

const e2e = setupE2E();

async function openSingleWindow(page: Page): Promise<void> {
  const link = page.getByTestId('side-menu').getByRole('link', { name: ru('menu.references'), exact: true });
  await expectVisible(link);
  await link.click();
  await expectPath(page, '/lms/singlewindow');
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
}

describe('single window', () => {
  it('the student orders a certificate, the registrar prepares it, the student sees it live and downloads the PDF', async () => {
    const student = await e2e.page();
    await signIn(student, STUDENT);
    await openSingleWindow(student);
    const form = student.getByTestId('order-form');
    await form.locator('#sw-doc option').nth(1).waitFor({ state: 'attached' });
    const rows = student.getByTestId('order-row');
    const before = await rows.count();
    await form.getByLabel(ru('singlewindow:form.doc'), { exact: true }).selectOption({ label: 'Справка с места учёбы' });
    await form.getByLabel(ru('singlewindow:form.region'), { exact: true }).selectOption({ label: 'Чуйская область' });
    await form.locator('#sw-district option', { hasText: 'Сокулукский район' }).waitFor({ state: 'attached' });
    await form.getByLabel(ru('singlewindow:form.district'), { exact: true }).selectOption({ label: 'Сокулукский район' });
    await form.getByLabel(ru('singlewindow:form.purpose'), { exact: true }).selectOption({ label: 'По месту требования' });
    // A double click is one order.
    await form.getByRole('button', { name: ru('singlewindow:form.save'), exact: true }).dblclick();
    await student.waitForFunction((n) => document.querySelectorAll('[data-testid="order-row"]').length > n, before);
    await expectVisible(form.getByRole('button', { name: ru('singlewindow:form.save'), exact: true }));
    expect(await rows.count()).toBe(before + 1);
    const row = rows.first();
    await expectText(row.getByTestId('order-status'), ru('singlewindow:status.1'));
    const id = await row.getAttribute('data-order');

    const registrar = await e2e.page();
    await signIn(registrar, TEACHER);
    await openSingleWindow(registrar);
    const queued = registrar.locator(`[data-testid="queue-row"][data-order="${id}"]`);
    await expectVisible(queued);
    // The queue shows where the document is for, and its number.
    await expectText(queued, 'Чуйская область, Сокулукский район');
    await expectText(queued.locator('td').first(), String(id));
    // Each step may carry the registrar's comment for the student.
    await queued.getByRole('button', { name: ru('singlewindow:queue.prepare'), exact: true }).click();
    const step = registrar.getByTestId('step-dialog');
    await step.getByLabel(ru('singlewindow:step.comment')).fill('Будет готова к 15:00');
    await step.getByRole('button', { name: ru('singlewindow:queue.prepare'), exact: true }).click();
    await expectText(queued.getByTestId('order-status'), ru('singlewindow:status.2'));
    await queued.getByRole('button', { name: ru('singlewindow:queue.prepared'), exact: true }).click();
    await registrar
      .getByTestId('step-dialog')
      .getByRole('button', { name: ru('singlewindow:queue.prepared'), exact: true })
      .click();
    await expectText(queued.getByTestId('order-status'), ru('singlewindow:status.3'));

    // The student's page changes without a reload, and the bell counts the two changes.
    await expectText(row.getByTestId('order-status'), ru('singlewindow:status.3'));
    await expectText(student.getByTestId('bell-count'), '2');
    const content = await pdfText((await downloadBytes(student, row.getByTestId('order-download'))).bytes);
    expect(content).toContain('СПРАВКА');
    expect(content).toContain('По месту требования');
    expect(content).toMatch(/\/lms\/verify\?token=/);

    // The student's list shows the order's number, and its history who did what with the comment.
    await expectText(row.locator('td').first(), String(id));
    await row.locator('.sw-history summary').click();
    await expectText(row.locator('.sw-history'), 'Асанов Бакыт Кубанычбекович');
    await expectText(row.locator('.sw-history'), 'Будет готова к 15:00');

    // The bell's list opens the order itself; seeing it marks it read.
    await student.getByTestId('bell').click();
    await expectPath(student, '/lms/notifications');
    const item = student.getByTestId('notification-list').getByRole('link').first();
    await expectText(item, `«Справка с места учёбы»`);
    await expectText(student.getByTestId('notification-list').getByRole('link').nth(1), 'Будет готова к 15:00');
    await student.waitForFunction(() => !document.querySelector('[data-testid="bell-count"]'));
    await item.click();
    await student.waitForURL((url) => url.pathname === '/lms/singlewindow' && url.searchParams.get('order') === id);
    const opened = student.locator(`[data-testid="order-row"][data-order="${id}"]`);
    await student.waitForFunction((n) => document.querySelector(`[data-testid="order-row"][data-order="${n}"]`)?.getAttribute('aria-current') === 'true', id);
    expect(await opened.locator('.sw-history').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
  });

  it('a paper document: the registrar says where to collect it, the student reads it', async () => {
    const student = await e2e.page();
    await signIn(student, STUDENT);
    await openSingleWindow(student);
    const form = student.getByTestId('order-form');
    await form.locator('#sw-doc option').nth(1).waitFor({ state: 'attached' });
    const before = await student.getByTestId('order-row').count();
    await form.getByLabel(ru('singlewindow:form.doc'), { exact: true }).selectOption({ label: 'Академическая справка' });
    await form.getByLabel(ru('singlewindow:form.region'), { exact: true }).selectOption({ label: 'Чуйская область' });
    await form.locator('#sw-district option', { hasText: 'Сокулукский район' }).waitFor({ state: 'attached' });
    await form.getByLabel(ru('singlewindow:form.district'), { exact: true }).selectOption({ label: 'Сокулукский район' });
    await form.getByLabel(ru('singlewindow:form.purpose'), { exact: true }).selectOption({ label: 'По месту требования' });
    await form.getByRole('button', { name: ru('singlewindow:form.save'), exact: true }).click();
    await student.waitForFunction((n) => document.querySelectorAll('[data-testid="order-row"]').length > n, before);
    const row = student.getByTestId('order-row').first();
    await expectText(row, ru('singlewindow:list.paper'));
    const id = await row.getAttribute('data-order');

    const registrar = await e2e.page();
    await signIn(registrar, TEACHER);
    await registrar.goto(`/lms/singlewindow?order=${id}`);
    const queued = registrar.locator(`[data-testid="queue-row"][data-order="${id}"]`);
    await queued.getByRole('button', { name: ru('singlewindow:queue.prepare'), exact: true }).click();
    await registrar
      .getByTestId('step-dialog')
      .getByRole('button', { name: ru('singlewindow:queue.prepare'), exact: true })
      .click();
    await expectText(queued.getByTestId('order-status'), ru('singlewindow:status.2'));
    await queued.getByRole('button', { name: ru('singlewindow:queue.prepared'), exact: true }).click();
    const step = registrar.getByTestId('step-dialog');
    // Ready without a place is refused in the dialog.
    await step.getByRole('button', { name: ru('singlewindow:queue.prepared'), exact: true }).click();
    await expectText(step.getByRole('alert'), ru('singlewindow:step.pickupRequired'));
    await step.getByLabel(ru('singlewindow:step.pickup')).fill('Деканат ФИТ, каб. 204, пн–пт 9:00–17:00');
    await step.getByRole('button', { name: ru('singlewindow:queue.prepared'), exact: true }).click();
    await expectText(queued.getByTestId('order-status'), ru('singlewindow:status.3'));

    await expectText(row.getByTestId('order-status'), ru('singlewindow:status.3'));
    await expectText(row.getByTestId('order-pickup'), 'Деканат ФИТ, каб. 204, пн–пт 9:00–17:00');
    expect(await row.getByTestId('order-download').count()).toBe(0);
  });

  it('the apps page lists the seeded links, opening in a new tab', async () => {
    const page = await e2e.page();
    await signIn(page, STUDENT);
    await page.goto('/lms/apps');
    const tiles = page.locator('.apps-page .app-tile');
    await expectVisible(tiles.first());
    const names = await tiles.allInnerTexts();
    expect(names.join('|')).toContain('Почта');
    expect(names.join('|')).toContain('Документы');
    expect(await tiles.first().getAttribute('target')).toBe('_blank');
  });

  it('at 1366 the apps page shows each tile once (no apps panel beside it)', async () => {
    const page = await e2e.page({ viewport: { width: 1366, height: 768 } });
    await signIn(page, STUDENT);
    await page.goto('/lms/apps');
    await expectVisible(page.locator('.apps-page .app-tile').first());
    expect(await page.locator('.app-tile', { hasText: 'Почта' }).count()).toBe(1);
    expect(await page.locator('.shell-apps').count()).toBe(0);
  });

  it('at 390 px the apps tab is current on /lms/apps and no tile label breaks inside a word', async () => {
    const page = await e2e.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(page, STUDENT);
    await page.goto('/lms/apps');
    await expectVisible(page.locator('.apps-page .app-tile').first());
    const tab = page.getByTestId('mobile-tab-bar').getByRole('button', { name: ru('tabs.apps'), exact: true });
    expect(await tab.getAttribute('aria-current')).toBe('page');
    // Every word of every label is on one line (one client rect per word).
    const broken = await page.evaluate(() =>
      [...document.querySelectorAll('.app-name')].flatMap((el) => {
        const node = el.firstChild;
        if (!node || node.nodeType !== Node.TEXT_NODE) return [];
        const text = node.textContent ?? '';
        const out: string[] = [];
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(m[0]);
        }
        return out;
      }),
    );
    expect(broken).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('the side menu shows a teacher and a student their own entries', async () => {
    const entries = async (page: Page) => {
      await expectVisible(page.getByTestId('side-menu').locator('.menu-link').first());
      return (await page.getByTestId('side-menu').locator('.menu-link').allInnerTexts()).map((s) => s.replace(/\(.*\)/, '').trim());
    };
    const teacher = await e2e.page();
    await signIn(teacher, TEACHER);
    const t = await entries(teacher);
    expect(t).toEqual(
      expect.arrayContaining([ru('menu.schedule'), ru('menu.journal'), ru('menu.references'), ru('menu.rooms'), ru('menu.reportQr'), ru('menu.webinar')]),
    );
    expect(t).not.toContain(ru('menu.studentQr'));
    const student = await e2e.page();
    await signIn(student, STUDENT);
    const s = await entries(student);
    expect(s).toEqual(expect.arrayContaining([ru('menu.schedule'), ru('menu.references'), ru('menu.rooms'), ru('menu.studentQr'), ru('menu.reportQr')]));
    // The teacher's workload is no student's entry (the rooms are everyone's screen).
    expect(t).toContain(ru('menu.workload'));
    expect(s).not.toContain(ru('menu.workload'));
  });

  it('page titles follow the route and the language', async () => {
    const page = await e2e.page();
    await signIn(page, STUDENT);
    for (const lng of ['ru', 'kg', 'en'] as const) {
      await page.goto(`/lms/singlewindow?lang=${lng}`);
      await page.waitForFunction((title) => document.title === title, `${text(lng, 'titles.references')} · LMS`);
      await page.goto(`/lms/apps?lang=${lng}`);
      await page.waitForFunction((title) => document.title === title, `${text(lng, 'titles.apps')} · LMS`);
    }
  });

  it('by keyboard: the form orders, and the cancel confirmation keeps the focus inside and gives it back', async () => {
    const page = await e2e.page();
    await signIn(page, STUDENT);
    await page.goto('/lms/singlewindow');
    const form = page.getByTestId('order-form');
    await form.locator('#sw-doc option').nth(1).waitFor({ state: 'attached' });
    const before = await page.getByTestId('order-row').count();
    await form.locator('#sw-doc').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await form.locator('#sw-district option').nth(1).waitFor({ state: 'attached' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="order-row"]').length > n, before);
    const cancel = page
      .getByTestId('order-row')
      .first()
      .getByRole('button', { name: ru('singlewindow:list.cancel'), exact: true });
    await cancel.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expectVisible(dialog);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role="alertdialog"]'));
    expect(await cancel.evaluate((b) => b === document.activeElement)).toBe(true);
    await expectText(page.getByTestId('order-row').first().getByTestId('order-status'), ru('singlewindow:status.1'));
  });

  it('at 390 px the form and the orders fit the screen', async () => {
    const page = await e2e.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(page, STUDENT);
    await page.goto('/lms/singlewindow');
    await page.getByTestId('order-form').locator('#sw-doc option').nth(1).waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
