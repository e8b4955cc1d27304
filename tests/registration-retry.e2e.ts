/**
 * A registration save that fails on the way is sent again by the screen, and the student ends up
 * registered exactly once: the reply of a save the server made is lost (the connection drops after
 * the server answered), or the server puts the save off with 503 and Retry-After in a rush.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { STUDENT } from './support/accounts';
import { expectHidden, expectVisible, setupE2E, signIn } from './support/e2e';
import { chooseElective, ELECTIVE, ELECTIVE_TEACHER } from './support/registration';
import { ru } from './support/texts';

const e2e = setupE2E();

const SAVE = '**/api/regfordisciplines/optional/additioninsert';

interface Sent {
  key: string | null;
  status: number | null;
  body: { data: { id: number; status: string } | null } | null;
  replayed: boolean;
}

/** The student's registrations for the elective, as the server lists them. */
async function registrationsOfElective(page: Page): Promise<number[]> {
  const half = await page.evaluate(async () => {
    const r = await fetch('/api/regfordisciplines/getdefyear', { credentials: 'same-origin' });
    return ((await r.json()) as { data: { id_a_year: number; id_w_s: number } }).data;
  });
  const rows = await page.evaluate(async (body) => {
    const r = await fetch('/api/regfordisciplines/optional/disciplines', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await r.json()) as { data: { discipline: string; registration: { id: number } | null }[] }).data;
  }, half);
  return rows.filter((r) => r.discipline === ELECTIVE && r.registration).map((r) => r.registration!.id);
}

async function deleteRegistration(page: Page, row: ReturnType<Page['getByTestId']>) {
  await row.getByTestId('reg-delete').click();
  const dialog = page.getByRole('alertdialog');
  await expectVisible(dialog);
  await dialog.getByRole('button', { name: ru('registration:delete.confirm'), exact: true }).click();
  await expectHidden(row.getByTestId('reg-status'));
}

/** Saves with the first send failing as `fail` makes it; every send after it reaches the server. */
async function saveThrough(page: Page, fail: (route: Route, sent: Sent) => Promise<void>): Promise<Sent[]> {
  const sent: Sent[] = [];
  await page.route(SAVE, async (route) => {
    const entry: Sent = { key: route.request().headers()['idempotency-key'] ?? null, status: null, body: null, replayed: false };
    sent.push(entry);
    if (sent.length === 1) return fail(route, entry);
    const response = await route.fetch();
    entry.status = response.status();
    entry.body = (await response.json()) as Sent['body'];
    entry.replayed = response.headers()['idempotent-replayed'] === 'true';
    await route.fulfill({ response });
  });
  return sent;
}

describe('a registration save sent again', () => {
  it('whose reply was lost after the server made it: sent again with the same key, answered with the first reply, registered once', async () => {
    const page = await e2e.page();
    await signIn(page, STUDENT);
    const { row, panel } = await chooseElective(page);
    const sent = await saveThrough(page, async (route, entry) => {
      // The server registers the student; its answer never reaches the page.
      const response = await route.fetch();
      entry.status = response.status();
      entry.body = (await response.json()) as Sent['body'];
      await route.abort('connectionreset');
    });
    await panel.getByTestId('reg-save').click();
    const status = row.getByTestId('reg-status');
    await expectVisible(status);
    expect(await status.textContent()).toContain(ELECTIVE_TEACHER);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ status: 200, body: { data: { status: 'registered' } } });
    expect(sent[1].key).toBeTruthy();
    expect(sent[1]).toMatchObject({ key: sent[0].key, status: 200, replayed: true, body: { data: { id: sent[0].body!.data!.id } } });
    expect(await registrationsOfElective(page)).toEqual([sent[0].body!.data!.id]);
    await page.unroute(SAVE);
    await deleteRegistration(page, row);
    expect(e2e.problems(page).csp).toEqual([]);
  });

  it('put off with 503 and Retry-After: sent again after the wait, registered once', async () => {
    const page = await e2e.page();
    await signIn(page, STUDENT);
    const { row, panel } = await chooseElective(page);
    const sent = await saveThrough(page, (route) =>
      route.fulfill({
        status: 503,
        headers: { 'retry-after': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ result: true, error: { code: 'SERVICE_UNAVAILABLE', message: 'Сервис временно недоступен, повторите позже' }, data: null }),
      }),
    );
    await panel.getByTestId('reg-save').click();
    const status = row.getByTestId('reg-status');
    await expectVisible(status);
    expect(await status.textContent()).toContain(ELECTIVE_TEACHER);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ key: sent[0].key, status: 200, replayed: false, body: { data: { status: 'registered' } } });
    expect(await registrationsOfElective(page)).toEqual([sent[1].body!.data!.id]);
    await page.unroute(SAVE);
    await deleteRegistration(page, row);
  });
});
