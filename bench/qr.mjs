/**
 * QR attendance burst on PostgreSQL: STUDENTS students (default 3000) of many groups check in within
 * a minute, in bursts of BURST (default 500) sent at once every 10 s, each with the current token of
 * its lesson's scan (the receipt lesson.json gave, as the check-in page sends it) signed by the phone's
 * device key, and a position at the room; 5 % tap twice. The portal runs on a throwaway database; the
 * bench gives every group one lesson of this half-year (a free room and pair), opens each lesson as
 * a make-up session through the teacher's own call, and gives the students signed-in sessions — all
 * set up through SQL and the API before the clock starts. When the seeded groups of those lessons hold
 * fewer than STUDENTS students, the bench adds students (with accounts) to them, in its throwaway
 * database only: the product seed stays as small as the e2e servers need it. A student's session is a
 * row of `sessions` made the way a sign-in makes it (the SHA-256 of a random cookie token), so that
 * thousands of students need not go through the sign-in throttle first. Figures: latency p50/p99 of the marks, marks lost (a
 * student whose mark was not stored as 'accepted'), duplicates (more than one mark or one journal
 * record for a student and lesson). Before the clock starts, WARM_BURSTS warm-up classes of BURST more
 * students each mark once the same way, 10 s apart (not counted; their figures, those of the first
 * bursts after a start, are reported apart).
 */
import { createHash, generateKeyPairSync, randomBytes, scryptSync, sign } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import { countedRounds, phoneKeys, phones, secondTap } from './lib/phones.mjs';
import { addSessions } from './lib/sessions.mjs';
import { groupStudents } from './lib/students.mjs';

const PASSWORD = 'Bench-QR-2026';
const INTERVAL_MS = 10_000;
/** Bursts of other students before the clock starts (see runQrBench). */
const WARM_BURSTS = 2;
/**
 * The phones' garbage is collected before each burst's scans and before its marks: a burst grows
 * this process's heap by some 20 MB, and a collection in the middle of a burst paused the phones for
 * up to 95 ms, counted as the portal's latency.
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc');

/** A password hash in the server's stored format, at a low scrypt cost (sign-in stays quick). */
function quickHash(password) {
  const cost = { N: 1 << 10, r: 8, p: 1 };
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 32, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : null;
}

/** p50, p99 and max of latencies in ms, rounded. */
function summary(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50Ms: Math.round(percentile(sorted, 50)), p99Ms: Math.round(percentile(sorted, 99)), maxMs: Math.round(sorted.at(-1)) };
}

