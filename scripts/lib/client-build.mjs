/**
 * The web client build (vite build → dist/) and its stamp.
 *
 * The stamp is a SHA-256 over the paths and contents of everything that shapes the build (src/,
 * public/, index.html, vite.config.ts and its plugins in scripts/build/, tsconfig.json, package-lock.json). It is written to
 * dist/.build-stamp after a successful build, so a later start rebuilds only when a source
 * changed or dist/ is missing. Contents, not mtimes: a fresh clone gets new mtimes for every file.
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST_DIR = path.join(ROOT, 'dist');
export const STAMP_FILE = path.join(DIST_DIR, '.build-stamp');

/** Inputs of the client build, relative to the repository root. Missing entries are skipped. */
export const BUILD_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts/build', 'tsconfig.json', 'package-lock.json'];

function listFiles(abs, rel, out) {
  let stat;
  try {
    stat = fs.statSync(abs);
  } catch {
    return;
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(abs).sort()) {
      if (name === 'node_modules' || name === '.DS_Store') continue;
      listFiles(path.join(abs, name), `${rel}/${name}`, out);
    }
  } else if (stat.isFile()) {
    out.push([rel, abs]);
  }
}

/** Hex SHA-256 of the build inputs (paths and contents). */
export function sourceHash(root = ROOT) {
  const files = [];
  for (const entry of BUILD_INPUTS) listFiles(path.join(root, entry), entry, files);
  const hash = createHash('sha256');
  for (const [rel, abs] of files) {
    hash.update(rel);
    hash.update('\0');
    hash.update(fs.readFileSync(abs));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Why dist/ must be rebuilt, or null when it is up to date. */
export function staleReason(hash = sourceHash()) {
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) return 'dist/ is missing';
  let stamp;
  try {
    stamp = fs.readFileSync(STAMP_FILE, 'utf8').trim();
  } catch {
    return 'dist/ has no build stamp';
  }
  return stamp === hash ? null : 'client sources changed since the last build';
}

export function writeStamp(hash = sourceHash()) {
  fs.writeFileSync(STAMP_FILE, `${hash}\n`);
}

/** Path of a package's file inside node_modules, or null when dependencies are not installed. */
export function binOf(pkg, file) {
  const p = path.join(ROOT, 'node_modules', pkg, file);
  return fs.existsSync(p) ? p : null;
}

/** Runs `vite build` (extra CLI arguments allowed); resolves on success, rejects with the exit code. */
export function viteBuild(extraArgs = [], { quiet = false } = {}) {
  const vite = binOf('vite', 'bin/vite.js');
  if (!vite) return Promise.reject(new Error('vite is not installed: run `npm install` first.'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', ...extraArgs], {
      cwd: ROOT,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else {
        if (quiet) process.stderr.write(output);
        reject(Object.assign(new Error(`vite build failed (${signal ?? `exit code ${code}`})`), { exitCode: code ?? 1 }));
      }
    });
  });
}

/** Builds dist/ when it is missing or stale; returns true when a build ran. */
export async function ensureClientBuild({ log = console.log, force = false, viteArgs = [], quiet = false } = {}) {
  const hash = sourceHash();
  const reason = force ? 'a fresh build was asked for' : staleReason(hash);
  if (!reason) {
    log('Web client: dist/ is up to date.');
    return false;
  }
  log(`Web client: building with vite (${reason})…`);
  const started = Date.now();
  await viteBuild(viteArgs, { quiet });
  writeStamp(hash);
  log(`Web client: built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}
