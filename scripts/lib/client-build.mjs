/**
 * The web client build (vite build → dist/) and its stamp.
 *
 * The stamp is a SHA-256 over the paths and contents of everything that shapes the build (src/,
 * public/, index.html, vite.config.ts and its plugins in scripts/build/, tsconfig.json, package-lock.json,
 * and the screen baselines tests/screenshots/ the user manual shows). It is written to
 * dist/.build-stamp after a successful build, by `npm start` and by `npm run build` alike (the
 * build-stamp plugin, scripts/build/build-stamp.ts), so a later start rebuilds only when a source
 * changed or dist/ is missing. Contents, not mtimes: a fresh clone gets new mtimes for every file.
 *
 * Several starts in one folder at once build once and never leave dist/ half-written: a start that
 * must build takes the lock file `dist.lock` (the others wait for it, then find dist/ up to date),
 * builds into `dist.building-<pid>/` and renames that into place; a lock whose process is gone is
 * taken over.
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST_DIR = path.join(ROOT, 'dist');
const STAMP_NAME = '.build-stamp';

/** Inputs of the client build, relative to the repository root. Missing entries are skipped. */
export const BUILD_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts/build', 'tsconfig.json', 'package-lock.json', 'tests/screenshots'];

/**
 * Hex SHA-256 over the paths and contents of the files under `entries` (relative to `root`, in name
 * order; missing entries, and files and folders named in `skip`, left out; a file only when
 * `keepFile(rel)`), after `prefix` when given. The client's and the server's build stamps.
 */
export function hashInputs(root, entries, { skip = ['node_modules'], keepFile = () => true, prefix = null } = {}) {
  const files = [];
  const walk = (abs, rel) => {
    let stat;
    try {
      stat = fs.statSync(abs);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) if (!skip.includes(name)) walk(path.join(abs, name), `${rel}/${name}`);
    } else if (stat.isFile() && keepFile(rel)) files.push([rel, abs]);
  };
  for (const entry of entries) walk(path.join(root, entry), entry);
  const hash = createHash('sha256');
  if (prefix !== null) hash.update(prefix).update('\0');
  for (const [rel, abs] of files) hash.update(rel).update('\0').update(fs.readFileSync(abs)).update('\0');
  return hash.digest('hex');
}

/** Hex SHA-256 of the build inputs (paths and contents). */
export function sourceHash(root = ROOT) {
  return hashInputs(root, BUILD_INPUTS, { skip: ['node_modules', '.DS_Store'] });
}

/** Why dist/ must be rebuilt, or null when it is up to date. */
export function staleReason(hash = sourceHash(), { root = ROOT } = {}) {
  const dist = path.join(root, 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) return 'dist/ is missing';
  let stamp;
  try {
    stamp = fs.readFileSync(path.join(dist, STAMP_NAME), 'utf8').trim();
  } catch {
    return 'dist/ has no build stamp';
  }
  return stamp === hash ? null : 'client sources changed since the last build';
}

/** Writes the stamp `hash` into the build directory `dir` (default dist/). */
export function writeStamp(hash = sourceHash(), dir = DIST_DIR) {
  fs.writeFileSync(path.join(dir, STAMP_NAME), `${hash}\n`);
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
      // A production build whatever the caller's NODE_ENV (a start from a test runner has `test`,
      // with which vite would bundle React's development build).
      env: { ...process.env, NODE_ENV: 'production' },
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

function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err?.code === 'EPERM';
  }
}

/** Runs `fn` holding `lockFile`; waits while a live process holds it, takes it over from a dead one. */
async function withLock(lockFile, onWait, fn) {
  let waited = false;
  // The lock appears with its holder's pid already in it (written aside, then linked into place,
  // which fails when it exists): a start never reads a lock that is still empty and takes it for
  // one left by a dead process.
  const mine = `${lockFile}.${process.pid}.new`;
  fs.writeFileSync(mine, `${process.pid}\n`);
  try {
    for (;;) {
      try {
        fs.linkSync(mine, lockFile);
        break;
      } catch (err) {
        if (err?.code !== 'EEXIST') throw err;
      }
      let holder;
      try {
        holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
      } catch {
        continue; // released meanwhile
      }
      if (!isAlive(holder)) {
        // Left by a start that died while building. Whoever renames it away first takes over; when
        // what was renamed turns out to be a live start's new lock, it is put back.
        const stale = `${lockFile}.${process.pid}.stale`;
        try {
          fs.renameSync(lockFile, stale);
          const taken = Number(fs.readFileSync(stale, 'utf8').trim());
          if (taken !== holder && isAlive(taken)) fs.linkSync(stale, lockFile);
        } catch {
          // another start took it over first
        } finally {
          fs.rmSync(stale, { force: true });
        }
        continue;
      }
      if (!waited) onWait(holder);
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    fs.rmSync(mine, { force: true });
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}

/** Moves the finished build `dir` to `dist`, replacing what is there in one rename. */
function moveIntoPlace(dir, dist) {
  const old = `${dist}.old-${process.pid}`;
  for (let attempt = 0; ; attempt++) {
    fs.rmSync(old, { recursive: true, force: true });
    try {
      fs.renameSync(dist, old);
    } catch (err) {
      if (err?.code !== 'ENOENT') throw err;
    }
    try {
      fs.renameSync(dir, dist);
      break;
    } catch (err) {
      // dist/ came back in between (a build run without this lock, e.g. `npm run build`): again.
      if (!['ENOTEMPTY', 'EEXIST'].includes(err?.code) || attempt >= 5) throw err;
    }
  }
  fs.rmSync(old, { recursive: true, force: true });
}

/**
 * Builds dist/ when it is missing or stale; returns true when a build ran. `build(outDir)` writes a
 * complete client into `outDir` (default: `vite build --outDir outDir`); `root` is the checkout.
 */
export async function ensureClientBuild({ log = console.log, force = false, viteArgs = [], quiet = false, root = ROOT, build } = {}) {
  const dist = path.join(root, 'dist');
  const check = () => {
    const hash = sourceHash(root);
    return { hash, reason: force ? 'a fresh build was asked for' : staleReason(hash, { root }) };
  };
  if (!check().reason) {
    log('Web client: dist/ is up to date.');
    return false;
  }
  const onWait = (pid) => log(`Web client: waiting for the build of another start (process ${pid})…`);
  return withLock(`${dist}.lock`, onWait, async () => {
    const { hash, reason } = check();
    if (!reason) {
      log('Web client: dist/ is up to date.');
      return false;
    }
    log(`Web client: building with vite (${reason})…`);
    const started = Date.now();
    const dir = `${dist}.building-${process.pid}`;
    fs.rmSync(dir, { recursive: true, force: true });
    try {
      await (build ?? ((outDir) => viteBuild([...viteArgs, '--outDir', outDir, '--emptyOutDir'], { quiet })))(dir);
      writeStamp(hash, dir);
      moveIntoPlace(dir, dist);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    log(`Web client: built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return true;
  });
}