/** Adds the answers' statuses to a count by status. */
function tally(answers, counts = {}) {
  for (const r of answers) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

async function signIn(origin, login) {
  const res = await fetch(`${origin}/api/auth/orize.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ login, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${login} answered ${res.status}: ${await res.text()}`);
  const body = await res.json();
  return {
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
    uid: body.data.uid,
  };
}

async function post(origin, who, path, body) {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie: who.cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Runs in `limit` parallel lanes. */
async function lanes(items, limit, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

export async function runQrBench(origin, dbUrl, { students: wantStudents = 3000, burst = 500 } = {}) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const now = new Date();
    const year = now.getMonth() >= 8 ? now.getFullYear() : now.getFullYear() - 1;
    const ws = now.getMonth() >= 8 || now.getMonth() === 0 ? 1 : 2;
    // One whole-group assignment per group of this half-year, with a free room and pair for its lesson.
    const { rows: assignments } = await db.query(
      `select distinct on (ta.group_id) ta.id, ta.group_id, ta.teacher_id, ta.discipline_id, ta.lesson_type_id, ta.semester_id, g.education_form_id
         from teaching_assignments ta join groups g on g.id = ta.group_id
        where ta.academic_year_id = $1 and ta.working_semester_id = $2 and ta.subgroup = 0 and ta.group_id is not null
          and not exists (select 1 from journal_subgroups js where js.teaching_assignment_id = ta.id)
        order by ta.group_id, ta.id`,
      [year, ws],
    );
    const { rows: rooms } = await db.query('select id, latitude, longitude from auditoria order by id');
    const { rows: taken } = await db.query(
      'select day_number, lesson_time_id, auditorium_id from schedule_entries where academic_year_id = $1 and working_semester_id = $2',
      [year, ws],
    );
    const busy = new Set(taken.map((t) => `${t.day_number}:${t.lesson_time_id}:${t.auditorium_id}`));
    const slots = [];
    for (let day = 1; day <= 6; day++)
      for (let time = 1; time <= 7; time++) for (const room of rooms) if (!busy.has(`${day}:${time}:${room.id}`)) slots.push({ day, time, room });
    const lessons = [];
    for (const [i, a] of assignments.entries()) {
      const slot = slots[i];
      if (!slot) break;
      const { rows } = await db.query(
        `insert into schedule_entries (academic_year_id, working_semester_id, semester_id, day_number, lesson_time_id, auditorium_id, teaching_assignment_id,
                                       discipline_id, lesson_type_id, teacher_id, group_id, subgroup, education_form_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, $12) returning id`,
        [year, ws, a.semester_id, slot.day, slot.time, slot.room.id, a.id, a.discipline_id, a.lesson_type_id, a.teacher_id, a.group_id, a.education_form_id],
      );
      lessons.push({ idShed: rows[0].id, groupId: a.group_id, teacherId: a.teacher_id, room: slot.room });
    }
    // Accounts: the lessons' teachers and up to `wantStudents` of their students get a password, and
    // as many students as WARM_BURSTS bursts more: the warm-up classes.
    const accounts = wantStudents + WARM_BURSTS * burst;
    const hash = quickHash(PASSWORD);
    const teacherIds = [...new Set(lessons.map((l) => l.teacherId))];
    await db.query(`update users set login = 'bench-t-' || teacher_id, password_hash = $1, must_update_credentials = false where teacher_id = any($2)`, [
      hash,
      teacherIds,
    ]);
    const groupIds = lessons.map((l) => l.groupId);
    // Students are added to the lessons' groups when they hold fewer (bench/lib/students.mjs).
    const studentRows = await groupStudents(db, groupIds, accounts, { year, code: 'bench-', login: 'bench-s-' });

    // Sessions opened by their teachers (make-up: now, whatever the hour).
    const teachers = new Map();
    await lanes(teacherIds, 8, async (id) => teachers.set(id, await signIn(origin, `bench-t-${id}`)));
    const byGroup = new Map();
    for (const l of lessons) {
      const r = await post(origin, teachers.get(l.teacherId), '/api/qr/session/open.json', { idShed: l.idShed, makeup: true });
      if (r.status !== 200) throw new Error(`open.json answered ${r.status}: ${JSON.stringify(r.body.error)}`);
      byGroup.set(l.groupId, { ...l, sessionId: r.body.data.sessionId });
    }
    // The students' sessions (bench/lib/sessions.mjs). A phone that has marked before keeps its
    // device cookie (lms_qrdev, 32 URL-safe characters).
    const everyone = await addSessions(
      db,
      studentRows.map((s) => ({ uid: s.id, userId: s.user_id, lesson: byGroup.get(s.group_id) })),
      { extraCookie: () => `lms_qrdev=${randomBytes(24).toString('base64url')}` },
    );

    // Each phone's device key, registered for its student as the check-in page does once per phone
    // (through SQL here: the registration is not what is measured), so that its marks are signed.
    for (let i = 0; i < everyone.length; i += 1000) {
      const chunk = everyone.slice(i, i + 1000).map((s) => {
        const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
        const raw = publicKey.export({ format: 'jwk' });
        const point = Buffer.concat([Buffer.from([4]), Buffer.from(raw.x, 'base64url'), Buffer.from(raw.y, 'base64url')]);
        s.deviceKey = { id: createHash('sha256').update(point).digest('hex'), privateKey };
        return { student: s.uid, id: s.deviceKey.id, publicKey: point.toString('base64url') };
      });
      await db.query(
        `insert into qr_device_keys (key_id, student_id, public_key) select * from unnest($1::text[], $2::int[], $3::text[]) on conflict do nothing`,
        [chunk.map((k) => k.id), chunk.map((k) => k.student), chunk.map((k) => k.publicKey)],
      );
    }

    const warmClasses = Array.from({ length: WARM_BURSTS }, (_, k) => everyone.slice(k * burst, (k + 1) * burst));
    const students = everyone.slice(WARM_BURSTS * burst);

    // A burst: every student of the class scans the lesson's code (the phone asks which lesson the
    // token is for: lesson.json, as the scan page does), takes a fresh position, then marks; the
    // scans go at once, then the marks go at once, and each is timed. 5 % of the class tap twice.
    const phone = phones(origin);
    const burstOf = async (group) => {
      // Every projector's current token at once (one after the other, a loaded machine's last token
      // came after the first had expired).
      const lessonsOfGroup = [...new Set(group.map((s) => s.lesson))];
      const replies = await Promise.all(
        lessonsOfGroup.map((l) => post(origin, teachers.get(l.teacherId), '/api/qr/session/token.json', { sessionId: l.sessionId })),
      );
      const tokens = new Map(lessonsOfGroup.map((l, k) => [l.sessionId, replies[k].body.data.token]));
      collectGarbage();
      const scans = await Promise.all(group.map((s) => phone.post(s, '/api/qr/student/lesson.json', { token: tokens.get(s.lesson.sessionId) })));
      const unscanned = scans.filter((r) => r.status !== 200);
      if (unscanned.length) throw new Error(`lesson.json answered ${unscanned[0].status}: ${JSON.stringify(unscanned[0].body?.error)}`);
      // Each mark as the check-in page sends it: the scan's receipt in place of the token, signed by
      // the phone's device key (src/features/qr/deviceKey.ts); signed before the marks' clock starts.
      const bodies = group.map((s, i) => {
        const receipt = scans[i].body.data.receipt;
        const message = ['qr-mark', s.lesson.idShed, s.uid, '', receipt, ''].join('|');
        const signature = sign('sha256', Buffer.from(message), { key: s.deviceKey.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
        return {
          idShed: s.lesson.idShed,
          idStud: s.uid,
          idAud: s.lesson.room.id,
          x: s.lesson.room.latitude,
          y: s.lesson.room.longitude,
          accuracy: 10,
          receipt,
          deviceKey: { id: s.deviceKey.id, signature },
        };
      });
      const sends = group.flatMap((s, i) =>
        i % 20 === 0
          ? [
              [s, s.cookie, bodies[i]],
              [s, secondTap(s.cookie), bodies[i]],
            ]
          : [[s, s.cookie, bodies[i]]],
      );
      collectGarbage();
      const cpu0 = process.cpuUsage();
      const marks = await Promise.all(sends.map(([s, key, body]) => phone.post(s, '/api/qr/student/visit.json', body, key)));
      const cpu = process.cpuUsage(cpu0);
      return { scans, marks, phonesCpuMs: (cpu.user + cpu.system) / 1000 };
    };
    const msOf = (answers) => answers.map((r) => r.ms);

    const latencies = [];
    const scanLatencies = [];
    const floorLatencies = [];
    const phonesCpu = [];
    const bursts = [];
    const statuses = {};
    const warmup = [];
    let started = null;
    try {
      // The warm-up classes mark first, 10 s apart, before the clock starts and not counted: the
      // bursts then meet a portal that has served marks already (its code optimised, its database
      // connections open and their statements prepared), as in a working day; what the first bursts
      // after a start cost is reported beside them.
      for (const [k, warmClass] of warmClasses.entries()) {
        if (k > 0) await sleep(INTERVAL_MS);
        const warm = await burstOf(warmClass);
        warmup.push({ ...summary(msOf(warm.marks)), scanP99Ms: summary(msOf(warm.scans)).p99Ms, statuses: tally(warm.marks) });
        await phone.leave(phoneKeys(warmClass));
      }

      started = performance.now() + INTERVAL_MS;
      for (let b = 0; b * burst < students.length; b++) {
        const wait = started + b * INTERVAL_MS - performance.now();
        if (wait > 0) await sleep(wait);
        const group = students.slice(b * burst, (b + 1) * burst);
        const { scans, marks, phonesCpuMs } = await burstOf(group);
        phonesCpu.push(phonesCpuMs);
        scanLatencies.push(...msOf(scans));
        tally(marks, statuses);
        latencies.push(...msOf(marks));
        bursts.push(summary(msOf(marks)));
        // The class leaves with its phones; the last one stays for the floor below.
        if ((b + 1) * burst < students.length) await phone.leave(phoneKeys(group));
      }
      // The portal's own floor for a burst: the last burst's students (signed in, connections open)
      // ask for the server's clock at once (GET /api/qr/time.json: the session check and the
      // reply, no statement), three times counted after five that are not (the route's code is
      // optimised by then, as the marks' was by the warm-up classes).
      const last = students.slice(-burst);
      floorLatencies.push(
        ...(await countedRounds(5, 3, async () => {
          const answers = await Promise.all(last.map((s) => phone.get(s.cookie, '/api/qr/time.json', s.cookie)));
          const refused = answers.find((a) => a.status !== 200);
          if (refused) throw new Error(`time.json answered ${refused.status}`);
          return answers;
        })),
      );
    } finally {
      await phone.close();
    }
    const elapsedMs = performance.now() - started;
    const ids = students.map((s) => s.uid);
    const sessionIds = [...byGroup.values()].map((l) => l.sessionId);
    const {
      rows: [stored],
    } = await db.query(`select count(*)::int as n from qr_marks where session_id = any($1) and status = 'accepted' and student_id = any($2)`, [
      sessionIds,
      ids,
    ]);
    const {
      rows: [dupMarks],
    } = await db.query(
      `select count(*)::int as n from (select 1 from qr_marks where session_id = any($1) group by session_id, student_id having count(*) > 1) d`,
      [sessionIds],
    );
    const {
      rows: [dupVisits],
    } = await db.query(
      `select count(*)::int as n from (select 1 from journal_visits where source = 'qr' and schedule_entry_id = any($1) group by teaching_assignment_id, student_id, visit_date, lesson_time_id having count(*) > 1) d`,
      [lessons.map((l) => l.idShed)],
    );
    const {
      rows: [visits],
    } = await db.query(`select count(*)::int as n from journal_visits where source = 'qr' and schedule_entry_id = any($1) and student_id = any($2)`, [
      lessons.map((l) => l.idShed),
      ids,
    ]);
    const [all, scan, floor] = [summary(latencies), summary(scanLatencies), summary(floorLatencies)];
    return {
      students: students.length,
      lessons: lessons.length,
      burst,
      requests: sendCount(students),
      elapsedMs: Math.round(elapsedMs),
      statuses,
      latencyP50Ms: all.p50Ms,
      latencyP99Ms: all.p99Ms,
      latencyMaxMs: all.maxMs,
      bursts,
      warmup,
      scanP50Ms: scan.p50Ms,
      scanP99Ms: scan.p99Ms,
      floorP50Ms: floor.p50Ms,
      floorP99Ms: floor.p99Ms,
      phonesCpuMs: phonesCpu.map(Math.round),
      marksStored: stored.n,
      journalRecords: visits.n,
      marksLost: students.length - stored.n,
      duplicates: dupMarks.n + dupVisits.n,
    };
  } finally {
    await db.end();
  }
}

/**
 * The floor of the same burst on this machine at this moment: `burst` GETs sent at once to the bare
 * Fastify hello server (bench/lib/hello.mjs) by the same client as the marks, on connections opened by
 * the first of `warmRounds` rounds that are not counted (as the marks go over the scans' connections,
 * and as the portal has served the warm-up classes: measured on this machine, the hello server's
 * p99 fell from over 100 ms in its first rounds to 15–30 ms from about the seventh on, once V8 had
 * optimised its code and the phones'), then `rounds` times. Latency p50/p99.
 */
export async function helloBurst(url, { burst = 500, rounds = 3, warmRounds = 10 } = {}) {
  const { origin, pathname } = new URL(url);
  const phone = phones(origin);
  let latencies;
  try {
    latencies = await countedRounds(warmRounds, rounds, () => Promise.all(Array.from({ length: burst }, (_, i) => phone.get(i, pathname))));
  } finally {
    await phone.close();
  }
  const { p50Ms, p99Ms } = summary(latencies);
  return { requests: latencies.length, latencyP50Ms: p50Ms, latencyP99Ms: p99Ms };
}

const sendCount = (students) => students.length + Math.ceil(students.length / 20);
