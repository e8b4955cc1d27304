/**
 * Chat in headless Chromium: a teacher and a student in two browser contexts see each other's
 * messages appear without reloading (Server-Sent Events), a photo shows as a thumbnail on the
 * other side, HTML sent as a message is shown as text, and the phone stack works.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STUDENT, TEACHER } from './support/accounts';
import { MOBILE, expectPath, expectText, expectVisible, setupE2E, signIn } from './support/e2e';
import { ru } from './support/texts';

const e2e = setupE2E();

const WEB = 'Веб-программирование';
const TEACHER_NAME = 'Асанов Бакыт Кубанычбекович';
const STUDENT_NAME = 'Сыдыкова Айпери Талантовна';
/** A 24×24 PNG (green with a white cross). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAK0lEQVR4nGOQrrIiiP7//09QDcOoQaMGjRqE16D/VAKD0GujBo0aNJgMAgASVDhRFt+EgAAAAABJRU5ErkJggg==',
  'base64',
);

/** Signs in, opens /lms/chat, the Web Programming discipline and the conversation with `contact`. */
async function openConversation(page: Page, account: typeof TEACHER, contact: string): Promise<void> {
  await signIn(page, account);
  await page.getByRole('link', { name: new RegExp(`^${ru('nav.chat')}`) }).click();
  await expectPath(page, '/lms/chat');
  await page
    .getByTestId('chat-disciplines')
    .getByRole('button', { name: new RegExp(WEB) })
    .click();
  await page
    .getByTestId('chat-contacts')
    .getByRole('button', { name: new RegExp(contact) })
    .click();
  await expectVisible(page.getByRole('heading', { name: contact, exact: true }));
  // The live stream is open before anything is sent.
  await expect.poll(() => page.getByTestId('chat-live').getAttribute('data-status'), { timeout: 30000 }).toBe('open');
}

async function send(page: Page, text: string): Promise<void> {
  const composer = page.getByTestId('chat-composer');
  await composer.getByLabel(ru('chat:composer.label'), { exact: true }).fill(text);
  await composer.getByRole('button', { name: ru('chat:composer.send'), exact: true }).click();
}

describe('chat between a teacher and a student', () => {
  it('each sees the other’s message appear without reloading', async () => {
    const teacher = await e2e.page();
    const student = await e2e.page();
    await openConversation(teacher, TEACHER, STUDENT_NAME);
    await openConversation(student, STUDENT, TEACHER_NAME);
    const loads = { teacher: 0, student: 0 };
    teacher.on('load', () => loads.teacher++);
    student.on('load', () => loads.student++);

    const fromTeacher = `Добрый день! Консультация в среду в 14:30 (${Date.now()})`;
    await send(teacher, fromTeacher);
    await expectVisible(student.getByTestId('chat-messages').getByText(fromTeacher, { exact: true }));
    await expectVisible(teacher.getByTestId('chat-messages').getByText(fromTeacher, { exact: true }));

    const fromStudent = `Рахмат, агай, келем! (${Date.now()})`;
    await send(student, fromStudent);
    await expectVisible(teacher.getByTestId('chat-messages').getByText(fromStudent, { exact: true }));
    expect(loads).toEqual({ teacher: 0, student: 0 });

    // The teacher has it on screen, so it is read, and the student sees the mark appear.
    const last = student.getByTestId('chat-message').filter({ hasText: fromStudent });
    await expectVisible(last.locator('.chat-msg-status.read'));

    for (const p of [teacher, student]) expect(e2e.problems(p).pageErrors).toEqual([]);
  });

  it('a message with a photo shows a thumbnail on the other side', async () => {
    const student = await e2e.page();
    const teacher = await e2e.page();
    await openConversation(student, STUDENT, TEACHER_NAME);
    await openConversation(teacher, TEACHER, STUDENT_NAME);

    const composer = student.getByTestId('chat-composer');
    await composer.getByTestId('chat-file-input').setInputFiles({ name: 'доска.png', mimeType: 'image/png', buffer: PNG });
    await expectText(composer, 'доска.png');
    await send(student, 'Фото доски после лекции');

    const bubble = teacher.getByTestId('chat-message').filter({ hasText: 'Фото доски после лекции' });
    const img = bubble.getByTestId('chat-photo');
    await expectVisible(img);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth), { timeout: 30000 }).toBe(24);
    expect(await img.getAttribute('alt')).toBe('доска.png');
    // Clicking opens it full size.
    await bubble.getByRole('button', { name: ru('chat:conversation.openPhoto', { name: 'доска.png' }) }).click();
    await expectVisible(teacher.getByTestId('chat-photo-viewer'));
    await teacher.keyboard.press('Escape');
  });

  it('HTML and script in a message are shown as text and never run', async () => {
    const teacher = await e2e.page();
    const student = await e2e.page();
    await openConversation(teacher, TEACHER, STUDENT_NAME);
    await openConversation(student, STUDENT, TEACHER_NAME);
    const dialogs: string[] = [];
    for (const p of [teacher, student]) p.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));

    const payload = `<img src=x onerror="alert('xss')"><script>alert('xss2')</script><svg onload=alert(3)></svg> ${Date.now()}`;
    await send(teacher, payload);
    await expectVisible(student.getByTestId('chat-messages').getByText(payload, { exact: true }));
    const list = student.getByTestId('chat-messages');
    expect(await list.locator('img[src="x"], script, svg[onload]').count()).toBe(0);
    // A round trip through the page's main thread: an alert open there would have to be dismissed
    // (and so reported) before this answers.
    expect(await student.evaluate(() => document.title)).not.toContain('xss');
    expect(dialogs).toEqual([]);
  });
});

describe('chat on a phone', () => {
  it('the messages tab shows disciplines → people → conversation, each with a way back', async () => {
    const page = await e2e.page({ viewport: MOBILE, isMobile: true, hasTouch: true });
    await signIn(page, STUDENT);
    const tabBar = page.getByTestId('mobile-tab-bar');
    await tabBar.getByRole('button', { name: ru('tabs.messages'), exact: true }).tap();
    await expectPath(page, '/lms/chat');
    // The chat draws the shell with its own columns: its tab bar marks the tab once the screen is in.
    await expect
      .poll(() => tabBar.getByRole('button', { name: ru('tabs.messages'), exact: true }).getAttribute('aria-current'), { timeout: 20000 })
      .toBe('page');

    await page
      .getByTestId('chat-disciplines')
      .getByRole('button', { name: new RegExp(WEB) })
      .tap();
    const contacts = page.getByTestId('chat-contacts');
    await expectVisible(contacts.getByRole('button', { name: new RegExp(ru('chat:contacts.groupChat')) }));
    await contacts.getByRole('button', { name: new RegExp(TEACHER_NAME) }).tap();
    await expectVisible(page.getByRole('heading', { name: TEACHER_NAME, exact: true }));
    const box = await page.getByTestId('chat-composer').boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(MOBILE.width + 1);

    await page.getByRole('button', { name: ru('chat:conversation.back'), exact: true }).tap();
    await expectVisible(contacts);
    await page.getByRole('button', { name: ru('chat:disciplines.title'), exact: true }).tap();
    await expectVisible(page.getByTestId('chat-disciplines'));
  });
});
