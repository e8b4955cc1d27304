/**
 * Elective registration rush on PostgreSQL: STUDENTS students (default 1,000), each signed in with a
 * session of his own, press "register" for one of ELECTIVES electives (default 10) of SEATS seats
 * each (default 30) within the same second, asking for a waiting place when the subgroup is full.
 *
 * The portal runs on a throwaway database. Before the clock starts the bench, through SQL only in
 * that database: keeps the half-year's registration open, adds the electives (one subgroup each, at a
 * weekly slot no timetable entry of the half-year uses, so no student meets a clash), adds the
 * students with accounts and elective permissions, and gives each a session row made the way a
 * sign-in makes it (the SHA-256 of a random cookie token). The registration fields a student sends
 * (discipline, department, credits, form of control, subgroup, lesson type) are read through the
 * student's own calls (optional/disciplines, optional/teachers, optional/subgroups), as the screen
 * reads them. Every student's connection is opened and used once (getdefyear) before the rush, as a
 * browser on the registration page has done.
 *
 * Figures: seats taken (must be ELECTIVES × SEATS), oversold (registered beyond a capacity, must be
 * 0), waiting-list order (each subgroup's waiting places run 1..n in the order the server took the
 * requests, that is the registrations' ids), answers by status, latency p50/p99/max of the saves
 * (goal p99 ≤ 1 s).
 */
import pg from 'pg';
import { phones } from './lib/phones.mjs';
import { addSessions } from './lib/sessions.mjs';

const P = '/api/regfordisciplines';

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : null;
}

