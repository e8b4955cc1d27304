/**
 * Questionnaires in Chromium: the demo student answers the seeded course evaluation of her group
 * anonymously on a laptop (1366 px, from the side menu) and cannot answer it twice (the list says
 * "answered", the server refuses a second answer with its translated 409); on a phone at 390 px in
 * dark mode the form checks its required questions by keyboard, with no serious axe violation and
 * no sideways scroll; the results of a survey answered by fewer than the threshold stay hidden, and
 * the demo teacher reads his closed evaluation's results as tables of counts.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { QUESTIONNAIRE_MIN_ANSWERS } from '../contract/pure/questionnaire';
import type { QuestionnaireLists } from '../contract/questionnaire';
import { ADMIN, STUDENT, TEACHER } from './support/accounts';
import { seriousViolations } from './support/a11y';
import { PHONE, WIDE } from './support/contexts';
import { expectPath, expectVisible, setupE2E, signIn } from './support/e2e';
import { ru } from './support/texts';

const e2e = setupE2E();
const LAPTOP: BrowserContextOptions = { viewport: WIDE };
const PHONE_390: BrowserContextOptions = { viewport: PHONE, isMobile: true, hasTouch: true };

/** A call of the portal's API from the page (its session cookie, its origin). */
async function api<T>(page: Page, path: string, body: object): Promise<{ status: number; json: { data: T; error: { code: string; message: string } | null } }> {
  return page.evaluate(
    async ({ path, body }) => {
      const r = await fetch(path, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'accept-language': 'ru' },
        body: JSON.stringify(body),
      });
      return { status: r.status, json: await r.json() };
    },
    { path, body },
  );
}

/** The seeded evaluation open for the demo student's group. */
const seededCard = (page: Page) => page.getByTestId('qn-to-answer').locator('article').filter({ hasText: 'Асанов Бакыт Кубанычбекович' }).first();

