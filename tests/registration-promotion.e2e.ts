/**
 * A seat freed in a full elective subgroup goes to the first on its waiting list, who sees it at
 * once: on her phone (390 × 844, touch) the demo student finds the elective's subgroup full and joins
 * its waiting list (her row says place 1); the freshman, who took the subgroup's last seat on his
 * laptop after setting his own login and password, cancels his registration; her open page, not
 * reloaded, shows the promotion notice and her row registered.
 *
 * The server runs on a PostgreSQL database of this file's own (TEST_DATABASE_URL; skipped without
 * it, as tests/files-two-servers.e2e.ts), where the dean's office's part is done in SQL: the
 * freshman (a first-year student, whom the seed does not let choose electives) may choose electives
 * this half-year as the demo student may, and the subgroup has one seat. The seeded demo data stay
 * as they are.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { FRESHMAN, STUDENT } from './support/accounts';
import { expectPath, expectVisible, loginForm, setupE2E, submitLogin } from './support/e2e';
import { chooseElective, ELECTIVE, ELECTIVE_TEACHER } from './support/registration';
import { ru } from './support/texts';

/** The PostgreSQL server the test's database is made on (postgres://user@host:port/db). */
const DATABASE_SERVER = process.env.TEST_DATABASE_URL;

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** The live stream's path (src/api/live.ts, LIVE_EVENTS_URL). */
const LIVE_EVENTS = '/api/chat/events.json';
/** What the freshman chooses at his first sign-in. */
const FRESHMAN_NEW = { login: 'freshman.seat', password: 'Quiet-Harbour-2026' };

