/** Who hears that a lesson's attendance opened or closed: the accounts of the lesson's students. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { memberOf } from '../../shared/timetable.repository';

export async function studentAccountsOfEntry(db: Db, entryId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select u.id from schedule_entries e join students st on ${memberOf} join users u on u.student_id = st.id where e.id = ${entryId}`,
  );
  return rows.map((r) => r.id);
}
