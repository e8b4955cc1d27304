/**
 * One process at a time on an embedded database directory. PGlite itself takes no lock: a second
 * process opening the same directory (a second server, `npm run backup` while the server runs)
 * would write over the first one's files. A process that opens the directory writes `<dir>.lock`
 * beside it (its pid and host) and removes it on close; a lock whose process is gone is taken over.
 * A lock written on another host (another container on the same volume) cannot be checked: a server
 * takes it over (a container recreated after being killed must start), while the backup and restore
 * commands refuse it (`refuseOtherHosts`), since a server may be running there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DirectoryInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
  ) {
    const where = holder.host === os.hostname() ? `process ${holder.pid}` : `process ${holder.pid} on host ${holder.host}`;
    super(
      `The embedded database in ${dataDir} is open in ${where} (a running portal server or another command). ` +
        `Stop it first: only one process may use an embedded database at a time. ` +
        `If no such process runs, delete ${lockFileOf(dataDir)}.`,
    );
  }
}

interface Holder {
  pid: number;
  host: string;
}

export const lockFileOf = (dataDir: string) => `${dataDir}.lock`;

/** Locks this process holds, with how many opens share each (a process may open a directory twice). */
const held = new Map<string, number>();

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(lockFile: string): Holder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as Partial<Holder>;
    return { pid: Number(parsed.pid), host: String(parsed.host ?? '') };
  } catch {
    return null;
  }
}

/** The other live process that holds the directory, if any (with `otherHosts`, a holder on another host counts as live: it cannot be checked). */
function holderOf(dataDir: string, otherHosts: boolean): Holder | null {
  const holder = readHolder(lockFileOf(dataDir));
  if (!holder || (holder.pid === process.pid && holder.host === os.hostname())) return null;
  if (holder.host !== os.hostname()) return otherHosts ? holder : null;
  return isAlive(holder.pid) ? holder : null;
}

/**
 * Takes the directory for this process; throws DirectoryInUseError when another live process holds
 * it (or, with `refuseOtherHosts`, a process of another host). Returns what gives it back.
 */
export function lockDirectory(dataDir: string, { refuseOtherHosts = false } = {}): () => void {
  const lockFile = lockFileOf(dataDir);
  if (refuseOtherHosts) {
    const holder = holderOf(dataDir, true);
    if (holder) throw new DirectoryInUseError(dataDir, holder);
  }
  const count = held.get(lockFile) ?? 0;
  if (count === 0) {
    const mine = `${lockFile}.${process.pid}.new`;
    fs.mkdirSync(path.dirname(lockFile), { recursive: true });
    fs.writeFileSync(mine, JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() }));
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          // Appears with its content already in it: no reader sees an empty lock.
          fs.linkSync(mine, lockFile);
          break;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 5) throw err;
        }
        const holder = holderOf(dataDir, refuseOtherHosts);
        if (holder) throw new DirectoryInUseError(dataDir, holder);
        // Left by a process that ended without closing (or by this one): taken over.
        fs.rmSync(lockFile, { force: true });
      }
    } finally {
      fs.rmSync(mine, { force: true });
    }
  }
  held.set(lockFile, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (held.get(lockFile) ?? 1) - 1;
    if (left > 0) {
      held.set(lockFile, left);
      return;
    }
    held.delete(lockFile);
    if (readHolder(lockFile)?.pid === process.pid) fs.rmSync(lockFile, { force: true });
  };
}
