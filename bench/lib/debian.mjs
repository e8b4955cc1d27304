/**
 * Debian packages a bench runs as programs of their own (pgbouncer, haproxy): installed with apt-get
 * when the program is missing, and only then (the package lists are refreshed when the first try
 * fails). Needs root, as the bench machine's user is.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { log } from './report.mjs';

/** Makes sure `binary` exists, installing the Debian package `pkg` when it does not. */
export function ensurePackage(binary, pkg) {
  if (fs.existsSync(binary)) return;
  log(`${binary} missing: apt-get install ${pkg}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => execFileSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env });
  try {
    install();
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    install();
  }
  if (!fs.existsSync(binary)) throw new Error(`${pkg} installed but ${binary} is missing`);
}

/** The user and group ids of the system account `name` (read from /etc/passwd). */
export function accountIds(name) {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no system account '${name}'`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
