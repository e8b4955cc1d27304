/**
 * Students enough for a bench: the seeded students of some groups, and bench students added to those
 * groups (in the bench's throwaway database only) when they hold fewer, so that the product seed
 * stays as small as the e2e servers need it.
 */

/**
 * Up to `want` students of the groups `groupIds` with an enabled account, by id: first the missing
 * ones are added, spread over the groups, each with a student account (student code `<code><i>`,
 * login `<login><student id>`, admission `year`); every chosen account is cleared of
 * `must_update_credentials`. `db` is a connected pg client; resolves to rows {id, group_id, user_id}.
 */
export async function groupStudents(db, groupIds, want, { year, code, login }) {
  const {
    rows: [seeded],
  } = await db.query(`select count(*)::int as n from students s join users u on u.student_id = s.id where s.group_id = any($1) and not u.disabled`, [groupIds]);
  if (seeded.n < want) {
    await db.query(
      `with made as (
         insert into students (surname, name, gender, group_id, code, admission_year, education_form_id, subgroup)
         select 'Bench', 'Student ' || i, case when i % 2 = 0 then 'f' else 'm' end, g.id, $4::text || i, $3::int, g.education_form_id, 1 + i % 2
           from generate_series(1, $2::int) i
           join groups g on g.id = ($1::int[])[1 + i % cardinality($1::int[])]
         returning id)
       insert into users (login, role, student_id) select $5::text || id, 2, id from made`,
      [groupIds, want - seeded.n, year, code, login],
    );
  }
  const { rows } = await db.query(
    `select s.id, s.group_id, u.id as user_id from students s join users u on u.student_id = s.id where s.group_id = any($1) and not u.disabled order by s.id limit $2`,
    [groupIds, want],
  );
  await db.query(`update users set must_update_credentials = false where student_id = any($1)`, [rows.map((s) => s.id)]);
  return rows;
}
