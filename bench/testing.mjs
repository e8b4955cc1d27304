/**
 * An online test under load on PostgreSQL: STUDENTS students (default 500) start one test within a
 * minute, each at a moment of his own, and answer its questions one at a time, 10–20 s apart, as the
 * attempt page saves them (answer.json with the question's version), then submit. One save in twenty
 * is sent twice at once over a second connection (a retry after a reply lost on the way), and one
 * student in four changes an answer before submitting (version 2).
 *
 * The portal runs on a throwaway database. Before the clock starts the bench, through SQL in that
 * database only: adds the students (with accounts) to some groups, gives each a session made the way
 * a sign-in makes it (bench/lib/sessions.mjs), and makes a test of the seeded bank (its draw rules,
 * one attempt, an hour allowed, open now) for those groups. Every student has his tests page open
 * (my.json once, not counted) before the clock starts. Each student's phone keeps its own connection
 * (bench/lib/phones.mjs).
 *
 * Figures: attempt start p50 / p99 (goal p99 ≤ 500 ms), answer save p50 / p99 (goal p99 ≤ 200 ms),
 * submit p50 / p99, answers by status; saves lost (a save the portal acknowledged whose answer is not
 * the one stored at the end) and doubled (a second attempt of a student, or both copies of a save sent
 * twice answered as written); and the bare hello's floor in the same run: as many GETs at once as the
 * most requests the portal had in flight.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { phones, secondTap } from './lib/phones.mjs';
import { addSessions } from './lib/sessions.mjs';
import { groupStudents } from './lib/students.mjs';

const API = '/api/testing';
/** Over how long the students start (ms), and the pause before each answer (ms, from..to). */
const START_WINDOW_MS = 60_000;
const ANSWER_PAUSE_MS = [10_000, 20_000];
/** Groups the bench's students are spread over. */
const GROUPS = 10;

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : null;
}

/** p50, p99 and max of latencies in ms, rounded. */
export function summary(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50Ms: Math.round(percentile(sorted, 50) ?? 0),
    p99Ms: Math.round(percentile(sorted, 99) ?? 0),
    maxMs: Math.round(sorted.at(-1) ?? 0),
  };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const between = ([from, to]) => from + Math.random() * (to - from);
const shuffled = (list) => [...list].sort(() => Math.random() - 0.5);
/** JSON with every object's keys in order (PostgreSQL's jsonb keeps them in its own order). */
const canonical = (value) =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

/** An answer a student might give to a question of his paper (PaperQuestion, contract/testing.attempts.ts). */
export function answerFor(q) {
  const ids = q.options.map((o) => o.id);
  switch (q.kind) {
    case 'single':
      return { kind: 'single', choice: pick(ids) };
    case 'multiple':
      return { kind: 'multiple', choices: ids.filter(() => Math.random() < 0.5) };
    case 'truefalse':
      return { kind: 'truefalse', value: Math.random() < 0.5 };
    case 'short':
      return { kind: 'short', text: pick(['HTML', 'html5', 'const', 'CSS']) };
    case 'numeric':
      return { kind: 'numeric', value: pick([32, 1.41, 16, 2]) };
    case 'matching':
      return { kind: 'matching', right: q.left.map(() => pick(ids)) };
    case 'ordering':
      return { kind: 'ordering', order: shuffled(ids) };
    default:
      return { kind: 'essay', text: `let is block-scoped, var is function-scoped (${randomBytes(4).toString('hex')}).` };
  }
}

/** The students and the test, set up through SQL before the clock starts. */
async function setUp(db, count) {
  const {
    rows: [seeded],
  } = await db.query(`select id, discipline_id, rules, teacher_id from testing_tests order by id limit 1`);
  if (!seeded) throw new Error('the seed has no test (server/src/modules/testing/testing.seed.ts)');
  const { rows: groups } = await db.query('select id from groups order by id limit $1', [GROUPS]);
  const now = new Date();
  const year = now.getMonth() >= 8 ? now.getFullYear() : now.getFullYear() - 1;
  const students = await groupStudents(
    db,
    groups.map((g) => g.id),
    count,
    { year, code: 'bench-t-', login: 'bench-t-' },
  );
  const {
    rows: [test],
  } = await db.query(
    `insert into testing_tests (discipline_id, title, rules, shuffle_answers, time_limit, opens_at, closes_at, attempts, counts, show_score, show_answers, password, networks, teacher_id, created_at)
     values ($1, 'Bench: module test', $2, true, 60, now() - interval '1 hour', now() + interval '1 day', 1, 'best', 'submit', 'close', null, '[]'::jsonb, $3, now())
     returning id`,
    [seeded.discipline_id, JSON.stringify(seeded.rules), seeded.teacher_id],
  );
  await db.query(`insert into testing_targets (test_id, group_id, subgroup_id) select $1, unnest($2::int[]), null`, [
    test.id,
    [...new Set(students.map((s) => s.group_id))],
  ]);
  const signed = await addSessions(
    db,
    students.map((s) => ({ uid: s.id, userId: s.user_id, device: randomBytes(12).toString('base64url') })),
  );
  return { testId: test.id, students: signed };
}

