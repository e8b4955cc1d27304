/**
 * /api/visitlog/* (docs/areas/journal.md#calls): the teacher's journals and their lists, one journal with
 * its students, lessons and topics, cell writes (one, pasted, mark all present), a cell's history,
 * deletions, the Excel export, and the student's own journal. All need a session; the rules are in
 * journal.service.ts and the files beside it. Changes reach the journal's teacher live through journal.live.ts.
 */
import {
  AssessmentsQuery,
  CellReply,
  PasteReply,
  DatesReply,
  DeletedReply,
  ExportQuery,
  FinalReply,
  FinalHistoryBody,
  FinalHistoryReply,
  FinalSetBody,
  GroupsBody,
  HiddenStudentsReply,
  HistoryBody,
  HistoryReply,
  InsertAllBody,
  InsertAllReply,
  JournalBody,
  JournalDeleteBody,
  JournalReply,
  JournalsBody,
  JournalsReply,
  JournalStartReply,
  LessonAddBody,
  LessonAddReply,
  PlanTopicsBody,
  PlanTopicsReply,
  QrStudentsBody,
  QrStudentsReply,
  RestoredReply,
  ScaleBody,
  ScaleReply,
  SubgroupsReply,
  SubgroupsUpdateBody,
  TeacherTimesReply,
  ListReply,
  StudentDeleteBody,
  StudentJournalBody,
  StudentJournalReply,
  StudentsReply,
  TopicReply,
  TopicsReply,
  TopicUpdateBody,
  VisitPasteBody,
  VisitSetBody,
  VisitUpdateBody,
} from '@contract/journal';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { AcademicService } from '../../shared/academic/academic.service';
import { ok, READ, replies, sendDownload, sendOkJson } from '../../plugins/reply';
import { JournalFinals } from './journal.finals';
import { JournalLessons } from './journal.lessons';
import { JournalLists } from './journal.lists';
import { JournalReads } from './journal.reads';
import { JournalSetup } from './journal.setup';
import { StudentJournalCache } from './journal.student-cache';
import { TeacherJournalCache } from './journal.teacher-cache';
import { JournalWrites } from './journal.writes';

