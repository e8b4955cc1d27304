/**
 * Online lessons (docs/areas/webinar.md): a teacher's meeting for one occurrence of one of his weekly
 * lessons, the joins of the lesson's students through the portal, marking those who joined present
 * in his journal, and the recordings' links.
 *
 * The rules: a meeting is the lesson's teacher's, on the lesson's weekday, in its half-year (the
 * journal's period rule) and not before today; one per lesson occurrence, which the database holds
 * however requests race (a unique index: the loser is answered 409 WEBINAR_TAKEN). Its link is given
 * only to its teacher and to the lesson's students (memberOf), a student's only through join.json,
 * from WEBINAR_OPEN_BEFORE_MIN minutes before the lesson to its end. Presence goes into the journal
 * as a QR mark does (qr.sessions.ts): the journal's period rule for a mark on that date, then the
 * journal's own presence write (shared/journal-visits.ts writePresence) in one transaction, the
 * journal's teacher told live.
 */
import { randomBytes } from 'node:crypto';
import { ROLE_STUDENT, ROLE_TEACHER, type Language } from '@contract/common';
import {
  WEBINAR_DAYS_AHEAD,
  WEBINAR_LESSONS_AHEAD,
  WEBINAR_OPEN_BEFORE_MIN,
  WEBINAR_RECORDINGS_MAX,
  type AttachBody,
  type ComingLesson,
  type Joined,
  type MarkedPresent,
  type Participants,
  type RecordingBody,
  type StudentMeeting,
  type TeacherMeeting,
  type WebinarOptions,
} from '@contract/webinar';
import { isMeetingLink } from '@contract/pure/webinar';
import { AppError, badRequest, forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { localName } from '../../i18n';
import { currentPeriod } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import { assertWritable, halfYearDates, mayReopen } from '../../shared/academic/journal-period';
import { asTeacher, assertOwn, type AuthInfo } from '../../shared/caller';
import { JOURNAL_CHANGED_EVENT, qrPresence } from '../../shared/journal-live';
import { visitValues, writePresence } from '../../shared/journal-visits';
import { atLocalTime, dayNumber, dayOf, localDate, plusDays } from '../../shared/lesson-clock';
import * as timetable from '../../shared/timetable.repository';
import * as repo from './webinar.repository';
const groupOf = (r: { target: string; subgroup: number }) => (r.subgroup ? `${r.target} (${r.subgroup})` : r.target);

/** When a meeting of a lesson on `date` opens for joining, and when it ends. */
function momentsOf(date: string, startsAt: string, endsAt: string): { opensAt: Date; closesAt: Date } {
  const day = dayOf(date);
  return { opensAt: new Date(atLocalTime(day, startsAt).getTime() - WEBINAR_OPEN_BEFORE_MIN * 60_000), closesAt: atLocalTime(day, endsAt) };
}

function link(url: string | undefined): string {
  const text = (url ?? '').trim();
  if (!isMeetingLink(text)) throw new AppError(400, 'WEBINAR_BAD_LINK');
  return text;
}

export class WebinarService {
  constructor(private readonly ctx: AppContext) {}

  private rules(auth: AuthInfo) {
    return { now: this.ctx.now(), graceDays: this.ctx.config.journalGraceDays, mayReopen: mayReopen(auth.login, this.ctx.config.journalReopenLogins) };
  }

  private lessonOf(r: repo.MeetingRow, lang: Language) {
    const { opensAt, closesAt } = momentsOf(r.date, r.startsAt, r.endsAt);
    return {
      id: r.id,
      idShed: r.idShed,
      date: r.date,
      startsAt: r.startsAt,
      endsAt: r.endsAt,
      discipline: localName(r.discipline, lang),
      lessonType: localName(r.lessonType, lang),
      group: groupOf(r),
      opensAt: opensAt.toISOString(),
      closesAt: closesAt.toISOString(),
    };
  }

  private async presentTeacher(rows: repo.MeetingRow[], lang: Language): Promise<TeacherMeeting[]> {
    const ids = rows.map((r) => r.id);
    const [counts, recordings] = await Promise.all([repo.joinCounts(this.ctx.db, ids), repo.recordingsOf(this.ctx.db, ids)]);
    return rows.map((r) => ({
      ...this.lessonOf(r, lang),
      provider: r.provider,
      url: r.url,
      joined: counts.get(r.id) ?? 0,
      recordings: recordings.filter((x) => x.meetingId === r.id).map(({ id, title, url }) => ({ id, title, url })),
    }));
  }

  /** The caller's own meeting (404 unknown, 403 another teacher's or a student). */
  private async ownMeeting(auth: AuthInfo, meetingId: number): Promise<repo.MeetingRow> {
    const teacherId = asTeacher(auth);
    const found = await repo.meeting(this.ctx.db, meetingId);
    if (!found) throw notFound();
    if (found.teacherId !== teacherId) throw forbidden();
    return found;
  }

  private async teacherMeeting(meetingId: number, lang: Language): Promise<TeacherMeeting> {
    return (await this.presentTeacher([(await repo.meeting(this.ctx.db, meetingId))!], lang))[0];
  }

  /** options.json: a teacher's coming lessons (today's not ended, then the next days of the half-year) with their meetings. */
  async options(auth: AuthInfo, lang: Language): Promise<WebinarOptions> {
    const now = this.ctx.now();
    const today = localDate(now);
    const serverConfigured = (await repo.meetingServer(this.ctx.db)) !== null;
    if (auth.role !== ROLE_TEACHER) return { canAttach: false, serverConfigured, today, lessons: [] };
    const { year, ws } = currentPeriod(now);
    const { endsOn } = halfYearDates(year, ws);
    const entries = await timetable.entriesOfTeacher(this.ctx.db, auth.uid, year, ws);
    const meetings = await repo.meetingsOfEntries(
      this.ctx.db,
      entries.map((e) => e.id),
      today,
    );
    const lessons: ComingLesson[] = [];
    for (let i = 0; i < WEBINAR_LESSONS_AHEAD; i++) {
      const day = plusDays(now, i);
      const date = localDate(day);
      if (date > endsOn) break;
      for (const e of entries.filter((x) => x.dayNumber === dayNumber(day))) {
        if (i === 0 && atLocalTime(day, e.endsAt) <= now) continue;
        lessons.push({
          idShed: e.id,
          date,
          startsAt: e.startsAt,
          endsAt: e.endsAt,
          discipline: localName(e.discipline, lang),
          lessonType: localName(e.lessonType, lang),
          group: groupOf(e),
          meetingId: meetings.get(`${e.id}|${date}`) ?? null,
        });
      }
    }
    return { canAttach: true, serverConfigured, today, lessons };
  }

  /** attach.json: see the rules above; the meeting as the teacher's list shows it. */
  async attach(auth: AuthInfo, input: AttachBody, lang: Language): Promise<TeacherMeeting> {
    const teacherId = asTeacher(auth);
    const entry = await timetable.findEntry(this.ctx.db, input.idShed);
    if (!entry) throw notFound();
    if (entry.teacherId !== teacherId) throw forbidden();
    const day = dayOf(input.date);
    if (dayNumber(day) !== entry.dayNumber) throw new AppError(400, 'WEBINAR_NOT_LESSON_DAY');
    const rules = this.rules(auth);
    if (input.date < localDate(rules.now)) throw new AppError(400, 'WEBINAR_PAST');
    assertWritable(entry, input.date, 'plan', rules);
    let url: string;
    if (input.provider === 'link') url = link(input.url);
    else {
      const base = await repo.meetingServer(this.ctx.db);
      if (!base || !isMeetingLink(base)) throw new AppError(400, 'WEBINAR_NO_SERVER');
      // An unguessable room on the university's own server: 128 random bits.
      url = `${base.replace(/\/+$/, '')}/lms-${randomBytes(16).toString('hex')}`;
    }
    let id: number;
    try {
      id = await this.ctx.db.transaction(async (tx) => {
        if ((await repo.meetingOfLesson(tx, entry.id, input.date)) !== null) throw new AppError(409, 'WEBINAR_TAKEN');
        return repo.insertMeeting(tx, { scheduleEntryId: entry.id, lessonDate: input.date, teacherId, provider: input.provider, url, createdAt: rules.now });
      });
    } catch (err) {
      // Another attach of the same lesson won meanwhile.
      if (isUniqueViolation(err)) throw new AppError(409, 'WEBINAR_TAKEN');
      throw err;
    }
    return this.teacherMeeting(id, lang);
  }

  /** meetings.json: the teacher's meetings from WEBINAR_DAYS_AHEAD days ago on. */
  async meetings(auth: AuthInfo, lang: Language): Promise<TeacherMeeting[]> {
    const teacherId = asTeacher(auth);
    const from = localDate(plusDays(this.ctx.now(), -WEBINAR_DAYS_AHEAD));
    return this.presentTeacher(await repo.meetingsOfTeacher(this.ctx.db, teacherId, from), lang);
  }

  /** participants.json: who of the lesson's students joined, and who did not. */
  async participants(auth: AuthInfo, meetingId: number): Promise<Participants> {
    const m = await this.ownMeeting(auth, meetingId);
    const [joins, students] = await Promise.all([repo.joinsOf(this.ctx.db, m.id), timetable.studentsOfEntry(this.ctx.db, m.idShed)]);
    const joinedIds = new Set(joins.map((j) => j.studentId));
    return {
      meetingId: m.id,
      joined: joins.map((j) => ({ studentId: j.studentId, name: fullName(j), joinedAt: j.joinedAt.toISOString() })),
      absent: students.filter((s) => !joinedIds.has(s.id)).map((s) => ({ studentId: s.id, name: fullName(s) })),
    };
  }

  /**
   * mark-present.json: every student who joined and is on the lesson's list marked present in the
   * journal's lesson of that date and pair, as an accepted QR mark is: the period rule of a mark
   * (PERIOD_CLOSED, OUTSIDE_PERIOD, FUTURE_DATE), then one transaction; a cell holding a presence or
   * a mark is kept (an absence becomes a presence).
   */
  async markPresent(auth: AuthInfo, meetingId: number): Promise<MarkedPresent> {
    const m = await this.ownMeeting(auth, meetingId);
    const entry = await timetable.findEntry(this.ctx.db, m.idShed);
    if (!entry) throw notFound();
    const rules = this.rules(auth);
    assertWritable(entry, m.date, 'mark', rules);
    const [joins, students] = await Promise.all([repo.joinsOf(this.ctx.db, m.id), timetable.studentsOfEntry(this.ctx.db, m.idShed)]);
    const joined = new Set(joins.map((j) => j.studentId));
    const present = students.filter((s) => joined.has(s.id));
    let written = 0;
    await this.ctx.db.transaction(async (tx) => {
      for (const s of present) {
        const values = visitValues(entry, s, m.date, entry.lessonTimeId, entry.id);
        const visitId = await writePresence(tx, values, auth.userId, 'webinar');
        if (visitId === null) continue;
        written++;
        await this.ctx.live.publish(
          tx,
          JOURNAL_CHANGED_EVENT,
          [auth.userId],
          qrPresence(entry.teachingAssignmentId, { id: visitId, ...values }, rules.now, 'webinar'),
        );
      }
    });
    return { written, kept: present.length - written };
  }

  /** recording/add.json: a recording's https link and title, once the meeting has opened. */
  async addRecording(auth: AuthInfo, input: RecordingBody, lang: Language): Promise<TeacherMeeting> {
    const m = await this.ownMeeting(auth, input.meetingId);
    const url = link(input.url);
    const title = input.title.trim();
    // eslint-disable-next-line no-control-regex
    if (!title || /[\u0000-\u001f\u007f]/.test(title)) throw badRequest({ field: 'title' });
    const { opensAt } = momentsOf(m.date, m.startsAt, m.endsAt);
    if (this.ctx.now() < opensAt) throw new AppError(409, 'WEBINAR_NOT_OPEN', { opensAt: m.startsAt });
    await this.ctx.db.transaction(async (tx) => {
      if ((await repo.countRecordings(tx, m.id)) >= WEBINAR_RECORDINGS_MAX) throw badRequest({ field: 'url' });
      await repo.insertRecording(tx, { meetingId: m.id, title, url, createdAt: this.ctx.now() });
    });
    return this.teacherMeeting(m.id, lang);
  }

  /** recording/remove.json: the meeting's teacher removes one of its recordings. */
  async removeRecording(auth: AuthInfo, recordingId: number, lang: Language): Promise<TeacherMeeting> {
    const found = await repo.recording(this.ctx.db, recordingId);
    if (!found) throw notFound();
    const m = await this.ownMeeting(auth, found.meetingId);
    await this.ctx.db.transaction((tx) => repo.deleteRecording(tx, recordingId));
    return this.teacherMeeting(m.id, lang);
  }

  /** student/list.json: the meetings of the student's lessons from WEBINAR_DAYS_AHEAD days ago to as many ahead. */
  async studentMeetings(auth: AuthInfo, lang: Language): Promise<StudentMeeting[]> {
    assertOwn(auth, { role: ROLE_STUDENT });
    const now = this.ctx.now();
    const monday = plusDays(now, 1 - dayNumber(now));
    const week = { from: localDate(monday), to: localDate(plusDays(monday, 6)) };
    const rows = await repo.meetingsOfStudent(
      this.ctx.db,
      auth.uid,
      localDate(plusDays(now, -WEBINAR_DAYS_AHEAD)),
      localDate(plusDays(now, WEBINAR_DAYS_AHEAD)),
    );
    const ids = rows.map((r) => r.id);
    const [joins, recordings] = await Promise.all([repo.joinsOfStudent(this.ctx.db, auth.uid, ids), repo.recordingsOf(this.ctx.db, ids)]);
    return rows.map((r) => ({
      ...this.lessonOf(r, lang),
      teacher: fullName(r.teacher),
      dayNumber: dayNumber(dayOf(r.date)),
      thisWeek: r.date >= week.from && r.date <= week.to,
      joinedAt: joins.get(r.id)?.toISOString() ?? null,
      recordings: recordings.filter((x) => x.meetingId === r.id).map(({ id, title, url }) => ({ id, title, url })),
    }));
  }

  /** join.json: the lesson's student, while the meeting is open; the first join is recorded, and the link given. */
  async join(auth: AuthInfo, meetingId: number): Promise<Joined> {
    assertOwn(auth, { role: ROLE_STUDENT });
    const m = await repo.meeting(this.ctx.db, meetingId);
    if (!m) throw notFound();
    if (!(await timetable.isStudentOfEntry(this.ctx.db, m.idShed, auth.uid))) throw forbidden();
    const now = this.ctx.now();
    const { opensAt, closesAt } = momentsOf(m.date, m.startsAt, m.endsAt);
    if (now < opensAt) {
      const at = new Date(opensAt);
      const opens = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
      throw new AppError(409, 'WEBINAR_NOT_OPEN', { opensAt: m.date === localDate(now) ? opens : `${m.date} ${opens}` });
    }
    if (now >= closesAt) throw new AppError(409, 'WEBINAR_ENDED');
    const joinedAt = await this.ctx.db.transaction((tx) => repo.recordJoin(tx, m.id, auth.uid, now));
    return { url: m.url, joinedAt: joinedAt.toISOString() };
  }
}
