/**
 * Global setup of the server projects (vite.config.ts): the seeded database templates are built
 * once before the test files start (helpers.ts, prepareTemplates).
 */
import { prepareTemplates } from './helpers';

export default async function setup(): Promise<void> {
  await prepareTemplates();
}
