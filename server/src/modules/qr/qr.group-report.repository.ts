/** SQL of a group's attendance in one discipline (qr.group-report.ts): the group, its disciplines, and the raw records of QR attendance and the journal. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { memberOf } from '../../shared/timetable.repository';

type Names = { nameRu: string; nameKg: string; nameEn: string };

/** Does the teacher teach the group in the half-year (his timetable entries' groups and their streams' groups)? */
export async function teachesGroup(db: Db, teacherId: number, year: number, ws: number, groupId: number): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`select 1 from schedule_entries te left join stream_groups tsg on tsg.stream_id = te.stream_id
         where te.teacher_id = ${teacherId} and te.academic_year_id = ${year} and te.working_semester_id = ${ws}
           and (te.group_id = ${groupId} or tsg.group_id = ${groupId})
         limit 1`,
  );
  return rows.length > 0;
}

export async function groupName(db: Db, groupId: number): Promise<string | undefined> {
  return (await rowsOf<{ name: string }>(db, sql`select name from groups where id = ${groupId}`))[0]?.name;
}

export async function disciplineNames(db: Db, disciplineId: number): Promise<Names | undefined> {
  return (await rowsOf<Names>(db, sql`select name_ru as "nameRu", name_kg as "nameKg", name_en as "nameEn" from disciplines where id = ${disciplineId}`))[0];
}

/** The disciplines the group has in the half-year: in its timetable (its own or its streams' entries) or in its journal records. */
export async function disciplinesOfGroup(db: Db, year: number, ws: number, groupId: number): Promise<(Names & { id: number })[]> {
  return rowsOf(
    db,
    sql`select d.id, d.name_ru as "nameRu", d.name_kg as "nameKg", d.name_en as "nameEn" from disciplines d
         where d.id in (select e.discipline_id from schedule_entries e left join stream_groups sg on sg.stream_id = e.stream_id
                         where e.academic_year_id = ${year} and e.working_semester_id = ${ws} and (e.group_id = ${groupId} or sg.group_id = ${groupId})
                        union
                        select v.discipline_id from journal_visits v
                         where v.academic_year_id = ${year} and v.working_semester_id = ${ws} and v.group_id = ${groupId})
         order by d.name_ru, d.id`,
  );
}

export interface StudentRow {
  id: number;
  surname: string;
  name: string;
  patronymic: string | null;
}

/** The group's students now, and any other student with a record in the report (he left the group since). */
export async function studentsOf(db: Db, groupId: number, others: number[]): Promise<StudentRow[]> {
  const ids = others.length ? sql`or st.id in (${sql.join(others, sql`, `)})` : sql``;
  return rowsOf(db, sql`select st.id, st.surname, st.name, st.patronymic from students st where st.group_id = ${groupId} ${ids}`);
}

export interface RawRecord {
  studentId: number;
  date: string;
  /** The lesson's start, 'HH:MM' (two lessons of one date, a double pair, are two records). */
  time: string;
  /** The journal's mark (null: present) — or, for a QR row, 'accepted' or another status of its mark, null when the student did not mark. */
  mark: string | null;
  /** 'qr' or the journal record's own source ('journal', 'bulk', 'qr', 'seed'). */
  source: string;
  kind: 'journal' | 'qr';
}

type Scope = { year: number; ws: number; groupId: number; disciplineId: number };

/** The journal's records of the group's students in the discipline and half-year. */
export async function journalRecords(db: Db, s: Scope): Promise<RawRecord[]> {
  return rowsOf(
    db,
    sql`select v.student_id as "studentId", v.visit_date::text as date, to_char(lt.starts_at, 'HH24:MI') as time, v.mark, v.source, 'journal' as kind
          from journal_visits v
          join lesson_times lt on lt.id = v.lesson_time_id
         where v.academic_year_id = ${s.year} and v.working_semester_id = ${s.ws} and v.group_id = ${s.groupId} and v.discipline_id = ${s.disciplineId}`,
  );
}

/** Every student of the group expected at each lesson held with QR attendance in the discipline, with his mark's status (null: none). */
export async function qrRecords(db: Db, s: Scope): Promise<RawRecord[]> {
  return rowsOf(
    db,
    sql`select st.id as "studentId", qs.lesson_date::text as date, to_char(lt.starts_at, 'HH24:MI') as time, m.status as mark, 'qr' as source, 'qr' as kind
          from qr_sessions qs
          join schedule_entries e on e.id = qs.schedule_entry_id
          join lesson_times lt on lt.id = e.lesson_time_id
          join students st on ${memberOf}
          left join qr_marks m on m.session_id = qs.id and m.student_id = st.id
         where e.academic_year_id = ${s.year} and e.working_semester_id = ${s.ws} and e.discipline_id = ${s.disciplineId} and st.group_id = ${s.groupId}`,
  );
}
