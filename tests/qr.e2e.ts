/**
 * Schedule and QR attendance in Chromium: the teacher opens attendance for a lesson of the demo
 * student's group (as a make-up lesson when it is not in its time, so the test holds at any hour),
 * the projector shows a rotating code, the student marks with a granted position at the room, and
 * the count rises on the projector without a reload (and stays through a tablet turned), a closed
 * attendance stays closed through a reload until reopened; the public card for a valid and an invalid
 * token; the stored timetable shown after a reload while the server is unreachable; a signed-out
 * student opening the projector's link signs in and lands on the scanner with the code kept; a
 * student indoors with a 150 m fix goes to review and the teacher accepts her from the review list
 * after closing the session.
 */
import { describe, expect, it } from 'vitest';
import { STUDENT } from './support/accounts';
import { DESKTOP, expectHidden, expectPath, expectVisible, loginForm, setupE2E, signIn } from './support/e2e';
import { seriousViolations } from './support/a11y';
import { closeAttendance, openAttendance, openCode, openScan, roomOf, sendMark, teacherAndStudent } from './support/qr';
import { ru } from './support/texts';

const e2e = setupE2E();

describe('QR attendance', () => {
  it('the projector shows a code; the student marks with a fresh position; the count rises without a reload', async () => {
    const { teacher, student, lessons } = await teacherAndStudent(e2e);
    const idShed = lessons[0];
    expect(idShed).toBeDefined();

    const room = await roomOf(teacher, idShed!);
    await student.context().setGeolocation({ latitude: room.xGps, longitude: room.yGps, accuracy: 8 });
    // The scanner is open before a code is read: only the scan itself then runs against the code's life.
    await student.goto('/lms/qrscan');
    await expectVisible(student.getByRole('heading', { level: 1, name: ru('qr:scan.title') }), 20000);
    // The scanner has asked for the lessons open now (none yet) before the teacher opens one: on a
    // loaded machine its question could otherwise reach the server after the opening.
    await expectVisible(student.getByText(ru('qr:scan.noLessonNow')), 20000);

    await teacher
      .getByTestId(`lesson-${idShed}`)
      .getByRole('link', { name: new RegExp(ru('schedule:attendance')) })
      .click();
    await expectPath(teacher, '/lms/qrlesson');
    const code = await openAttendance(teacher);
    // Attendance opened: the student's side menu offers the check-in without a reload, a link to the
    // check-in page (the page the student is on; following it from another page is checkIn.test.tsx's).
    const checkIn = student.getByTestId('side-menu').getByRole('link', { name: ru('cm:menu.checkIn'), exact: true });
    await expectVisible(checkIn, 20000);
    expect(await checkIn.getAttribute('href')).toBe('/lms/qrscan');
    // The scanner, opened before attendance was, does not ask again by itself: it still has no lesson
    // to type a code for until its Reload button is pressed.
    await expectVisible(student.getByText(ru('qr:scan.noLessonNow')), 10000);
    await student
      .getByRole('main')
      .getByRole('button', { name: ru('cm:actions.reload') })
      .click();
    await expectVisible(student.getByRole('textbox', { name: ru('qr:scan.code') }), 10000);
    const count = teacher.getByTestId('qr-count');
    await expect.poll(() => count.textContent()).toMatch(/^Отметились 0 из \d+$/);
    const total = Number((await count.textContent())!.match(/из (\d+)/)![1]);
    expect(teacher.locator('svg').first()).toBeTruthy();
    expect(await teacher.getByTestId('qr-code').textContent()).toMatch(/^\d{6}$/);

    // The code changes within one rotation (15 s) plus a margin for a loaded machine.
    const first = await code.getAttribute('data-token');
    await expect.poll(() => code.getAttribute('data-token'), { timeout: 30000, interval: 500 }).not.toBe(first);

    // The student follows the scanned link (what the phone's camera reads from the code) and marks.
    const token = (await code.getAttribute('data-token'))!;
    await student.evaluate(
      (path) => {
        window.history.pushState(null, '', path);
        window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      },
      `/lms/qrscan?t=${encodeURIComponent(token)}`,
    );
    await expectVisible(student.getByTestId('scan-lesson'), 15000);
    expect(await sendMark(student)).toContain('Вы отмечены');
    // The typed code's form leaves the lesson out now, and says it is marked.
    await expectVisible(student.getByTestId('scan-marked'), 10000);
    expect(await student.getByRole('textbox', { name: ru('qr:scan.code') }).count()).toBe(0);
    // It names the lesson with its time and kind (a lecture and a lab of one discipline at one time are told apart).
    const kind = (await teacher.locator('.qr-lesson-type').textContent())!; // '(Лекция)'
    const marked = (await student.getByTestId('scan-marked').textContent())!;
    expect(marked).toMatch(/\d\d:\d\d /);
    expect(marked).toContain(`${kind}.`);

    // The projector counts it without a reload, with the student's name.
    await expect.poll(() => count.textContent(), { timeout: 20000 }).toBe(`Отметились 1 из ${total}`);
    await expectVisible(teacher.getByTestId('qr-present').getByText('Сыдыкова', { exact: false }), 10000);

    // The teacher turns the tablet to portrait (the mobile layout, with the tab bar) and back: the
    // same screen goes on, count and code kept, without being mounted anew (attendance opened again).
    const shown = await count.elementHandle();
    for (const size of [
      { width: 820, height: 1180 },
      { width: 1280, height: 800 },
    ]) {
      await teacher.setViewportSize(size);
      await expect.poll(() => teacher.getByTestId('mobile-tab-bar').isVisible(), { timeout: 10000 }).toBe(size.width < 900);
      expect(await shown!.evaluate((node) => node.isConnected)).toBe(true);
      expect(await count.textContent()).toBe(`Отметились 1 из ${total}`);
      await expectVisible(code);
    }

    // Closing attendance stops the code; the projector shown again (a reload) finds it closed instead
    // of opening it anew, until its teacher opens it again (as a make-up lesson when out of its time).
    await closeAttendance(teacher);
    expect(await code.count()).toBe(0);
    await teacher.reload();
    const reopen = teacher.getByRole('button', { name: ru('qr:projector.reopen') });
    await expectVisible(reopen, 20000);
    expect(await code.count()).toBe(0);
    await reopen.click();
    await openAttendance(teacher);
    await expect.poll(() => count.textContent()).toBe(`Отметились 1 из ${total}`);

    // The button is spent: a second mark is not offered.
    expect(await student.getByRole('button', { name: ru('qr:scan.send'), exact: true }).isDisabled()).toBe(true);

    // The report (QR marks and the journal together) counts the mark, down to the student: she was present at least once.
    await teacher.goto('/lms/reportqr');
    const table = teacher.getByTestId('qr-report');
    await expectVisible(table, 20000);
    // Her faculty, speciality and group (every group the teacher teaches is listed, with or without QR lessons).
    for (const name of [/информационных технологий/, /^Программная инженерия$/, /^ПИ-1-24$/]) await table.getByRole('button', { name }).click();
    const row = teacher
      .getByTestId('qr-report')
      .getByRole('row')
      .filter({ has: teacher.getByRole('rowheader', { name: /Сыдыкова Айпери/ }) });
    await expectVisible(row, 15000);
    expect(await row.locator('td').first().textContent()).toMatch(/^[1-9]\d* \/ \d+$/);
  });
});

