/**
 * The screen checks (tests/support/screen-checks.ts) on a desktop, 1366 px, in English: axe-core,
 * what sticks out (also with the window narrowed to 900 px), focus under the sticky header and
 * untranslated texts, on every screen, for every account, in both themes. The phone's are in
 * tests/a11y-phone.e2e.ts, which runs beside this file.
 */
import { WIDE } from './support/contexts';
import { screenChecksAt } from './support/screen-checks';

screenChecksAt(WIDE);
