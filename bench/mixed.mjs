/**
 * A university's morning on PostgreSQL: STUDENTS distinct students (default 400), each with a session
 * of his own made the way the QR bench makes them (a sign-in's row of `sessions`), each request from
 * a random one, autocannon with CONNECTIONS connections. Each request kind runs alone, then the mix:
 * 40 % news page 1 (which records the reader's read marks), 15 % news page 2, 15 % profile, 15 %
 * schedule, 10 % the student's own journal, 5 % teachers' journals (every teacher of the seed with a
 * whole-group journal this half-year, each with a session of his own and his first such journal: a
 * random one's reads, and one in five a mark written). The single-user figures of the `load` section
 * repeat one user's request; none here does.
 *
 * The students belong to groups with lessons this half-year (those of the seed, and bench students
 * added to them in the throwaway database only); the feed gets 30 items for everyone so that its
 * second page is full.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { signIn } from './load.mjs';
import { cannon, summary as figures } from './lib/autocannon.mjs';
import { addSessions } from './lib/sessions.mjs';
import { groupStudents } from './lib/students.mjs';

/** The figures of a run, with the answers by status. */
export const summary = (name, r) => figures(name, r, { statuses: true });

/** Current academic year and half-year as the server reads them (lib/academic-year.ts). */
function period(now = new Date()) {
  const year = now.getMonth() >= 8 ? now.getFullYear() : now.getFullYear() - 1;
  const ws = now.getMonth() >= 8 || now.getMonth() === 0 ? 1 : 2;
  return { year, ws };
}