async function lanes(items, limit, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/** Answers the rush's figures; throws when the set-up fails (the bench reports the section as failed). */
export async function runRegistrationBench(origin, dbUrl, { students: count = 1000, electives = 10, seats = 30 } = {}) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const phone = phones(origin);
  try {
    // The current half-year, as the server reckons it (lib/academic-year.ts): autumn from September to January.
    const now = new Date();
    const year = now.getMonth() >= 8 ? now.getFullYear() : now.getFullYear() - 1;
    const ws = now.getMonth() >= 8 || now.getMonth() === 0 ? 1 : 2;

    // The half-year's registration is open for the rush, with room for one elective's credits.
    await db.query(
      `insert into registration_periods (academic_year_id, working_semester_id, closes_at, credit_limit) values ($1, $2, now() + interval '1 day', 30)
       on conflict (academic_year_id, working_semester_id) do update set closes_at = now() + interval '1 day'`,
      [year, ws],
    );
    // A weekly slot no lesson of the half-year uses.
    const {
      rows: [slot],
    } = await db.query(
      `select d.day, t.id as time from generate_series(1, 6) d(day) cross join lesson_times t
        where not exists (select 1 from schedule_entries e where e.academic_year_id = $1 and e.working_semester_id = $2 and e.day_number = d.day and e.lesson_time_id = t.id)
          and not exists (select 1 from reg_subgroups g join reg_offerings o on o.id = g.offering_id
                           where o.academic_year_id = $1 and o.working_semester_id = $2 and g.day_number = d.day and g.lesson_time_id = t.id)
        order by d.day desc, t.id desc limit 1`,
      [year, ws],
    );
    if (!slot) throw new Error('no free weekly slot for the electives');
    const { rows: disciplines } = await db.query('select id from disciplines order by id limit $1', [electives]);
    const { rows: teachers } = await db.query('select id from teachers order by id limit $1', [electives]);
    if (disciplines.length < electives || teachers.length < electives) throw new Error(`the seed has fewer than ${electives} disciplines or teachers`);
    const {
      rows: [refs],
    } = await db.query(
      `select (select id from semesters order by id limit 1) as semester, (select id from control_forms order by id limit 1) as control,
              (select id from lesson_types order by id limit 1) as lesson_type`,
    );
    const offeringIds = [];
    for (let i = 0; i < electives; i++) {
      const {
        rows: [o],
      } = await db.query(
        `insert into reg_offerings (academic_year_id, working_semester_id, semester_id, discipline_id, speciality_id, credits, control_form_id, is_elective, desc_group_num)
         values ($1, $2, $3, $4, null, 3, $5, true, 9) returning id`,
        [year, ws, refs.semester, disciplines[i].id, refs.control],
      );
      await db.query(
        `insert into reg_subgroups (offering_id, teacher_id, lesson_type_id, number, capacity, taken, day_number, lesson_time_id) values ($1, $2, $3, 1, $4, 0, $5, $6)`,
        [o.id, teachers[i].id, refs.lesson_type, seats, slot.day, slot.time],
      );
      offeringIds.push(o.id);
    }

    // The students: new ones in the seeded groups, each with an account, the permission and a session.
    const { rows: groups } = await db.query('select id, education_form_id from groups order by id');
    const { rows: made } = await db.query(
      `with made as (
         insert into students (surname, name, gender, group_id, code, admission_year, education_form_id, subgroup)
         select 'Rush', 'Student ' || i, case when i % 2 = 0 then 'f' else 'm' end, g.id, 'rush-' || i, $3::int, g.education_form_id, 1 + i % 2
           from generate_series(1, $2::int) i
           join groups g on g.id = ($1::int[])[1 + i % cardinality($1::int[])]
         returning id, group_id),
       accounts as (insert into users (login, role, student_id) select 'rush-s-' || id, 2, id from made returning id, student_id)
       select m.id, m.group_id, a.id as user_id from made m join accounts a on a.student_id = m.id order by m.id`,
      [groups.map((g) => g.id), count, year],
    );
    await db.query(`insert into elective_permissions (student_id, academic_year_id, working_semester_id) select unnest($1::int[]), $2, $3`, [
      made.map((s) => s.id),
      year,
      ws,
    ]);
    const everyone = await addSessions(
      db,
      made.map((s, k) => ({ uid: s.id, group: s.group_id, userId: s.user_id, offering: offeringIds[k % electives] })),
    );

    // What the registration form sends, read through a student's own calls.
    const reader = everyone[0];
    const rows = await phone.post(reader, `${P}/optional/disciplines`, { id_a_year: year, id_w_s: ws });
    if (rows.status !== 200) throw new Error(`optional/disciplines answered ${rows.status}: ${JSON.stringify(rows.body?.error)}`);
    const form = new Map();
    for (const id of offeringIds) {
      const row = rows.body.data.find((r) => r.id_disciplineForStudent === id);
      if (!row) throw new Error(`elective ${id} is not offered to the students`);
      const t = await phone.post(reader, `${P}/optional/teachers`, { id_disciplineForStudent: id });
      const teacher = t.body.data[0];
      const g = await phone.post(reader, `${P}/optional/subgroups`, { id_disciplineForStudent: id, id_teacher: teacher.id });
      const sub = g.body.data[0];
      form.set(id, {
        id_a_year: year,
        id_w_s: ws,
        id_semester: row.id_semester,
        id_kafedra: row.id_kafedra,
        id_teacher: teacher.id,
        id_discipline: row.id_discipline,
        kredits: row.kredits,
        id_examination: row.id_examination,
        subgroup: sub.id,
        id_vid_zaniatiy: sub.id_vid_zaniatiy,
        id_disciplineForStudent: id,
        isByPlan: false,
        descGroupNum: row.descGroupNum,
        joinWaitingList: true,
      });
    }

    // Every student's page is open: his connection made and used once.
    await lanes(everyone, 100, async (s) => {
      const r = await phone.get(s.cookie, `${P}/getdefyear`, s.cookie);
      if (r.status !== 200) throw new Error(`getdefyear answered ${r.status}`);
    });

    // The rush: every student presses "register" at once.
    const t0 = performance.now();
    const answers = await Promise.all(
      everyone.map((s) => phone.post(s, `${P}/optional/additioninsert`, { ...form.get(s.offering), id_group: s.group, id_student: s.uid })),
    );
    const elapsedMs = performance.now() - t0;

    const sample = answers.find((a) => a.status !== 200);
    if (sample) console.log('[bench] registration: first refusal', sample.status, JSON.stringify(sample.body));
    const statuses = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
    const { rows: subgroups } = await db.query(
      `select g.id, g.capacity, g.taken, count(r.id) filter (where r.status = 'registered')::int as registered, count(r.id) filter (where r.status = 'waiting')::int as waiting
         from reg_subgroups g left join registrations r on r.subgroup_id = g.id
        where g.offering_id = any($1) group by g.id order by g.id`,
      [offeringIds],
    );
    const seatsTaken = subgroups.reduce((n, g) => n + g.registered, 0);
    const oversold = subgroups.reduce((n, g) => n + Math.max(0, g.registered - g.capacity) + Math.max(0, g.taken - g.capacity), 0);
    const takenMatches = subgroups.every((g) => g.taken === g.registered);
    // Waiting order: within each elective, the places the students were told run 1..n in id order.
    const told = new Map(answers.filter((a) => a.status === 200 && a.body.data.status === 'waiting').map((a) => [a.body.data.id, a.body.data.position]));
    const { rows: waitingRows } = await db.query(
      `select id, offering_id from registrations where offering_id = any($1) and status = 'waiting' order by offering_id, id`,
      [offeringIds],
    );
    let orderKept = told.size === waitingRows.length;
    let place = 0;
    let current = null;
    for (const r of waitingRows) {
      place = r.offering_id === current ? place + 1 : 1;
      current = r.offering_id;
      if (told.get(Number(r.id)) !== place) orderKept = false;
    }
    return {
      students: count,
      electives,
      seats,
      elapsedMs: Math.round(elapsedMs),
      seatsTaken,
      seatsExpected: electives * seats,
      oversold,
      takenMatches,
      waiting: waitingRows.length,
      orderKept,
      statuses,
      errors: answers.filter((a) => a.status !== 200).length,
      latencyP50Ms: Math.round(percentile(ms, 50)),
      latencyP99Ms: Math.round(percentile(ms, 99)),
      latencyMaxMs: Math.round(ms.at(-1)),
    };
  } finally {
    await phone.close();
    await db.end();
  }
}
