/**
 * Imports at a university's size on PostgreSQL: IMPORT_STUDENTS students (default 30,000) in groups of
 * 30, written as the spreadsheets a university keeps (exceljs) and loaded with the command an
 * administrator types (`npm run import`, server/src/cli/import.ts; run here as `node --import tsx` on
 * the same file, so that the figures are the command's, not npm's), into a throwaway database seeded
 * with the portal's set-up (`npm run seed -- --size small`: its specialities and education forms are
 * what the groups name). Figures: each import's wall time and the command's peak resident memory
 * (its process tree, sampled from /proc every 50 ms), then the same students file again, which
 * changes nothing. docs/areas/imports.md has the rules the files follow.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { ROOT } from './lib/server.mjs';

const SURNAMES = ['Абдыкадыров', 'Асанов', 'Бакиров', 'Жумабеков', 'Иманалиев', 'Касымов', 'Мамытов', 'Осмонов', 'Султанов', 'Токтогулов'];
const NAMES = ['Айбек', 'Бекзат', 'Данияр', 'Нурлан', 'Тимур', 'Эрлан', 'Азамат', 'Улан', 'Марат', 'Руслан'];
const GROUP_SIZE = 30;

/** Resident memory of a process in bytes (Linux /proc), or 0 when it is gone. */
function rssOf(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The process and its descendants (Linux /proc). */
function treeOf(root) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent's pid is the fourth field, after the command name in parentheses.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  const pids = [];
  for (const queue = [root]; queue.length;) {
    const pid = queue.shift();
    pids.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return pids;
}

/** Runs the import command; resolves with its wall time, peak memory of its process tree, exit code and output. */
function runImport(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/cli/import.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env, INIT_CWD: env.DATA_DIR },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    let peak = 0;
    const sampler = setInterval(() => {
      const rss = treeOf(child.pid).reduce((sum, pid) => sum + rssOf(pid), 0);
      if (rss > peak) peak = rss;
    }, 50);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(sampler);
      resolve({ ms: performance.now() - started, peakMb: Math.round(peak / 1048576), code, output });
    });
  });
}

async function writeSheet(file, headers, rows) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(headers).commit();
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await book.commit();
}

/** The groups and students files: `students` students in groups of 30, spread over the seeded specialities and five admission years. */
async function writeFiles(dir, specialities, students) {
  const groups = [];
  const groupCount = Math.ceil(students / GROUP_SIZE);
  for (let i = 0; groups.length < groupCount; i++) {
    const speciality = specialities[i % specialities.length];
    const year = 2022 + (Math.floor(i / specialities.length) % 5);
    const number = Math.floor(i / (specialities.length * 5)) + 1;
    if (number > 99) throw new Error(`too many groups for ${specialities.length} specialities: ${groupCount}`);
    groups.push({ name: `Б${i + 1}-${number}-${String(year).slice(2)}`, speciality, year, number });
  }
  const groupsFile = path.join(dir, 'groups.xlsx');
  await writeSheet(
    groupsFile,
    ['Group', 'Speciality code', 'Education form', 'Admission year', 'Group number'],
    groups.map((g) => [g.name, g.speciality, 'Full-time', g.year, g.number]),
  );
  const studentsFile = path.join(dir, 'students.xlsx');
  const rows = [];
  for (let i = 0; i < students; i++) {
    const group = groups[Math.floor(i / GROUP_SIZE)];
    const birth = new Date(Date.UTC(group.year - 18, i % 12, 1 + (i % 28)));
    rows.push([`B${String(i + 1).padStart(7, '0')}`, SURNAMES[i % SURNAMES.length], NAMES[(i * 7) % NAMES.length], null, 'm', birth, group.name]);
  }
  await writeSheet(studentsFile, ['Student number', 'Surname', 'Name', 'Patronymic', 'Gender', 'Birth date', 'Group'], rows);
  return { groupsFile, studentsFile, groups: groups.length };
}

/** The line of the command's preview that counts the records ("N added, …"), for the report. */
const summaryOf = (output) =>
  output
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /^(Written|Nothing written)/.test(l)) ?? output.trim().split('\n').at(-1);

export async function runImportBench(dbUrl, dataDir, { students = 30000 } = {}) {
  const env = { DATABASE_URL: dbUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/db/seed/cli.ts'), '--size', 'small'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seeding the set-up failed:\n${seeded.stdout}\n${seeded.stderr}`);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  let specialities;
  try {
    specialities = (await db.query('select code from specialities order by code')).rows.map((r) => r.code);
  } finally {
    await db.end();
  }
  const files = await writeFiles(dataDir, specialities, students);
  const step = async (label, args) => {
    const r = await runImport([...args, '--lang', 'en'], env);
    if (r.code !== 0) throw new Error(`${label}: the import ended with code ${r.code}:\n${r.output.slice(-3000)}`);
    return { label, ms: Math.round(r.ms), peakMb: r.peakMb, summary: summaryOf(r.output) };
  };
  const accounts = path.join(dataDir, 'accounts.xlsx');
  const groupsRun = await step('groups', ['groups', files.groupsFile]);
  const studentsRun = await step('students', ['students', files.studentsFile, '--accounts', accounts]);
  const again = await step('students again', ['students', files.studentsFile, '--accounts', path.join(dataDir, 'accounts-again.xlsx')]);
  return { students, groups: files.groups, runs: [groupsRun, studentsRun, again], cores: os.availableParallelism() };
}
