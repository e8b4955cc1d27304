/**
 * The projector's link opened on a phone (390 × 844, touch) signed out: the scan is kept through
 * sign-in. The student opens the link, lands on the login page; meanwhile the code stops being valid
 * (the teacher closes attendance, as the code would expire in the 20 s a phone's sign-in takes); she
 * signs in and lands on the scanner, which still names the lesson from the kept scan, and her
 * check-in is accepted. The page then names the lesson as checked in with its kind, and passes axe.
 */
import { describe, expect, it } from 'vitest';
import { STUDENT, TEACHER } from './support/accounts';
import { expectPath, expectVisible, loginForm, setupE2E, signInWithForm } from './support/e2e';
import { closeAttendance, lessonIds, openCode, roomOf } from './support/qr';
import { seriousViolations, overflowLines } from './support/a11y';
import { ru } from './support/texts';

const e2e = setupE2E();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

describe('a scan made signed out', () => {
  it('is kept through sign-in on the phone: the check-in is accepted though the code is no longer valid', async () => {
    const teacher = await e2e.page();
    await signInWithForm(teacher, TEACHER);
    await expectPath(teacher, '/lms');
    const taught = await lessonIds(teacher);
    // The student's lessons, read on another page so that the phone stays signed out.
    const probe = await e2e.page();
    await signInWithForm(probe, STUDENT);
    const attended = await lessonIds(probe);
    const idShed = taught.find((id) => attended.includes(id));
    expect(idShed).toBeDefined();
    const room = await roomOf(teacher, idShed!);

    const token = await openCode(teacher, idShed!);

    const phone = await e2e.page({ ...PHONE, permissions: ['geolocation'], geolocation: { latitude: room.xGps, longitude: room.yGps, accuracy: 12 } });
    await phone.goto(`/lms/qrscan?t=${encodeURIComponent(token)}`);
    await expectPath(phone, '/lms/login');
    const form = loginForm(phone);
    await expectVisible(form.form);

    // The code stops being valid while she types her password.
    await closeAttendance(teacher);

    await form.login.tap();
    await form.login.fill(STUDENT.login);
    await form.password.fill(STUDENT.password);
    await form.submit.tap();
    await expect.poll(() => new URL(phone.url()).pathname, { timeout: 20000 }).toBe('/lms/qrscan');
    expect(new URL(phone.url()).searchParams.get('h')).toBeTruthy();
    const lesson = phone.getByTestId('scan-lesson');
    await expectVisible(lesson, 20000);
    if (process.env.SCREENSHOT_DIR) await phone.screenshot({ path: `${process.env.SCREENSHOT_DIR}/qr-kept-scan-390.png` });
    await phone.getByRole('button', { name: ru('qr:scan.send'), exact: true }).tap();
    await expectVisible(phone.getByTestId('scan-result'), 20000);
    expect(await phone.getByTestId('scan-result').textContent()).toContain('Вы отмечены');
    // Attendance was closed meanwhile, so the lesson is no longer open to mark: the page offers no typed code for it.
    await expectVisible(phone.getByRole('button', { name: ru('cm:actions.reload') }), 20000);
    expect(await seriousViolations(phone)).toEqual([]);
    expect(await overflowLines(phone, 'scan 390')).toEqual([]);
    if (process.env.SCREENSHOT_DIR) await phone.screenshot({ path: `${process.env.SCREENSHOT_DIR}/qr-kept-scan-accepted-390.png` });

    // The teacher's list has her as present.
    await teacher.reload();
    await expectVisible(teacher.getByTestId('qr-present').getByText('Сыдыкова', { exact: false }), 20000);
  });
});