async function admin<T>(connectionString: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(DATABASE_SERVER!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe.skipIf(!DATABASE_SERVER)('a seat promoted from the waiting list (skipped without TEST_DATABASE_URL: no PostgreSQL to set the seats in)', () => {
  const name = `lms_e2e_seat_${randomBytes(6).toString('hex')}`;
  const url = DATABASE_SERVER ? databaseUrl(name) : '';

  // Hooks run in the order written and end in the reverse one (Vitest's sequence.hooks 'stack'): the
  // database is made before setupE2E starts the server on it (which migrates and seeds it), and dropped
  // after the server has stopped.
  beforeAll(() => admin(DATABASE_SERVER!, (c) => c.query(`create database ${name}`)));
  afterAll(() => admin(DATABASE_SERVER!, (c) => c.query(`drop database if exists ${name} with (force)`)));
  const e2e = setupE2E({ databaseUrl: url, env: { WORKERS: '1' } });

  /**
   * The dean's office's part: the freshman may choose electives in the demo student's half-year, and
   * the elective's subgroup with her teacher has one seat (nobody has registered yet).
   */
  async function oneSeatLeft(): Promise<void> {
    await admin(url, async (c) => {
      const granted = await c.query(
        `insert into elective_permissions (student_id, academic_year_id, working_semester_id)
         select f.student_id, p.academic_year_id, p.working_semester_id
           from users f, users s join elective_permissions p on p.student_id = s.student_id
          where f.login = $1 and s.login = $2`,
        [FRESHMAN.login, STUDENT.login],
      );
      expect(granted.rowCount).toBe(1);
      const [surname, first, patronymic] = ELECTIVE_TEACHER.split(' ');
      const seats = await c.query(
        `update reg_subgroups rs set capacity = 1
           from reg_offerings o, disciplines d, teachers t
          where o.id = rs.offering_id and d.id = o.discipline_id and t.id = rs.teacher_id
            and o.is_elective and d.name_ru = $1 and t.surname = $2 and t.name = $3 and t.patronymic = $4 and rs.number = 1 and rs.taken = 0
          returning rs.id`,
        [ELECTIVE, surname, first, patronymic],
      );
      expect(seats.rowCount).toBe(1);
    });
  }

  /** The freshman's first sign-in: he sets his own login and password and lands in the portal. */
  async function freshmanSignsIn(page: Page): Promise<void> {
    await submitLogin(page, FRESHMAN);
    const form = page.getByTestId('update-form');
    await expectVisible(form);
    await form.getByLabel(ru('auth:update.newLogin'), { exact: true }).fill(FRESHMAN_NEW.login);
    await form.getByLabel(ru('auth:update.newPassword'), { exact: true }).fill(FRESHMAN_NEW.password);
    await form.getByLabel(ru('auth:update.confirm'), { exact: true }).fill(FRESHMAN_NEW.password);
    await form.getByRole('button', { name: ru('auth:update.submit'), exact: true }).click();
    await expectVisible(page.getByTestId('profile-menu-button'));
    await expectPath(page, '/lms');
  }

  it("the demo student waits for a full elective subgroup on her phone; a seat freed by the freshman's cancelling becomes hers, said at once without a reload", async () => {
    await oneSeatLeft();

    // The freshman, on his laptop, takes the subgroup's only seat.
    const freshman = await e2e.page();
    await freshmanSignsIn(freshman);
    const his = await chooseElective(freshman);
    expect(await his.panel.getByTestId('reg-seats').textContent()).toBe(ru('registration:seats', { taken: 0, capacity: 1 }));
    await his.panel.getByTestId('reg-save').click();
    const hisStatus = his.row.getByTestId('reg-status');
    await expectVisible(hisStatus);
    expect(await hisStatus.textContent()).toBe(ru('registration:status.registered', { teacher: ELECTIVE_TEACHER, subgroup: 1 }));

    // The demo student signs in on her phone; her live stream opens with the session and lasts while
    // she goes to the registration screen through the menu (no page load on the way).
    const student = await e2e.page(PHONE);
    await student.goto('/lms/login');
    const streamOpened = student.waitForResponse((r) => new URL(r.url()).pathname === LIVE_EVENTS && r.ok());
    const login = loginForm(student);
    await login.login.fill(STUDENT.login);
    await login.password.fill(STUDENT.password);
    await login.submit.tap();
    await expectVisible(student.getByTestId('profile-menu-button'));
    await student
      .getByTestId('side-menu')
      .getByRole('link', { name: ru('menu.registration'), exact: true })
      .tap();
    await expectPath(student, '/lms/registration');

    // The subgroup is full: saving is refused with the offer of its waiting list, which she joins.
    const row = student
      .getByRole('region', { name: ru('registration:groups.electives') })
      .getByTestId('reg-row')
      .filter({ hasText: ELECTIVE });
    await expectVisible(row);
    await row.getByTestId('reg-open').tap();
    const panel = student.getByTestId('reg-panel');
    await panel.getByLabel(ru('registration:fields.teacher'), { exact: true }).selectOption({ label: ELECTIVE_TEACHER });
    await expect.poll(() => panel.locator('#reg-subgroup option').count()).toBeGreaterThan(1);
    await panel.getByLabel(ru('registration:fields.subgroup'), { exact: true }).selectOption({ index: 1 });
    await expectVisible(panel.getByTestId('reg-seats'));
    expect(await panel.getByTestId('reg-seats').textContent()).toBe(ru('registration:seats', { taken: 1, capacity: 1 }));
    await panel.getByTestId('reg-save').tap();
    const refusal = panel.getByTestId('reg-save-error');
    await expectVisible(refusal);
    expect(await refusal.textContent()).toContain(ru('cm:errors.SUBGROUP_FULL'));
    await panel.getByRole('button', { name: ru('registration:actions.joinWaiting'), exact: true }).tap();
    const status = row.getByTestId('reg-status');
    await expectVisible(status);
    expect(await status.textContent()).toBe(ru('registration:status.waiting', { teacher: ELECTIVE_TEACHER, subgroup: 1, position: 1 }));
    expect(await status.getAttribute('class')).toContain('reg-status-waiting');
    expect(await student.getByTestId('reg-seat-notice').count()).toBe(0);

    // Her page is marked: a reload would lose the mark. The seat's event goes to the streams open
    // when it is sent: hers is open before the freshman cancels.
    await student.evaluate(() => Object.assign(window, { __samePage: true }));
    await streamOpened;

    // The freshman cancels his registration: the seat is freed and given to her.
    await his.row.getByTestId('reg-delete').click();
    await freshman
      .getByRole('alertdialog')
      .getByRole('button', { name: ru('registration:delete.confirm'), exact: true })
      .click();
    await expectVisible(his.row.getByTestId('reg-open'));

    // Her open page says so, and her row shows her registered, not waiting.
    const notice = student.getByTestId('reg-seat-notice');
    await expectVisible(notice);
    expect(await notice.textContent()).toContain(ru('registration:seatNotice', { name: ELECTIVE, subgroup: 1 }));
    const registered = ru('registration:status.registered', { teacher: ELECTIVE_TEACHER, subgroup: 1 });
    await expect.poll(() => status.textContent()).toBe(registered);
    expect(await status.getAttribute('class')).toContain('reg-status-registered');
    expect(await student.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    await expectPath(student, '/lms/registration');
    expect(e2e.problems(student).pageErrors).toEqual([]);
  });
});