/** Students, teachers, their sessions, news items and the teachers' journals for the run; resolves to what the requests need. */
export async function prepareMixed(origin, dbUrl, { students: want = 400 } = {}) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { year, ws } = period();
    // Groups with lessons this half-year.
    const { rows: groupRows } = await db.query(
      `select distinct g.id from schedule_entries e join groups g on g.id = e.group_id where e.academic_year_id = $1 and e.working_semester_id = $2 order by g.id`,
      [year, ws],
    );
    const groupIds = groupRows.map((g) => g.id);
    if (groupIds.length === 0) throw new Error('no group has lessons this half-year');
    const studentRows = await groupStudents(db, groupIds, want, { year, code: 'bench-m-', login: 'bench-m-' });
    const students = await addSessions(
      db,
      studentRows.map((s) => ({ uid: s.id, userId: s.user_id })),
    );

    // The teachers: each one's first whole-group journal of this half-year with students.
    const { rows: teacherRows } = await db.query(
      `select distinct on (ta.teacher_id) ta.id as journal_id, ta.teacher_id, u.id as user_id
         from teaching_assignments ta
         join users u on u.teacher_id = ta.teacher_id and u.role = 1 and not u.disabled
        where ta.academic_year_id = $1 and ta.working_semester_id = $2 and ta.group_id is not null
          and exists (select 1 from students st where st.group_id = ta.group_id)
        order by ta.teacher_id, ta.id`,
      [year, ws],
    );
    if (teacherRows.length === 0) throw new Error('no teacher has a journal this half-year');
    await db.query(`update users set must_update_credentials = false where id = any($1)`, [teacherRows.map((t) => t.user_id)]);
    const teachers = await addSessions(
      db,
      teacherRows.map((t) => ({ uid: t.teacher_id, userId: t.user_id, journalId: t.journal_id })),
    );
    // 30 items for everyone, by the demo teacher.
    const demo = await signIn(origin, 'teacher', 'Teacher2026');
    await db.query(
      `insert into news (author_user_id, message, audience, faculty_id, pinned, publish_at, created_at)
       select $1, 'Bench item ' || i, 0, null, false, now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval from generate_series(1, 30) i`,
      [demo.id],
    );
    // Each journal's own list of students (those taken off it cannot be marked).
    for (const t of teachers) {
      const res = await fetch(`${origin}/api/visitlog/journal.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: t.cookie },
        body: JSON.stringify({ id_journal: t.journalId }),
      });
      if (!res.ok) throw new Error(`journal.json answered ${res.status} to teacher ${t.uid}`);
      t.students = (await res.json()).data.students.map((st) => st.id_student);
    }
    return { year, ws, students, teachers: teachers.filter((t) => t.students.length > 0) };
  } finally {
    await db.end();
  }
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/** Request makers, each a random student's (or teacher's) request of one kind. */
export function kinds(origin, data) {
  const json = (cookie, path, body) => ({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie },
    body: JSON.stringify(body),
  });
  const { year, ws, students, teachers } = data;
  const marks = ['+', 'н/б', '5', '4'];
  return {
    'news page 1 (marks read)': () => {
      const s = pick(students);
      return json(s.cookie, '/api/news/data.json', { id: s.userId, uid: s.uid, role: 2, page: 1 });
    },
    'news page 2': () => {
      const s = pick(students);
      return json(s.cookie, '/api/news/data.json', { id: s.userId, uid: s.uid, role: 2, page: 2 });
    },
    profile: () => {
      const s = pick(students);
      return json(s.cookie, '/api/profile/data.json', { uid: s.uid, role: 2 });
    },
    'schedule (schedule/student.json)': () => {
      const s = pick(students);
      return json(s.cookie, '/api/schedule/student.json', { year, ws, uid: s.uid, role: 2, isWeeklyUpdated: false });
    },
    'own journal (visitlog/student/journal.json)': () => {
      const s = pick(students);
      return json(s.cookie, '/api/visitlog/student/journal.json', { id_a_year: year, id_w_s: ws });
    },
    "teachers' journals (4 reads : 1 write)": () => {
      const t = pick(teachers);
      return Math.random() < 0.2
        ? json(t.cookie, '/api/visitlog/visit/set.json', {
            id_journal: t.journalId,
            id_student: pick(t.students),
            visitDate: today(),
            id_time: 1,
            otsenka: pick(marks),
          })
        : json(t.cookie, '/api/visitlog/journal.json', { id_journal: t.journalId });
    },
  };
}

/** The mix's shares of each kind (in the order of kinds()). */
export const MIX = [0.4, 0.15, 0.15, 0.15, 0.1, 0.05];

/** RSS (KiB) of `pid` and every process under it, by pid, read with ps. */
export function rssOf(pid) {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .map(([p, pp, rss, ...args]) => ({ pid: Number(p), ppid: Number(pp), rss: Number(rss), args: args.join(' ') }));
  const under = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows)
      if (under.has(r.ppid) && !under.has(r.pid)) {
        under.add(r.pid);
        grew = true;
      }
  }
  return rows.filter((r) => under.has(r.pid)).map((r) => ({ pid: r.pid, rssKiB: r.rss, args: r.args.slice(0, 60) }));
}

/**
 * Memory of the portal's processes over a long run: samples every 10 s; `report()` gives each
 * process's RSS at the start, 5 minutes before the end and at the end, and the growth over the last
 * 5 minutes (goal < 10 %).
 */
export function memoryWatch(pid, everyMs = 10_000) {
  const samples = [];
  const take = () => samples.push({ at: Date.now(), rss: rssOf(pid) });
  take();
  const timer = setInterval(take, everyMs);
  return {
    report() {
      clearInterval(timer);
      take();
      const end = samples.at(-1);
      const mid = samples.findLast((s) => s.at <= end.at - 5 * 60_000) ?? samples[0];
      return {
        samples: samples.map((s) => ({ at: s.at, rss: s.rss.map((r) => [r.pid, r.rssKiB]) })),
        processes: end.rss.map((r) => {
          const first = samples[0].rss.find((x) => x.pid === r.pid)?.rssKiB ?? null;
          const before = mid.rss.find((x) => x.pid === r.pid)?.rssKiB ?? null;
          return {
            pid: r.pid,
            args: r.args,
            startMiB: first && Math.round(first / 1024),
            fiveMinutesBeforeEndMiB: before && Math.round(before / 1024),
            endMiB: Math.round(r.rssKiB / 1024),
            growthLast5MinPct: before ? Number(((100 * (r.rssKiB - before)) / before).toFixed(1)) : null,
          };
        }),
      };
    },
  };
}

/** A request maker drawing each request's kind with the mix's shares. */
export function mixOf(makers) {
  const list = Object.values(makers);
  return () => {
    let x = Math.random();
    for (const [i, share] of MIX.entries()) {
      if (x < share) return list[i]();
      x -= share;
    }
    return list[0]();
  };
}

/** Each kind is answered 200 once before it is measured. */
export async function check(origin, make) {
  const r = make();
  const res = await fetch(`${origin}${r.path}`, { method: r.method, headers: r.headers, body: r.body });
  if (!res.ok) throw new Error(`${r.path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

/**
 * Every kind alone, then the mix, against `origin`, and the bare hello (`helloUrl`) in the same run;
 * `mixSeconds` lets the mix run longer (with its latency per minute); `alone: false` runs the mix only.
 */
export async function runMixed(origin, data, { seconds = 10, connections = 50, helloUrl, mixSeconds = seconds, alone: eachAlone = true, pid = null }) {
  const makers = kinds(origin, data);
  for (const make of Object.values(makers)) await check(origin, make);
  const common = { url: origin, connections, pipelining: 1 };
  const hello = summary('bare Fastify hello (same run)', await cannon({ ...common, url: helloUrl, duration: seconds }));
  const ratio = (r) => ({ ...r, ratioToHello: hello.requestsPerSec > 0 ? Number((r.requestsPerSec / hello.requestsPerSec).toFixed(4)) : null });
  const alone = [];
  for (const [name, make] of eachAlone ? Object.entries(makers) : []) {
    alone.push(ratio(summary(name, await cannon({ ...common, duration: seconds, requests: [{ setupRequest: () => make() }] }))));
  }
  const mixMake = mixOf(makers);
  let mix;
  let memory = null;
  const minutes = [];
  if (mixSeconds > seconds) {
    const watch = pid ? memoryWatch(pid) : null;
    // Minute by minute: the latency of the first and the last minute, each a run of its own.
    for (let m = 0; m * 60 < mixSeconds; m++) {
      const r = summary(
        `mix minute ${m + 1}`,
        await cannon({ ...common, duration: Math.min(60, mixSeconds - m * 60), requests: [{ setupRequest: () => mixMake() }] }),
      );
      r.loadAverage = os.loadavg().map((x) => Number(x.toFixed(1)));
      minutes.push(r);
    }
    memory = watch?.report() ?? null;
    const total = minutes.reduce((n, r) => n + r.requests, 0);
    mix = ratio({
      name: 'the mix',
      requestsPerSec: Math.round(total / mixSeconds),
      latencyP50Ms: Math.max(...minutes.map((r) => r.latencyP50Ms)),
      latencyP99Ms: Math.max(...minutes.map((r) => r.latencyP99Ms)),
      requests: total,
      failed: minutes.reduce((n, r) => n + r.failed, 0),
      statuses: minutes.reduce((all, r) => {
        for (const [k, v] of Object.entries(r.statuses)) all[k] = (all[k] ?? 0) + v;
        return all;
      }, {}),
    });
  } else {
    mix = ratio(summary('the mix', await cannon({ ...common, duration: seconds, requests: [{ setupRequest: () => mixMake() }] })));
  }
  const firstLast =
    minutes.length > 1
      ? {
          firstP99Ms: minutes[0].latencyP99Ms,
          lastP99Ms: minutes.at(-1).latencyP99Ms,
          lastToFirst: Number((minutes.at(-1).latencyP99Ms / minutes[0].latencyP99Ms).toFixed(2)),
        }
      : null;
  return { seconds, connections, hello, alone, mix, minutes, memory, firstLast };
}