/** Answers the bench's figures; throws when the set-up fails (the bench reports the section as failed). */
export async function runTestingBench(origin, dbUrl, { students: count = 500 } = {}) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const phone = phones(origin);
  try {
    const { testId, students } = await setUp(db, count);
    // Every student's tests page is open: his connection made and used once.
    for (let i = 0; i < students.length; i += 100) {
      const answers = await Promise.all(students.slice(i, i + 100).map((s) => phone.post(s, `${API}/my.json`, {})));
      const refused = answers.find((a) => a.status !== 200);
      if (refused) throw new Error(`my.json answered ${refused.status}: ${JSON.stringify(refused.body?.error)}`);
    }

    const statuses = {};
    const starts = [];
    const saves = [];
    const submits = [];
    let inFlight = 0;
    let peakInFlight = 0;
    /** Each (attempt, slot): the last version the portal acknowledged as stored, and its answer. */
    const acknowledged = new Map();
    const attempts = new Map();
    let doubledSaves = 0;
    const refusals = [];
    const timed = async (who, path, body, key, into) => {
      inFlight += 1;
      peakInFlight = Math.max(peakInFlight, inFlight);
      const answer = await phone.post(who, path, body, key);
      inFlight -= 1;
      into.push(answer.ms);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.status !== 200 && refusals.length < 5) refusals.push(`${path} ${answer.status} ${JSON.stringify(answer.body?.error)}`);
      return answer;
    };
    const save = async (s, attempt, q, version, answer) => {
      const body = { id_attempt: attempt, device: s.device, slot: q.slot, version, answer };
      const twice = Math.random() < 1 / 20;
      const replies = await Promise.all([
        timed(s, `${API}/answer.json`, body, s.cookie, saves),
        ...(twice ? [timed(s, `${API}/answer.json`, body, secondTap(s.cookie), saves)] : []),
      ]);
      const written = replies.filter((r) => r.status === 200 && r.body?.data?.saved);
      if (written.length > 1) doubledSaves += 1;
      if (replies.some((r) => r.status === 200 && r.body?.data?.version === version)) acknowledged.set(`${attempt}:${q.slot}`, { version, answer });
    };
    const student = async (s) => {
      await sleep(Math.random() * START_WINDOW_MS);
      const started = await timed(s, `${API}/start.json`, { id_test: testId, device: s.device }, s.cookie, starts);
      if (started.status !== 200) return;
      const paper = started.body.data;
      attempts.set(s.uid, paper.id_attempt);
      for (const q of paper.questions) {
        await sleep(between(ANSWER_PAUSE_MS));
        await save(s, paper.id_attempt, q, 1, answerFor(q));
      }
      if (Math.random() < 1 / 4) {
        await sleep(between(ANSWER_PAUSE_MS));
        const q = pick(paper.questions);
        await save(s, paper.id_attempt, q, 2, answerFor(q));
      }
      await sleep(between(ANSWER_PAUSE_MS));
      await timed(s, `${API}/submit.json`, { id_attempt: paper.id_attempt, device: s.device }, s.cookie, submits);
    };
    const t0 = performance.now();
    await Promise.all(students.map(student));
    const elapsedMs = performance.now() - t0;
    if (refusals.length) console.log(`[bench] testing: refusals, the first: ${refusals.join('; ')}`);

    // What is stored: every acknowledged save's answer, one attempt per student.
    const { rows: stored } = await db.query(
      `select a.attempt_id, a.slot, a.version, a.answer from testing_answers a join testing_attempts t on t.id = a.attempt_id where t.test_id = $1`,
      [testId],
    );
    const storedBy = new Map(stored.map((r) => [`${r.attempt_id}:${r.slot}`, r]));
    let lost = 0;
    for (const [key, { version, answer }] of acknowledged) {
      const row = storedBy.get(key);
      if (!row || row.version !== version || canonical(row.answer) !== canonical(answer)) lost += 1;
    }
    const {
      rows: [counted],
    } = await db.query(
      `select count(*)::int as attempts, count(*) filter (where state <> 'open')::int as ended, count(distinct student_id)::int as students from testing_attempts where test_id = $1`,
      [testId],
    );
    return {
      students: students.length,
      elapsedMs: Math.round(elapsedMs),
      start: summary(starts),
      save: summary(saves),
      submit: summary(submits),
      statuses,
      savesAcknowledged: acknowledged.size,
      answersStored: stored.length,
      lost,
      doubled: doubledSaves + (counted.attempts - counted.students),
      attempts: counted.attempts,
      attemptsEnded: counted.ended,
      peakInFlight,
    };
  } finally {
    await phone.close();
    await db.end();
  }
}