describe('QR review', () => {
  it('a student indoors with 150 m accuracy goes to review; the teacher accepts her from the review list after the session closed', async () => {
    const { teacher, student, lessons } = await teacherAndStudent(e2e, { accuracy: 150 });
    // Another lesson than the first test's, so that the student has no mark in its session yet.
    const idShed = lessons.at(-1);
    expect(idShed).toBeDefined();
    const room = await roomOf(teacher, idShed!);
    // An inner room: the fix lands at the room but only to within 150 m.
    await student.context().setGeolocation({ latitude: room.xGps, longitude: room.yGps, accuracy: 150 });

    await openScan(student, await openCode(teacher, idShed!));
    if (process.env.SCREENSHOT_DIR) {
      await student.setViewportSize({ width: 390, height: 844 });
      await student.screenshot({ path: `${process.env.SCREENSHOT_DIR}/qr-check-in-390.png` });
      await student.setViewportSize(DESKTOP);
      await expectHidden(student.getByTestId('mobile-tab-bar'));
    }
    expect(await sendMark(student)).toBe(ru('qr:scan.review'));

    // The lesson ends: the teacher closes attendance and decides later, from the review list.
    await closeAttendance(teacher);
    await teacher.goto('/lms/schedule');
    await teacher.getByRole('link', { name: ru('schedule:qrReview') }).click();
    await expectPath(teacher, '/lms/qrreview');
    const list = teacher.getByTestId('qr-review-list');
    await expectVisible(list, 20000);
    const item = list.getByRole('listitem').filter({ hasText: 'Сыдыкова' });
    await expectVisible(item.getByText(/местоположение слишком неточное/), 10000);
    expect(await seriousViolations(teacher)).toEqual([]);
    if (process.env.SCREENSHOT_DIR) await teacher.screenshot({ path: `${process.env.SCREENSHOT_DIR}/qr-review-list.png` });
    await item.getByRole('button', { name: /^Засчитать/ }).click();
    await expectVisible(teacher.getByTestId('qr-review-empty'), 20000);
  });
});

