/**
 * The webinar area's seed step: the demo university's meeting server (site setting meeting_server,
 * a self-hosted address of the demo university) and a few online lessons of the demo teacher for the
 * demo student's group: one today at the lesson nearest to the seed's time (so the demo shows Join
 * while it runs), the same lesson a week before with joins and a recording, and one next week on a
 * pasted link. A day without his lessons for that group takes the next day that has one.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { DEMO_STUDENT, DEMO_TEACHER } from '../../db/seed/data';
import type { SeedContext, SeedStep } from '../../db/seed';
import { Prng } from '../../db/seed/prng';
import { currentPeriod } from '../../lib/academic-year';
import { halfYearDates } from '../../shared/academic/journal-period';
import { atLocalTime, dayNumber, localDate, plusDays } from '../../shared/lesson-clock';
import { memberOf } from '../../shared/timetable.repository';
import { webinarJoins, webinarMeetings, webinarRecordings } from './webinar.schema';

/** The demo university's own meeting server (a made-up address: set the real one in the reference data). */
export const DEMO_MEETING_SERVER = 'https://meet.tshsu.example';

interface Lesson {
  id: number;
  dayNumber: number;
  startsAt: string;
  endsAt: string;
}

async function seedWebinar(db: Db, ctx: SeedContext): Promise<void> {
  await db.execute(sql`insert into site_settings (key, value) values ('meeting_server', ${DEMO_MEETING_SERVER}) on conflict (key) do nothing`);
  const [who] = await rowsOf<{ teacherId: number | null; studentId: number | null }>(
    db,
    sql`select (select teacher_id from users where login = ${DEMO_TEACHER.login}) as "teacherId", (select student_id from users where login = ${DEMO_STUDENT.login}) as "studentId"`,
  );
  if (!who?.teacherId || !who.studentId) return ctx.log('webinar: no demo teacher or student');
  const { year, ws } = currentPeriod(ctx.now);
  const lessons = await rowsOf<Lesson>(
    db,
    sql`select e.id, e.day_number as "dayNumber", to_char(lt.starts_at, 'HH24:MI') as "startsAt", to_char(lt.ends_at, 'HH24:MI') as "endsAt"
        from schedule_entries e join lesson_times lt on lt.id = e.lesson_time_id join students st on st.id = ${who.studentId}
        where e.teacher_id = ${who.teacherId} and e.academic_year_id = ${year} and e.working_semester_id = ${ws} and ${memberOf}
        order by e.day_number, lt.starts_at, e.id`,
  );
  if (lessons.length === 0) return ctx.log('webinar: the demo teacher has no lessons for the demo group this half-year');
  // Today's lesson nearest to now (in progress, else the next, else the last), or the next day's first.
  let found: { lesson: Lesson; day: Date } | null = null;
  for (let i = 0; i < 7 && !found; i++) {
    const day = plusDays(ctx.now, i);
    const onDay = lessons.filter((l) => l.dayNumber === dayNumber(day));
    if (onDay.length === 0) continue;
    const distance = (l: Lesson) =>
      ctx.now >= atLocalTime(day, l.endsAt)
        ? ctx.now.getTime() - atLocalTime(day, l.endsAt).getTime()
        : Math.max(0, atLocalTime(day, l.startsAt).getTime() - ctx.now.getTime());
    found = { lesson: [...onDay].sort((a, b) => distance(a) - distance(b))[0], day };
  }
  if (!found) return;
  const today = found;
  const { startsOn, endsOn } = halfYearDates(year, ws);
  const prng = new Prng('webinar');
  const room = () => `lms-${Array.from({ length: 32 }, () => prng.int(0, 15).toString(16)).join('')}`;
  const inHalf = (d: Date) => localDate(d) >= startsOn && localDate(d) <= endsOn;
  const meetings: (typeof webinarMeetings.$inferInsert)[] = [
    {
      scheduleEntryId: today.lesson.id,
      lessonDate: localDate(today.day),
      teacherId: who.teacherId,
      provider: 'portal',
      url: `${DEMO_MEETING_SERVER}/${room()}`,
      createdAt: ctx.now,
    },
  ];
  const weekAgo = plusDays(today.day, -7);
  if (inHalf(weekAgo))
    meetings.push({
      scheduleEntryId: today.lesson.id,
      lessonDate: localDate(weekAgo),
      teacherId: who.teacherId,
      provider: 'portal',
      url: `${DEMO_MEETING_SERVER}/${room()}`,
      createdAt: plusDays(ctx.now, -8),
    });
  const other = lessons.find((l) => l.id !== today.lesson.id) ?? today.lesson;
  const nextWeek = plusDays(plusDays(today.day, 7), other.dayNumber - dayNumber(today.day));
  if (inHalf(nextWeek))
    meetings.push({
      scheduleEntryId: other.id,
      lessonDate: localDate(nextWeek),
      teacherId: who.teacherId,
      provider: 'link',
      url: `https://video.tshsu.example/room/${room()}`,
      createdAt: ctx.now,
    });
  const ids = await db.insert(webinarMeetings).values(meetings).returning({ id: webinarMeetings.id, date: webinarMeetings.lessonDate });
  const past = ids.find((m) => m.date === localDate(weekAgo));
  if (past) {
    // Most of the lesson's students joined in its first minutes; the recording was added after it.
    const students = await rowsOf<{ id: number }>(
      db,
      sql`select st.id from schedule_entries e join students st on ${memberOf} where e.id = ${today.lesson.id} order by st.surname, st.name, st.id`,
    );
    const start = atLocalTime(weekAgo, today.lesson.startsAt);
    const joined = students.filter((s, i) => s.id === who.studentId || i % 4 !== 3);
    if (joined.length)
      await db
        .insert(webinarJoins)
        .values(joined.map((s) => ({ meetingId: past.id, studentId: s.id, joinedAt: new Date(start.getTime() + prng.int(-300, 420) * 1000) })));
    await db.insert(webinarRecordings).values({
      meetingId: past.id,
      title: 'Запись занятия',
      url: `${DEMO_MEETING_SERVER}/recordings/${room()}`,
      createdAt: atLocalTime(weekAgo, today.lesson.endsAt),
    });
  }
  ctx.log(`webinar: ${ids.length} online lessons`);
}

export const SEED_STEPS: readonly SeedStep[] = [{ name: '0024-webinar', run: seedWebinar }];
