/**
 * Global setup of the end-to-end project (vite.config.ts): the seeded database every end-to-end
 * server copies is prepared in the background from the start of the run, while the client and
 * server tests run (support/server.ts, seedTemplateInBackground). First the routes of the area
 * manifest are written for the test files (manifestRoutes.ts).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedTemplateInBackground } from './server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default function setup(): () => void {
  execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'scripts/manifest-routes.ts')], { cwd: ROOT, stdio: 'inherit' });
  return seedTemplateInBackground();
}
