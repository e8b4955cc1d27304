/** The discipline registration's steps that several end-to-end files share. */
import type { Page } from 'playwright-core';
import { expectVisible } from './e2e';
import { ru } from './texts';

/** The elective the demo student registers for, and the teacher she chooses. */
export const ELECTIVE = 'Облачные технологии';
export const ELECTIVE_TEACHER = 'Асанов Бакыт Кубанычбекович';

/** Opens the elective's chooser with its teacher and first subgroup chosen, ready to save. */
export async function chooseElective(page: Page) {
  await page.goto('/lms/registration');
  const electives = page.getByRole('region', { name: ru('registration:groups.electives') });
  const row = electives.getByTestId('reg-row').filter({ hasText: ELECTIVE });
  await expectVisible(row, 30000);
  await row.getByTestId('reg-open').click();
  const panel = page.getByTestId('reg-panel');
  await panel.getByLabel(ru('registration:fields.teacher'), { exact: true }).selectOption({ label: ELECTIVE_TEACHER });
  await page.waitForFunction(() => ((document.querySelector('#reg-subgroup') as HTMLSelectElement | null)?.options.length ?? 0) > 1);
  await panel.getByLabel(ru('registration:fields.subgroup'), { exact: true }).selectOption({ index: 1 });
  await expectVisible(panel.getByTestId('reg-seats'));
  return { row, panel };
}