describe('the QR student card', () => {
  it('the student QR code links to the public card, which opens without a session; an invalid token shows the notice', async () => {
    const student = await e2e.page();
    await signIn(student, STUDENT);
    await expectPath(student, '/lms');
    await student.goto('/lms/qrstud');
    const link = student.getByTestId('card-link');
    await expectVisible(link, 20000);
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/lms\/studentqr\?data=[A-Za-z0-9_-]{32}$/);

    const visitor = await e2e.page();
    await visitor.goto(href);
    await expectVisible(visitor.getByTestId('card-name'), 20000);
    expect(await visitor.getByTestId('card-name').textContent()).toContain('Сыдыкова');
    await expectVisible(visitor.getByRole('heading', { name: ru('qr:card.orders') }));

    const stranger = await e2e.page();
    await stranger.goto('/lms/studentqr?data=12345');
    await expectVisible(stranger.getByText('Некорректные данные'), 20000);
    await stranger.goto('/lms/studentqr');
    await expectVisible(stranger.getByText('Некорректные данные'), 20000);
    await stranger.getByRole('link', { name: ru('qr:card.toMain') }).click();
    await expectPath(stranger, '/lms/login');
  });
});

describe('the stored timetable', () => {
  it('shows after a reload while the server is unreachable', async () => {
    const student = await e2e.page();
    await signIn(student, STUDENT);
    await expectPath(student, '/lms');
    const first = student.locator('[data-testid^="lesson-"]').first();
    await expectVisible(first, 20000);
    const shown = await first.getAttribute('data-testid');
    const stored = await student.evaluate(() => [localStorage.getItem('schedule') !== null, localStorage.getItem('lastUpdated') !== null]);
    expect(stored).toEqual([true, true]);

    await student.route('**/api/**', (route) => route.abort('connectionrefused'));
    await student.reload();
    await expectPath(student, '/lms/offline');
    await expectVisible(student.getByTestId(shown!), 20000);
    await expectVisible(student.getByTestId('schedule-updated'));
  });
});

describe("the projector's link while signed out", () => {
  it('a signed-out student opens /lms/qrscan?t=abc, signs in and lands on it with the code kept', async () => {
    const student = await e2e.page();
    await student.goto('/lms/qrscan?t=abc');
    await expectPath(student, '/lms/login');
    const form = loginForm(student);
    await expectVisible(form.form);
    await form.login.fill(STUDENT.login);
    await form.password.fill(STUDENT.password);
    await form.submit.click();
    await expectVisible(student.getByTestId('profile-menu-button'), 20000);
    await expect.poll(() => new URL(student.url()).pathname + new URL(student.url()).search, { timeout: 20000 }).toBe('/lms/qrscan?t=abc');
    await expectVisible(student.getByRole('heading', { level: 1, name: ru('qr:scan.title') }), 20000);
  });
});
