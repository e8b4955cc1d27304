/**
 * SQL of the attendance rates by level (qr.reports.ts): faculty, speciality, group or student, from
 * every source, counted as the group's report counts them (qr.group-report.ts): one record per
 * student, group, discipline and lesson (its date and time: a double pair is two), from the journal's visit records ('н/б' absent, 'ув'
 * excused, anything else present) and the lessons held with QR attendance (an accepted mark present,
 * no mark or a refused one absent, a mark under review not yet known); present outweighs excused,
 * excused outweighs absent. So a group whose lessons never had QR attendance counts at every level.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { memberOf } from '../../shared/timetable.repository';

export type ReportLevel = 'faculty' | 'speciality' | 'group' | 'student';

export interface ReportRow {
  id: number;
  nameRu: string;
  nameKg: string;
  nameEn: string;
  /** Student-lessons with a record, and those present. */
  expected: number;
  present: number;
}

export type Within = { facultyId?: number; specialityId?: number; groupId?: number; studentId?: number; teacherId?: number };

/** Present 2, excused 1, absent 0 (null: a QR mark under review, left out). */
const JOURNAL_RANK = sql`case when v.mark = 'н/б' then 0 when v.mark = 'ув' then 1 else 2 end`;
const QR_RANK = sql`case when m.status = 'accepted' then 2 when m.status = 'review' then null else 0 end`;

export async function attendanceByLevel(db: Db, level: ReportLevel, year: number, ws: number, within: Within): Promise<ReportRow[]> {
  const key = { faculty: sql`f.id`, speciality: sql`sp.id`, group: sql`g.id`, student: sql`st.id` }[level];
  const [ru, kg, en] = {
    faculty: [sql`f.name_ru`, sql`f.name_kg`, sql`f.name_en`],
    speciality: [sql`sp.name_ru`, sql`sp.name_kg`, sql`sp.name_en`],
    group: [sql`g.name`, sql`g.name`, sql`g.name`],
    student: Array.from({ length: 3 }, () => sql`concat_ws(' ', st.surname, st.name, st.patronymic)`),
  }[level];
  const filters = [sql`true`];
  if (within.facultyId !== undefined) filters.push(sql`f.id = ${within.facultyId}`);
  if (within.specialityId !== undefined) filters.push(sql`sp.id = ${within.specialityId}`);
  if (within.groupId !== undefined) filters.push(sql`g.id = ${within.groupId}`);
  if (within.studentId !== undefined) filters.push(sql`st.id = ${within.studentId}`);
  // The groups the teacher teaches this half-year: his timetable entries' groups and their streams' groups.
  if (within.teacherId !== undefined)
    filters.push(sql`exists (select 1 from schedule_entries te left join stream_groups tsg on tsg.stream_id = te.stream_id
                            where te.teacher_id = ${within.teacherId} and te.academic_year_id = ${year} and te.working_semester_id = ${ws}
                              and (te.group_id = g.id or tsg.group_id = g.id))`);
  const student = within.studentId !== undefined ? within.studentId : null;
  return rowsOf<ReportRow>(
    db,
    sql`with raw as (
          select v.student_id, v.group_id, v.discipline_id, v.visit_date as day, lt.starts_at as at, ${JOURNAL_RANK} as rank
            from journal_visits v
            join lesson_times lt on lt.id = v.lesson_time_id
           where v.academic_year_id = ${year} and v.working_semester_id = ${ws} and (${student}::int is null or v.student_id = ${student}::int)
          union all
          select st.id, st.group_id, e.discipline_id, qs.lesson_date, lt.starts_at, ${QR_RANK}
            from qr_sessions qs
            join schedule_entries e on e.id = qs.schedule_entry_id
            join lesson_times lt on lt.id = e.lesson_time_id
            join students st on ${memberOf}
            left join qr_marks m on m.session_id = qs.id and m.student_id = st.id
           where e.academic_year_id = ${year} and e.working_semester_id = ${ws} and (${student}::int is null or st.id = ${student}::int)
        ), records as (
          select student_id, group_id, max(rank) as rank from raw where rank is not null group by student_id, group_id, discipline_id, day, at
        )
        select ${key} as id, ${ru} as "nameRu", ${kg} as "nameKg", ${en} as "nameEn",
               count(*)::int as expected, (count(*) filter (where r.rank = 2))::int as present
          from records r
          join students st on st.id = r.student_id
          join groups g on g.id = r.group_id
          join specialities sp on sp.id = g.speciality_id
          join faculties f on f.id = sp.faculty_id
         where ${sql.join(filters, sql` and `)}
         group by 1, 2, 3, 4
         order by 2, 1`,
  );
}
