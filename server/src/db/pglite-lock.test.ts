/**
 * One process at a time on an embedded database directory: a live process's lock refuses another
 * process, a dead one's is taken over, and this process may open its own directory twice.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DirectoryInUseError, lockDirectory, lockFileOf } from './pglite-lock';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const heldBy = (dataDir: string, pid: number) => fs.writeFileSync(lockFileOf(dataDir), JSON.stringify({ pid, host: os.hostname() }));

describe('the lock of an embedded database directory', () => {
  it('refuses a directory another live process holds, naming it and the lock file to delete', () => {
    const dataDir = path.join(dir, 'busy');
    heldBy(dataDir, process.ppid);
    expect(() => lockDirectory(dataDir)).toThrow(DirectoryInUseError);
    expect(() => lockDirectory(dataDir)).toThrow(`is open in process ${process.ppid}`);
    expect(() => lockDirectory(dataDir)).toThrow(`delete ${lockFileOf(dataDir)}`);
  });

  it('takes over the lock of a process that has ended, and removes it when the last open is closed', () => {
    const dataDir = path.join(dir, 'stale');
    const ended = spawnSync(process.execPath, ['-e', '0']).pid!;
    heldBy(dataDir, ended);
    const first = lockDirectory(dataDir);
    const second = lockDirectory(dataDir);
    expect(JSON.parse(fs.readFileSync(lockFileOf(dataDir), 'utf8'))).toMatchObject({ pid: process.pid });
    first();
    expect(fs.existsSync(lockFileOf(dataDir))).toBe(true);
    second();
    expect(fs.existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('takes over a lock of another host, which it cannot check, unless told to refuse it (the backup and restore commands)', () => {
    const dataDir = path.join(dir, 'other-host');
    fs.writeFileSync(lockFileOf(dataDir), JSON.stringify({ pid: process.ppid, host: 'another-container' }));
    expect(() => lockDirectory(dataDir, { refuseOtherHosts: true })).toThrow(`is open in process ${process.ppid} on host another-container`);
    const release = lockDirectory(dataDir);
    expect(JSON.parse(fs.readFileSync(lockFileOf(dataDir), 'utf8'))).toMatchObject({ pid: process.pid, host: os.hostname() });
    release();
  });
});
