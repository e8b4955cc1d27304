/**
 * The screen checks (tests/support/screen-checks.ts) on a phone, 390 px, in Kyrgyz: axe-core, what
 * sticks out, focus under the sticky header and the tab bar, and untranslated texts, on every screen,
 * for every account, in both themes. The desktop's are in tests/a11y.e2e.ts.
 */
import { PHONE } from './support/contexts';
import { screenChecksAt } from './support/screen-checks';

screenChecksAt(PHONE);
