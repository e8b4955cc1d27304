/**
 * The server build: server/src/cluster.ts (which runs main.ts) compiled by esbuild into one
 * JavaScript file, server/build/server.mjs, so `npm start` runs plain JavaScript instead of
 * transpiling TypeScript at every start. Packages stay in node_modules (not bundled).
 *
 * Files the server finds next to its sources at run time (migrations, package.json, the web
 * client's dist/) are found through `import.meta.url`, which is replaced in each module by the URL
 * of its own source file: the build is for this checkout and is rebuilt when it moves.
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
  if (stamp === hash && fs.existsSync(SERVER_BUNDLE)) return false;
  const started = performance.now();
  log(`Server: compiling TypeScript (${stamp ? 'sources changed' : 'no build yet'})…`);
  const fromTsx = createRequire(createRequire(path.join(ROOT, 'package.json')).resolve('tsx/package.json'));
  const esbuild = fromTsx('esbuild');
  fs.mkdirSync(SERVER_BUILD_DIR, { recursive: true });
  const tmp = `${SERVER_BUNDLE}.${process.pid}.tmp`;
  await esbuild.build({
    entryPoints: [SERVER_ENTRY_SOURCE],
    outfile: tmp,
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
            return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
          });
        },
      },
    ],
  });
  fs.renameSync(tmp, SERVER_BUNDLE);
  fs.writeFileSync(STAMP, `${hash}\n`);
  log(`Server: compiled in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

// `node scripts/lib/server-build.mjs`: build now (when stale).
if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'scripts/lib/server-build.mjs')) {
  const built = await ensureServerBuild({ log: (line) => console.log(line) });
  if (!built) console.log(`Server: ${path.relative(ROOT, SERVER_BUNDLE)} is up to date.`);
}
