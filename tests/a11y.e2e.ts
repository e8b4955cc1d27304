/**
 * axe-core on every screen (tests/support/screens.ts): signed out, as a teacher and as a student, in
 * light and dark mode, on a desktop (1366 px) and a phone (390 px). No serious or critical violation
 * is allowed. The same visits check that nothing sticks out of its card or the screen (the layout
 * check of tests/layout.e2e.ts, which covers 900 px).
 */
import { STUDENT, TEACHER } from './support/accounts';
import { overflowLines, seriousViolations } from './support/a11y';
import { setupE2E } from './support/e2e';
import { checkEveryScreen, PHONE, sessions, THEMES, WIDE } from './support/screens';

const e2e = setupE2E();
const session = sessions(e2e);

for (const viewport of [WIDE, PHONE])
  for (const theme of THEMES)
    for (const account of [null, TEACHER, STUDENT])
      checkEveryScreen(e2e, session, { account, viewport, theme }, async (page, screen) => [
        ...(await seriousViolations(page)).map((v) => `${screen.name}: ${v.impact} ${v.id} — ${v.help}: ${v.targets.join(' | ')}`),
        ...(await overflowLines(page, `${screen.name} at ${viewport.width} px`)),
      ]);
