/**
 * The client while the server is away: sending a chat message or posting news fails with the
 * connection-lost notice, what the user typed stays in the form, and it goes through once the
 * server answers again. The browser is cut off from the API (connection refused), as when the
 * server is stopped.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STUDENT, TEACHER } from './support/accounts';
import { expectPath, expectVisible, setupE2E, signInWithForm } from './support/e2e';
import { ru } from './support/texts';

const e2e = setupE2E();

const CONNECTION_LOST = ru('cm:errors.network');

async function serverAway(page: Page): Promise<() => Promise<void>> {
  const refuse = (route: { abort: (code: string) => Promise<void> }) => route.abort('connectionrefused');
  await page.route('**/api/**', refuse);
  return () => page.unroute('**/api/**', refuse);
}

describe('the server goes away while the user writes', () => {
  it('a half-written chat message stays in the composer and is sent when the server is back', async () => {
    const page = await e2e.page();
    await signInWithForm(page, STUDENT);
    await page.getByRole('link', { name: new RegExp(`^${ru('nav.chat')}`) }).click();
    await expectPath(page, '/lms/chat');
    await page
      .getByTestId('chat-disciplines')
      .getByRole('button', { name: /Веб-программирование/ })
      .click();
    await page
      .getByTestId('chat-contacts')
      .getByRole('button', { name: /Асанов Бакыт Кубанычбекович/ })
      .click();
    const composer = page.getByTestId('chat-composer');
    const field = composer.getByLabel(ru('chat:composer.label'), { exact: true });
    await expectVisible(field);

    const text = `Агай, эртең консультация болобу? (${Date.now()})`;
    const back = await serverAway(page);
    await field.fill(text);
    await composer.getByRole('button', { name: ru('chat:composer.send'), exact: true }).click();
    await expectVisible(page.getByText(CONNECTION_LOST).first(), 15000);
    expect(await field.inputValue()).toBe(text);

    await back();
    await composer.getByRole('button', { name: ru('chat:composer.send'), exact: true }).click();
    await expectVisible(page.getByTestId('chat-messages').getByText(text, { exact: true }), 15000);
    await expect.poll(() => field.inputValue()).toBe('');
  });

  it('a half-written news post stays in the composer and is published when the server is back', async () => {
    const page = await e2e.page();
    await signInWithForm(page, TEACHER);
    await page
      .getByRole('navigation', { name: ru('layout.topNav') })
      .getByRole('link', { name: ru('nav.news') })
      .click();
    await expectPath(page, '/lms/news');
    const composer = page.getByTestId('news-composer');
    const field = composer.getByLabel(ru('news:composer.message'), { exact: true });
    await expectVisible(field, 15000);

    const text = `Жыйналыш бейшембиде саат 15:00дө (${Date.now()})`;
    const back = await serverAway(page);
    await field.fill(text);
    await composer.getByRole('button', { name: ru('news:composer.submit'), exact: true }).click();
    await expectVisible(page.getByText(CONNECTION_LOST).first(), 15000);
    expect(await field.inputValue()).toBe(text);

    await back();
    await composer.getByRole('button', { name: ru('news:composer.submit'), exact: true }).click();
    await expectVisible(composer.getByRole('status').filter({ hasText: ru('news:composer.success') }), 15000);
    await expectVisible(page.getByTestId('news-item').filter({ hasText: text }).first(), 15000);
  });
});
