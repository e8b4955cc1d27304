/**
 * The server build: server/src/cluster.ts (which runs main.ts) compiled by esbuild into one
 * JavaScript file, server/build/server.mjs, so `npm start` runs plain JavaScript instead of
 * transpiling TypeScript at every start; and, the same way, each of the project's commands
 * (`npm run seed`, `import`, `backup`, `restore`: COMMANDS) into server/build/<name>.mjs, which
 * scripts/cli.mjs runs. Packages stay in node_modules (not bundled).
 *
 * Files the server finds next to its sources at run time (migrations, package.json, the web
 * client's dist/) are found through `import.meta.url` (or `.dirname`, `.filename`), which is replaced
 * in each module by its own source file's: the build is for this checkout and is rebuilt when it moves.
 *
 * Like the client, the build carries a stamp: a SHA-256 over the checkout's path and every input
 * (server/src, contract/, server/tsconfig.json, package-lock.json); a start rebuilds only when it
 * changed.
 *
 * esbuild is the one tsx depends on (tsx is a dependency of the portal), so a fresh `npm install`
 * has it.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashInputs, ROOT } from './client-build.mjs';

export const SERVER_BUILD_DIR = path.join(ROOT, 'server/build');
export const SERVER_ENTRY_SOURCE = path.join(ROOT, 'server/src/cluster.ts');
export const SERVER_BUNDLE = path.join(SERVER_BUILD_DIR, 'server.mjs');

/** The project's commands: name → source, each built into server/build/<name>.mjs. */
export const COMMANDS = {
  seed: 'server/src/db/seed/cli.ts',
  import: 'server/src/cli/import.ts',
  backup: 'server/src/cli/backup.ts',
  restore: 'server/src/cli/restore.ts',
};

/** The compiled file of a command of COMMANDS. */
export const commandBundle = (name) => path.join(SERVER_BUILD_DIR, `${name}.mjs`);
const BUNDLES = { server: SERVER_BUNDLE, ...Object.fromEntries(Object.keys(COMMANDS).map((name) => [name, commandBundle(name)])) };
const STAMP = path.join(SERVER_BUILD_DIR, '.build-stamp');
const INPUTS = ['server/src', 'contract', 'server/tsconfig.json', 'package-lock.json', 'scripts/lib/server-build.mjs'];

export function serverSourceHash() {
  return hashInputs(ROOT, INPUTS, { skip: ['node_modules', 'build'], keepFile: (rel) => !/\.test\.ts$/.test(rel), prefix: ROOT });
}

/** Builds server/build/server.mjs when missing or stale; returns true when it built. */
export async function ensureServerBuild({ log = () => {} } = {}) {
  const hash = serverSourceHash();
  let stamp = null;
  try {
    stamp = fs.readFileSync(STAMP, 'utf8').trim();
  } catch {
    // no build yet
  }
  if (stamp === hash && Object.values(BUNDLES).every((file) => fs.existsSync(file))) return false;
  const started = performance.now();
  log(`Server: compiling TypeScript (${stamp ? 'sources changed' : 'no build yet'})…`);
  const fromTsx = createRequire(createRequire(path.join(ROOT, 'package.json')).resolve('tsx/package.json'));
  const esbuild = fromTsx('esbuild');
  fs.mkdirSync(SERVER_BUILD_DIR, { recursive: true });
  // Built beside the files in use, then each renamed over its old one (a process starting meanwhile reads a whole file).
  const tmp = path.join(SERVER_BUILD_DIR, `.tmp-${process.pid}`);
  await esbuild.build({
    entryPoints: { server: SERVER_ENTRY_SOURCE, ...Object.fromEntries(Object.entries(COMMANDS).map(([name, source]) => [name, path.join(ROOT, source)])) },
    outdir: tmp,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
    tsconfig: path.join(ROOT, 'server/tsconfig.json'),
    plugins: [
      {
        name: 'source-import-meta-url',
        setup(build) {
          build.onLoad({ filter: /\.ts$/ }, async (args) => {
            const text = await fs.promises.readFile(args.path, 'utf8');
            const contents = text
              .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
              .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
              .replaceAll('import.meta.filename', JSON.stringify(args.path));
            return { contents, loader: 'ts' };
          });
        },
      },
    ],
  });
  for (const [name, file] of Object.entries(BUNDLES)) fs.renameSync(path.join(tmp, `${name}.mjs`), file);
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.writeFileSync(STAMP, `${hash}\n`);
  log(`Server: compiled in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

// `node scripts/lib/server-build.mjs`: build now (when stale).
if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'scripts/lib/server-build.mjs')) {
  const built = await ensureServerBuild({ log: (line) => console.log(line) });
  if (!built) console.log(`Server: ${path.relative(ROOT, SERVER_BUNDLE)} is up to date.`);
}
