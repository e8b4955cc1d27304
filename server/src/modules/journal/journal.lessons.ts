/**
 * A journal's lessons: adding one, its topic, deleting a lesson or the whole journal's records, and
 * hiding a student in it (and showing him again). The caller's rights and the period check are journal.service.ts's.
 */
import {
  type HiddenStudent,
  type JournalBody,
  type JournalDeleteBody,
  type LessonAddBody,
  type LessonTopic,
  type StudentDeleteBody,
  type TopicUpdateBody,
} from '@contract/journal';
import { badRequest, forbidden, notFound } from '../../app-error';
import { fullName } from '../../lib/person';
import { asTeacher, type AuthInfo } from '../../shared/caller';
import * as repo from './journal.repository';
import type { Assignment } from './journal.repository';
import type { Occurrence } from './journal.occurrence';
import type { Db } from '../../db/client';
import { assertWritable, checkOccurrence, journalVisit, lessonTimeIds, ownJournal, publishChange, type JournalWriteContext } from './journal.service';
import { topicView } from './journal.views';

export class JournalLessons {
  constructor(private readonly ctx: JournalWriteContext) {}

  /**
   * Adds a lesson (date, lesson time) to the journal, saved at once: its column stays with or
   * without records. Checked as every write's occurrence is; adding one that is there changes nothing.
   */
  async addLesson(auth: AuthInfo, input: LessonAddBody): Promise<{ visitDate: string; id_time: number; time: string }> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    return this.ctx.db.transaction(async (tx) => {
      const times = await repo.lessonTimeList(tx);
      checkOccurrence(this.ctx, auth, a, input.visitDate, input.id_time, new Set(times.map((t) => t.id)), 'plan');
      await saveLesson(tx, a, input, auth.userId, this.ctx.now());
      await publishChange(this.ctx, tx, a);
      return { visitDate: input.visitDate, id_time: input.id_time, time: times.find((t) => t.id === input.id_time)!.startsAt.slice(0, 5) };
    });
  }

  /** What a lesson covered: topic, lesson number, hours, module. */
  async updateTopic(auth: AuthInfo, input: TopicUpdateBody): Promise<LessonTopic> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    const topic = input.topic.trim();
    if (!topic) throw badRequest();
    return this.ctx.db.transaction(async (tx) => {
      checkOccurrence(this.ctx, auth, a, input.visitDate, input.id_time, await lessonTimeIds(tx), 'plan');
      if (input.id_module !== null && !(await repo.moduleList(tx)).some((m) => m.id === input.id_module)) throw badRequest();
      const row = await repo.upsertLessonTopic(tx, {
        teachingAssignmentId: a.id,
        visitDate: input.visitDate,
        lessonTimeId: input.id_time,
        topic,
        lessonNumber: input.lessonNumber,
        hours: input.hours,
        moduleId: input.id_module,
        planTopicId: null,
        updatedByUserId: auth.userId,
        updatedAt: this.ctx.now(),
      });
      await publishChange(this.ctx, tx, a);
      return topicView(row);
    });
  }

  async topics(auth: AuthInfo, input: JournalBody): Promise<LessonTopic[]> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    return (await repo.lessonTopicsOf(this.ctx.db, a.id)).map(topicView);
  }

  /** Journal delete: one lesson (date, time) of the caller's journal, its records and topic. */
  async deleteLesson(auth: AuthInfo, input: JournalDeleteBody): Promise<{ deleted: number }> {
    const teacherId = asTeacher(auth);
    if (input.id_teacher !== teacherId) throw forbidden();
    const found = await repo.findAssignment(this.ctx.db, {
      teacherId,
      year: input.id_year,
      ws: input.id_ws,
      semesterId: input.id_semesterOrWs,
      groupOrStream: input.id_groupOrPorok,
      lessonTypeId: input.id_vid_zaniatiy,
      disciplineId: input.id_discipline,
      credits: input.kredit,
    });
    if (found.length === 0) throw notFound();
    for (const a of found) assertWritable(this.ctx, auth, a, input.date, 'plan');
    return this.deleteRecords(auth, found, { date: input.date, timeId: input.id_time });
  }

  /**
   * A deleted lesson back from the history (journal_visit_changes keeps what its last deletion took
   * away): the lesson, and each record with the mark it held, for the students of the journal who
   * have none there now (a record written since stays as it is). Recorded as inserts ('restore').
   */
  async restoreLesson(auth: AuthInfo, input: LessonAddBody): Promise<{ restored: number }> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    const now = this.ctx.now();
    return this.ctx.db.transaction(async (tx) => {
      checkOccurrence(this.ctx, auth, a, input.visitDate, input.id_time, await lessonTimeIds(tx), 'plan');
      const taken = await repo.lastLessonDeletion(tx, a.id, input.visitDate, input.id_time);
      if (taken.length === 0) throw notFound();
      const students = new Map((await repo.studentsOf(tx, a)).map((s) => [s.id, s]));
      const rows = await repo.insertPresent(
        tx,
        taken.flatMap((r) => {
          const s = students.get(r.studentId);
          return s ? [journalVisit(a, s, input.visitDate, input.id_time, r.mark, 'journal', auth.userId, now)] : [];
        }),
      );
      await saveLesson(tx, a, input, auth.userId, now);
      await repo.recordChanges(tx, repo.bulkChanges(rows, a.id, 'insert', { source: 'restore', userId: auth.userId, at: now }));
      await publishChange(this.ctx, tx, a);
      return { restored: rows.length };
    });
  }

  /** The whole journal's records and topics (the list of students stays). */
  async deleteJournal(auth: AuthInfo, input: JournalBody): Promise<{ deleted: number }> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    assertWritable(this.ctx, auth, a, null, 'plan');
    return this.deleteRecords(auth, [a], null);
  }

  private async deleteRecords(auth: AuthInfo, journals: Assignment[], occurrence: Occurrence | null) {
    const now = this.ctx.now();
    return this.ctx.db.transaction(async (tx) => {
      let deleted = 0;
      for (const a of journals) {
        const rows = await repo.deleteVisits(tx, a.id, occurrence);
        await repo.deleteLessonTopics(tx, a.id, occurrence);
        await repo.deleteLessons(tx, a.id, occurrence);
        await repo.recordChanges(tx, repo.bulkChanges(rows, a.id, 'delete', { source: 'journal', userId: auth.userId, at: now }));
        deleted += rows.length;
        await publishChange(this.ctx, tx, a);
      }
      return { deleted };
    });
  }

  /**
   * Hides a listed student in the journal: he leaves its grid, totals, print and Excel, his records
   * stay (he still sees them, and they keep their history); restoreStudent brings him back.
   */
  async deleteStudent(auth: AuthInfo, input: StudentDeleteBody): Promise<{ deleted: number }> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    const listed = await repo.studentsOf(this.ctx.db, a, { only: [input.id_student] });
    if (listed.length === 0) throw notFound();
    assertWritable(this.ctx, auth, a, null, 'plan');
    await this.ctx.db.transaction(async (tx) => {
      await repo.removeStudent(tx, a.id, input.id_student, auth.userId, this.ctx.now());
      await publishChange(this.ctx, tx, a);
    });
    return { deleted: 0 };
  }

  /** Shows a hidden student in the journal again, with his records; 404 when he is not hidden in it. */
  async restoreStudent(auth: AuthInfo, input: StudentDeleteBody): Promise<{ restored: number }> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    assertWritable(this.ctx, auth, a, null, 'plan');
    return this.ctx.db.transaction(async (tx) => {
      const restored = await repo.restoreStudent(tx, a.id, input.id_student);
      if (restored === 0) throw notFound();
      await publishChange(this.ctx, tx, a);
      return { restored };
    });
  }

  /** The students hidden in the caller's journal, who hid each and when. */
  async hiddenStudents(auth: AuthInfo, input: JournalBody): Promise<HiddenStudent[]> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    return (await repo.hiddenStudents(this.ctx.db, a.id)).map((r) => ({
      id_student: r.id,
      s_fio: fullName(r),
      hiddenAt: r.at.toISOString(),
      hiddenBy: r.by?.surname ? fullName(r.by) : r.login,
    }));
  }
}

/** The lesson (date, lesson time) saved as added to the journal, by `userId` at `at`; one that is there stays as it is. */
function saveLesson(db: Db, a: Assignment, lesson: LessonAddBody, userId: number, at: Date): Promise<void> {
  return repo.insertLesson(db, {
    teachingAssignmentId: a.id,
    visitDate: lesson.visitDate,
    lessonTimeId: lesson.id_time,
    createdByUserId: userId,
    createdAt: at,
  });
}