describe('questionnaires', () => {
  it('on a phone at 390 px in dark mode the form asks for its required answers, by keyboard', async () => {
    const page = await e2e.page(PHONE_390);
    await page.context().addCookies([{ name: 'theme', value: 'dark', url: e2e.server.origin }]);
    await signIn(page, STUDENT);
    await page.goto('/lms/questionnaire');
    const answer = seededCard(page).getByRole('button', { name: ru('questionnaire:answer') });
    await expectVisible(answer, 20000);
    await answer.focus();
    await page.keyboard.press('Enter');
    const submit = page.getByTestId('qn-submit');
    await expectVisible(submit, 20000);
    await submit.focus();
    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('qn-question-1').getByRole('alert'));
    expect(await page.getByTestId('qn-question-1').getByRole('alert').textContent()).toBe(ru('questionnaire:form.required'));
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(e2e.problems(page).csp).toEqual([]);
  }, 120000);

  it('the demo student answers the evaluation anonymously and cannot answer twice (1366 px)', async () => {
    const page = await e2e.page(LAPTOP);
    await signIn(page, STUDENT);
    await page
      .getByTestId('side-menu')
      .getByRole('link', { name: ru('cm:menu.questionnaire'), exact: true })
      .click();
    await expectPath(page, '/lms/questionnaire');
    await seededCard(page)
      .getByRole('button', { name: ru('questionnaire:answer') })
      .click();
    await expectVisible(page.getByText(ru('questionnaire:form.anonymousNote')));
    // Every required question: the scales (4), then the first option of each choice.
    const questions = page.locator('[data-testid^="qn-question-"]');
    for (let i = 0; i < (await questions.count()); i++) {
      const q = questions.nth(i);
      const scale = q.locator('.qn-scale input[value="4"]');
      if ((await scale.count()) > 0) await scale.check();
      else if ((await q.locator('input').count()) > 0) await q.locator('input').first().check();
      else await q.locator('textarea').fill('Больше практики');
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('qn-submit').click();
    await expectVisible(seededCard(page).getByText(ru('questionnaire:state.answered')), 20000);
    expect(
      await seededCard(page)
        .getByRole('button', { name: ru('questionnaire:answer') })
        .count(),
    ).toBe(0);

    // A second answer is refused, translated, and nothing is written.
    const lists = await api<QuestionnaireLists>(page, '/api/questionnaire/list.json', {});
    const seeded = lists.json.data.toAnswer.find((x) => x.answered && x.kind === 'evaluation')!;
    const again = await api(page, '/api/questionnaire/answer.json', { id: seeded.id, answers: [] });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: 'ALREADY_ANSWERED', message: 'Вы уже ответили на эту анкету: повторный ответ не принимается' });
    expect(e2e.problems(page).csp).toEqual([]);
  }, 120000);

  it('results stay hidden below the threshold; the teacher reads his closed evaluation', async () => {
    const admin = await e2e.page(LAPTOP);
    await signIn(admin, ADMIN);
    await admin.goto('/lms/questionnaire');
    await expectVisible(admin.getByTestId('qn-managed'), 20000);
    const student = await e2e.page(LAPTOP);
    await signIn(student, STUDENT);
    await student.goto('/lms/questionnaire');
    await expectVisible(seededCard(student), 20000);
    // The administrator's survey for the demo group, answered by the demo student alone.
    const groupId = await student.evaluate(async () => {
      const r = await fetch('/api/questionnaire/list.json', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return ((await r.json()) as { data: QuestionnaireLists }).data.toAnswer[0].audience.name;
    });
    const choices = await api<{ groups: { id: number; name: string }[] }>(admin, '/api/questionnaire/choices.json', {});
    const group = choices.json.data.groups.find((g) => g.name === groupId)!;
    const now = Date.now();
    const created = await api<{ id: number }>(admin, '/api/questionnaire/create.json', {
      title: 'Библиотека: часы работы',
      description: '',
      kind: 'survey',
      anonymous: true,
      opensAt: new Date(now - 3_600_000).toISOString(),
      closesAt: new Date(now + 7 * 86_400_000).toISOString(),
      id_a_year: 2026,
      id_w_s: 1,
      audience: { kind: 'group', id: group.id },
      questions: [{ kind: 'scale', text: 'Удобны ли часы работы?', options: [], required: true }],
    });
    expect(created.status).toBe(200);
    await student.reload();
    const card = student.getByTestId(`qn-item-${created.json.data.id}`);
    await card.getByRole('button', { name: ru('questionnaire:answer') }).click();
    await student.locator('.qn-scale input[value="5"]').check();
    await student.getByTestId('qn-submit').click();
    await expectVisible(student.getByTestId(`qn-item-${created.json.data.id}`).getByText(ru('questionnaire:state.answered')), 20000);

    await admin.reload();
    await admin
      .getByTestId(`qn-item-${created.json.data.id}`)
      .getByRole('button', { name: ru('questionnaire:results.open') })
      .click();
    await expectVisible(admin.getByTestId('qn-results-hidden'), 20000);
    expect(await admin.getByTestId('qn-results-count').textContent()).toBe(ru('questionnaire:answeredCount_one', { count: 1 }));
    expect(await admin.getByTestId('qn-results-hidden').textContent()).toBe(ru('questionnaire:results.hidden_many', { count: QUESTIONNAIRE_MIN_ANSWERS }));
    expect(await admin.locator('.qn-bars').count()).toBe(0);

    const teacher = await e2e.page(LAPTOP);
    await signIn(teacher, TEACHER);
    await teacher.goto('/lms/questionnaire');
    const mine = teacher.getByTestId('qn-evaluations');
    await expectVisible(mine, 20000);
    await mine
      .getByRole('button', { name: ru('questionnaire:results.open') })
      .first()
      .click();
    await expectVisible(teacher.locator('.qn-bars').first(), 20000);
    expect(await teacher.getByTestId('qn-results-hidden').count()).toBe(0);
    expect(await seriousViolations(teacher)).toEqual([]);
  }, 180000);
});
