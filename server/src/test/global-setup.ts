/**
 * Global setup of the server projects (vite.config.ts): the seeded database templates are built
 * once before the test files start (helpers.ts, prepareTemplates), and so is the compiled server the
 * files that start a server process run (server-bundle.ts).
 */
import { prepareTemplates } from './helpers';
import { buildServerBundle } from './server-bundle';

export default async function setup(): Promise<void> {
  buildServerBundle();
  await prepareTemplates();
}
