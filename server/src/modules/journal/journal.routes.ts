/**
 * /api/visitlog/* (docs/api.md#journal): the teacher's journals and their lists, one journal with
 * its students, lessons and topics, cell writes (one, pasted, mark all present), a cell's history,
 * deletions, the Excel export, and the student's own journal. All need a session; the rules are in
 * journal.service.ts. Changes reach the journal's teacher live through journal.live.ts.
 */
import {
  AssessmentsQuery,
  CellReply,
  CellsReply,
  DatesReply,
  DeletedReply,
  ExportQuery,
  GroupsBody,
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
} from '../../../../contract/journal';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { contentDisposition } from '../../plugins/files';
import { ok, replies, sendOkJson } from '../../plugins/reply';
import { journalWorkbook } from './journal.export';
import { JournalService } from './journal.service';

export default async function journalRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const service = new JournalService(ctx);
  const base = '/api/visitlog';

  app.get(`${base}/lessontypes.json`, { schema: { response: replies(ListReply) } }, async (req) => ok(await service.lessonTypes(languageOf(req))));
  app.get(`${base}/educforms.json`, { schema: { response: replies(ListReply) } }, async (req) => ok(await service.educationForms(languageOf(req))));
  app.get(`${base}/modules.json`, { schema: { response: replies(ListReply) } }, async (req) => ok(await service.modules(languageOf(req))));
  app.get(`${base}/assessments.json`, { schema: { querystring: AssessmentsQuery, response: replies(ListReply) } }, async (req) => ok(await service.assessments(req.auth!, req.query)));
  app.post(`${base}/scale.json`, { schema: { body: ScaleBody, response: replies(ScaleReply) } }, async (req) => ok(await service.setScale(req.auth!, req.body)));
  app.get(`${base}/times.json`, { schema: { response: replies(ListReply) } }, async () => ok(await service.lessonTimes()));

  app.get(`${base}/start.json`, { schema: { response: replies(JournalStartReply) } }, async (req) => ok(await service.start(req.auth!, languageOf(req))));
  app.post(`${base}/journals.json`, { schema: { body: JournalsBody, response: replies(JournalsReply) } }, async (req) => ok(await service.journals(req.auth!, req.body, languageOf(req))));
  app.post(`${base}/journals/bygroup.json`, { schema: { body: JournalsBody, response: replies(JournalsReply) } }, async (req) =>
    ok(await service.journalsByGroup(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/semesters.json`, { schema: { body: JournalsBody, response: replies(ListReply) } }, async (req) => ok(await service.semesters(req.auth!, req.body, languageOf(req))));
  app.post(`${base}/groups.json`, { schema: { body: GroupsBody, response: replies(ListReply) } }, async (req) => ok(await service.groups(req.auth!, req.body, languageOf(req))));
  app.post(`${base}/teachers.json`, { schema: { body: JournalsBody, response: replies(ListReply) } }, async (req) => ok(await service.teachers(req.auth!, req.body, languageOf(req))));

  app.post(`${base}/journal.json`, { schema: { body: JournalBody, response: replies(JournalReply) } }, async (req, reply) =>
    sendOkJson(reply, await service.journalJson(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/students.json`, { schema: { body: JournalBody, response: replies(StudentsReply) } }, async (req) => ok(await service.students(req.auth!, req.body)));
  app.post(`${base}/dates.json`, { schema: { body: JournalBody, response: replies(DatesReply) } }, async (req) => ok(await service.dates(req.auth!, req.body)));
  app.post(`${base}/topics.json`, { schema: { body: JournalBody, response: replies(TopicsReply) } }, async (req) => ok(await service.topics(req.auth!, req.body)));
  app.post(`${base}/topictime/update.json`, { schema: { body: TopicUpdateBody, response: replies(TopicReply) } }, async (req) => ok(await service.updateTopic(req.auth!, req.body)));

  app.post(`${base}/teachertimes.json`, { schema: { body: JournalBody, response: replies(TeacherTimesReply) } }, async (req) => ok(await service.teacherTimes(req.auth!, req.body)));
  app.post(`${base}/qrstudents.json`, { schema: { body: QrStudentsBody, response: replies(QrStudentsReply) } }, async (req) => ok(await service.qrStudents(req.auth!, req.body)));
  app.post(`${base}/subgroup/students.json`, { schema: { body: JournalBody, response: replies(SubgroupsReply) } }, async (req) => ok(await service.subgroups(req.auth!, req.body)));
  app.post(`${base}/subgroup/update.json`, { schema: { body: SubgroupsUpdateBody, response: replies(SubgroupsReply) } }, async (req) => ok(await service.updateSubgroups(req.auth!, req.body)));
  app.post(`${base}/inputtopics.json`, { schema: { body: JournalBody, response: replies(PlanTopicsReply) } }, async (req) => ok(await service.planTopics(req.auth!, req.body)));
  app.post(`${base}/inputtopics/save.json`, { schema: { body: PlanTopicsBody, response: replies(PlanTopicsReply) } }, async (req) => ok(await service.savePlanTopics(req.auth!, req.body)));

  app.post(`${base}/visit/set.json`, { schema: { body: VisitSetBody, response: replies(CellReply) } }, async (req) => ok(await service.setVisit(req.auth!, req.body)));
  app.post(`${base}/visit/update.json`, { schema: { body: VisitUpdateBody, response: replies(CellReply) } }, async (req) => ok(await service.updateVisit(req.auth!, req.body)));
  app.post(`${base}/visit/paste.json`, { schema: { body: VisitPasteBody, response: replies(CellsReply) } }, async (req) => ok(await service.pasteVisits(req.auth!, req.body)));
  app.post(`${base}/visit/insertall.json`, { schema: { body: InsertAllBody, response: replies(InsertAllReply) } }, async (req) => ok(await service.insertAll(req.auth!, req.body)));
  app.post(`${base}/lesson/add.json`, { schema: { body: LessonAddBody, response: replies(LessonAddReply) } }, async (req) => ok(await service.addLesson(req.auth!, req.body)));
  app.post(`${base}/visit/history.json`, { schema: { body: HistoryBody, response: replies(HistoryReply) } }, async (req) => ok(await service.history(req.auth!, req.body)));

  app.post(`${base}/journal/delete.json`, { schema: { body: JournalDeleteBody, response: replies(DeletedReply) } }, async (req) => ok(await service.deleteLesson(req.auth!, req.body)));
  app.post(`${base}/teacherjournal/delete.json`, { schema: { body: JournalBody, response: replies(DeletedReply) } }, async (req) => ok(await service.deleteJournal(req.auth!, req.body)));
  app.post(`${base}/student/delete.json`, { schema: { body: StudentDeleteBody, response: replies(DeletedReply) } }, async (req) => ok(await service.deleteStudent(req.auth!, req.body)));

  app.post(`${base}/student/journal.json`, { schema: { body: StudentJournalBody, response: replies(StudentJournalReply) } }, async (req) =>
    ok(await service.studentJournal(req.auth!, req.body, languageOf(req))),
  );

  /** GET export.xlsx?id_journal=: the journal as an Excel workbook, to its teacher. */
  app.get(`${base}/export.xlsx`, { schema: { querystring: ExportQuery } }, async (req, reply) => {
    const lang = languageOf(req);
    const data = await service.exportData(req.auth!, req.query, lang);
    const bytes = await journalWorkbook(data, lang);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(`${data.info.groupOrPotok} ${data.info.discipline}.xlsx`))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(bytes);
  });
}