export default async function journalRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const lists = new JournalLists(ctx, new AcademicService(ctx));
  const reads = new JournalReads(ctx);
  const ownJournals = new StudentJournalCache(ctx, reads);
  const teacherJournals = new TeacherJournalCache(ctx, reads);
  const writes = new JournalWrites(ctx);
  const lessons = new JournalLessons(ctx);
  const setup = new JournalSetup(ctx);
  const finals = new JournalFinals(ctx);
  const base = '/api/visitlog';

  app.route({
    method: READ,
    url: `${base}/lessontypes.json`,
    schema: { response: replies(ListReply) },
    handler: async (req) => ok(await lists.lessonTypes(languageOf(req))),
  });
  app.route({
    method: READ,
    url: `${base}/educforms.json`,
    schema: { response: replies(ListReply) },
    handler: async (req) => ok(await lists.educationForms(languageOf(req))),
  });
  app.route({
    method: READ,
    url: `${base}/modules.json`,
    schema: { response: replies(ListReply) },
    handler: async (req) => ok(await lists.modules(languageOf(req))),
  });
  app.get(`${base}/assessments.json`, { schema: { querystring: AssessmentsQuery, response: replies(ListReply) } }, async (req) =>
    ok(await lists.assessments(req.auth!, req.query)),
  );
  app.post(`${base}/scale.json`, { schema: { body: ScaleBody, response: replies(ScaleReply) } }, async (req) => ok(await setup.setScale(req.auth!, req.body)));
  app.route({ method: READ, url: `${base}/times.json`, schema: { response: replies(ListReply) }, handler: async () => ok(await lists.lessonTimes()) });

  app.get(`${base}/start.json`, { schema: { response: replies(JournalStartReply) } }, async (req) => ok(await lists.start(req.auth!, languageOf(req))));
  app.post(`${base}/journals.json`, { schema: { body: JournalsBody, response: replies(JournalsReply) } }, async (req) =>
    ok(await lists.journals(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/journals/bygroup.json`, { schema: { body: JournalsBody, response: replies(JournalsReply) } }, async (req) =>
    ok(await lists.journalsByGroup(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/semesters.json`, { schema: { body: JournalsBody, response: replies(ListReply) } }, async (req) =>
    ok(await lists.semesters(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/groups.json`, { schema: { body: GroupsBody, response: replies(ListReply) } }, async (req) =>
    ok(await lists.groups(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/teachers.json`, { schema: { body: JournalsBody, response: replies(ListReply) } }, async (req) =>
    ok(await lists.teachers(req.auth!, req.body, languageOf(req))),
  );

  app.post(`${base}/journal.json`, { schema: { body: JournalBody, response: replies(JournalReply) } }, async (req, reply) =>
    sendOkJson(reply, await teacherJournals.journalJson(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/students.json`, { schema: { body: JournalBody, response: replies(StudentsReply) } }, async (req) =>
    ok(await reads.students(req.auth!, req.body)),
  );
  app.post(`${base}/dates.json`, { schema: { body: JournalBody, response: replies(DatesReply) } }, async (req) => ok(await reads.dates(req.auth!, req.body)));
  app.post(`${base}/topics.json`, { schema: { body: JournalBody, response: replies(TopicsReply) } }, async (req) =>
    ok(await lessons.topics(req.auth!, req.body)),
  );
  app.post(`${base}/topictime/update.json`, { schema: { body: TopicUpdateBody, response: replies(TopicReply) } }, async (req) =>
    ok(await lessons.updateTopic(req.auth!, req.body)),
  );

  app.post(`${base}/teachertimes.json`, { schema: { body: JournalBody, response: replies(TeacherTimesReply) } }, async (req) =>
    ok(await reads.teacherTimes(req.auth!, req.body)),
  );
  app.post(`${base}/qrstudents.json`, { schema: { body: QrStudentsBody, response: replies(QrStudentsReply) } }, async (req) =>
    ok(await reads.qrStudents(req.auth!, req.body)),
  );
  app.post(`${base}/subgroup/students.json`, { schema: { body: JournalBody, response: replies(SubgroupsReply) } }, async (req) =>
    ok(await setup.subgroups(req.auth!, req.body)),
  );
  app.post(`${base}/subgroup/update.json`, { schema: { body: SubgroupsUpdateBody, response: replies(SubgroupsReply) } }, async (req) =>
    ok(await setup.updateSubgroups(req.auth!, req.body)),
  );
  app.post(`${base}/inputtopics.json`, { schema: { body: JournalBody, response: replies(PlanTopicsReply) } }, async (req) =>
    ok(await setup.planTopics(req.auth!, req.body)),
  );
  app.post(`${base}/inputtopics/save.json`, { schema: { body: PlanTopicsBody, response: replies(PlanTopicsReply) } }, async (req) =>
    ok(await setup.savePlanTopics(req.auth!, req.body)),
  );

  app.post(`${base}/visit/set.json`, { schema: { body: VisitSetBody, response: replies(CellReply) }, config: { idempotent: true } }, async (req) =>
    ok(await writes.setVisit(req.auth!, req.body)),
  );
  app.post(`${base}/visit/update.json`, { schema: { body: VisitUpdateBody, response: replies(CellReply) } }, async (req) =>
    ok(await writes.updateVisit(req.auth!, req.body)),
  );
  app.post(`${base}/visit/paste.json`, { schema: { body: VisitPasteBody, response: replies(PasteReply) }, config: { idempotent: true } }, async (req) =>
    ok(await writes.pasteVisits(req.auth!, req.body)),
  );
  app.post(`${base}/visit/insertall.json`, { schema: { body: InsertAllBody, response: replies(InsertAllReply) } }, async (req) =>
    ok(await writes.insertAll(req.auth!, req.body)),
  );
  app.post(`${base}/final/set.json`, { schema: { body: FinalSetBody, response: replies(FinalReply) }, config: { idempotent: true } }, async (req) =>
    ok(await finals.setFinal(req.auth!, req.body)),
  );
  app.post(`${base}/final/history.json`, { schema: { body: FinalHistoryBody, response: replies(FinalHistoryReply) } }, async (req) =>
    ok(await finals.finalHistory(req.auth!, req.body)),
  );
  app.post(`${base}/lesson/add.json`, { schema: { body: LessonAddBody, response: replies(LessonAddReply) } }, async (req) =>
    ok(await lessons.addLesson(req.auth!, req.body)),
  );
  app.post(`${base}/visit/history.json`, { schema: { body: HistoryBody, response: replies(HistoryReply) } }, async (req) =>
    ok(await reads.history(req.auth!, req.body)),
  );

  app.post(`${base}/journal/delete.json`, { schema: { body: JournalDeleteBody, response: replies(DeletedReply) } }, async (req) =>
    ok(await lessons.deleteLesson(req.auth!, req.body)),
  );
  app.post(`${base}/lesson/restore.json`, { schema: { body: LessonAddBody, response: replies(RestoredReply) } }, async (req) =>
    ok(await lessons.restoreLesson(req.auth!, req.body)),
  );
  app.post(`${base}/teacherjournal/delete.json`, { schema: { body: JournalBody, response: replies(DeletedReply) } }, async (req) =>
    ok(await lessons.deleteJournal(req.auth!, req.body)),
  );
  app.post(`${base}/student/delete.json`, { schema: { body: StudentDeleteBody, response: replies(DeletedReply) } }, async (req) =>
    ok(await lessons.deleteStudent(req.auth!, req.body)),
  );
  app.post(`${base}/student/restore.json`, { schema: { body: StudentDeleteBody, response: replies(RestoredReply) } }, async (req) =>
    ok(await lessons.restoreStudent(req.auth!, req.body)),
  );
  app.post(`${base}/student/hidden.json`, { schema: { body: JournalBody, response: replies(HiddenStudentsReply) } }, async (req) =>
    ok(await lessons.hiddenStudents(req.auth!, req.body)),
  );

  app.post(`${base}/student/journal.json`, { schema: { body: StudentJournalBody, response: replies(StudentJournalReply) } }, async (req) =>
    ok(await ownJournals.studentJournal(req.auth!, req.body, languageOf(req))),
  );

  /** GET export.xlsx?id_journal=: the journal as an Excel workbook, to its teacher. */
  app.get(`${base}/export.xlsx`, { schema: { querystring: ExportQuery } }, async (req, reply) =>
    sendDownload(reply, await reads.exportWorkbook(req.auth!, req.query, languageOf(req))),
  );
}
