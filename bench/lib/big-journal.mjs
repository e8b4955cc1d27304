/**
 * A journal at full size for the journal and grading-sheet benches, made through SQL in the portal's
 * throwaway database: a group of its own with `students` students, the demo teacher's first group
 * journal of the current half-year copied onto it, and `dates` lessons at the first pair up to today
 * (every other day when the half-year so far holds them, else every day; marks are never written for a
 * date after today, docs/areas/journal.md#for-users). Each student's attendance and mark on each date
 * is `markSql`, an SQL expression of `s.id`, `s.rank` (the student's place in the group) and `d.n` (the
 * lesson's number). `topics(db, {journalId, start, step})` may add the lessons' topics in the same
 * transaction. Returns {journalId, groupId}.
 */
const SURNAMES = [
  'Абдыкадыров',
  'Асанова',
  'Бакиров',
  'Жумабекова',
  'Иманалиев',
  'Касымова',
  'Мамытов',
  'Осмонова',
  'Султанов',
  'Токтогулова',
  'Усенов',
  'Эшимова',
];
const NAMES = ['Айбек', 'Айгерим', 'Бекзат', 'Гулзат', 'Данияр', 'Жыпар', 'Нурлан', 'Сезим', 'Тимур', 'Чолпон'];

/** The current half-year as the portal reads the calendar: {year, ws}. */
export function currentHalfYear(now = new Date()) {
  return { year: now.getMonth() >= 8 ? now.getFullYear() : now.getFullYear() - 1, ws: now.getMonth() >= 8 || now.getMonth() === 0 ? 1 : 2 };
}

export async function createBigJournal(db, { students, dates, group: { name, number, codePrefix }, markSql, topics }) {
  const now = new Date();
  const { year, ws } = currentHalfYear(now);
  const {
    rows: [a],
  } = await db.query(
    `select ta.*, g.speciality_id, g.education_form_id, g.admission_year from teaching_assignments ta join groups g on g.id = ta.group_id
      where ta.teacher_id = (select teacher_id from users where login = 'teacher') and ta.academic_year_id = $1 and ta.working_semester_id = $2
        and ta.subgroup = 0 order by ta.id limit 1`,
    [year, ws],
  );
  if (!a) throw new Error('the demo teacher has no group journal in this half-year');
  await db.query('begin');
  try {
    const {
      rows: [group],
    } = await db.query(`insert into groups (name, speciality_id, education_form_id, admission_year, number) values ($1, $2, $3, $4, $5) returning id`, [
      name,
      a.speciality_id,
      a.education_form_id,
      a.admission_year,
      number,
    ]);
    const {
      rows: [journal],
    } = await db.query(
      `insert into teaching_assignments (teacher_id, discipline_id, academic_year_id, working_semester_id, semester_id, lesson_type_id, group_id, subgroup, credits, control_form_id)
       values ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9) returning id`,
      [a.teacher_id, a.discipline_id, year, ws, a.semester_id, a.lesson_type_id, group.id, a.credits, a.control_form_id],
    );
    await db.query(
      `insert into students (surname, name, gender, group_id, code, admission_year, education_form_id, subgroup)
       select ($1::text[])[1 + i % ${SURNAMES.length}], ($2::text[])[1 + (i * 7) % ${NAMES.length}], case when i % 2 = 0 then 'm' else 'f' end, $3,
              $7 || lpad(i::text, 4, '0'), $4, $5, 1 + i % 2
         from generate_series(1, $6) i`,
      [SURNAMES, NAMES, group.id, a.admission_year, a.education_form_id, students, codePrefix],
    );
    const halfStart = Date.parse(`${ws === 1 ? year : year + 1}-${ws === 1 ? '09' : '02'}-01T00:00:00Z`);
    const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
    const step = (today - halfStart) / 86_400_000 >= (dates - 1) * 2 ? 2 : 1;
    const start = new Date(today - (dates - 1) * step * 86_400_000).toISOString().slice(0, 10);
    await topics?.(db, { journalId: journal.id, start, step });
    await db.query(
      `insert into journal_visits (teaching_assignment_id, student_id, visit_date, lesson_time_id, mark, teacher_id, academic_year_id, working_semester_id, semester_id,
                                   discipline_id, credits, is_select, lesson_type_id, group_id, subgroup, day_number, education_form_id, source)
       select $1, s.id, d.day, 1, ${markSql}, $2, $3, $4, $5, $6, $7, false, $8, $9, 0, extract(isodow from d.day)::smallint, $10, 'seed'
         from (select id, row_number() over (order by id) as rank from students where group_id = $9) s
        cross join (select n, ($11::date + n * $13::int) as day from generate_series(0, $12 - 1) n) d`,
      [journal.id, a.teacher_id, year, ws, a.semester_id, a.discipline_id, a.credits, a.lesson_type_id, group.id, a.education_form_id, start, dates, step],
    );
    await db.query('commit');
    return { journalId: journal.id, groupId: group.id };
  } catch (err) {
    await db.query('rollback');
    throw err;
  }
}
