/**
 * The project's commands (`npm run seed`, `npm run import`) run by tests as npm would run them: the
 * server's tests (server/src/test/commands.ts) and the end-to-end files (tests/empty-portal.e2e.ts),
 * which may not import server code, share this one runner.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI = path.join(ROOT, 'scripts/cli.mjs');

/**
 * Runs the command `name` (`seed`, `import`, `backup` or `restore`: scripts/cli.mjs, as its npm script
 * runs it) with `args` on the embedded database in `dataDir` (DATABASE_URL removed, unless `extraEnv`
 * gives one), from `callerDir` as the folder it was typed in (INIT_CWD), in English.
 */
export function runCommand(name, args, dataDir, callerDir, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, DATA_DIR: dataDir, INIT_CWD: callerDir, LANG: 'en_US.UTF-8' };
    delete env.DATABASE_URL;
    Object.assign(env, extraEnv);
    const child = spawn(process.execPath, [CLI, name, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk.toString()));
    child.stderr.on('data', (chunk) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}
