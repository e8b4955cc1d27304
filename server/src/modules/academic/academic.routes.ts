/**
 * The academic context's calls (docs/areas/academic.md#calls): /api/misc/years|defaultyear|faculties|getgroups.json
 * and /api/discipline/* (the chain of filters the chat starts from). All need a session. The rules
 * live in shared/academic/, where every area reads them.
 */
import {
  ContactListBody,
  ContactListReply,
  CurrentWsReply,
  CurrentYearReply,
  DefaultYearReply,
  DisciplineListBody,
  DisciplineListReply,
  FacultiesBody,
  FacultiesReply,
  GroupListBody,
  GroupListReply,
  SemesterListBody,
  SemesterListReply,
  StudentGroupsBody,
  StudentGroupsReply,
  YearsReply,
} from '@contract/academic';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { AcademicService } from '../../shared/academic/academic.service';

export default async function academicRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const academic = new AcademicService(ctx);

  app.get('/api/misc/years.json', { schema: { response: replies(YearsReply) } }, async () => ok(academic.years()));
  app.get('/api/misc/defaultyear.json', { schema: { response: replies(DefaultYearReply) } }, async () => ok(academic.currentYear()));
  app.post('/api/misc/faculties.json', { schema: { body: FacultiesBody, response: replies(FacultiesReply) } }, async (req) =>
    ok(await academic.faculties(req.body, languageOf(req))),
  );
  app.post('/api/misc/getgroups.json', { schema: { body: StudentGroupsBody, response: replies(StudentGroupsReply) } }, async (req) =>
    ok(await academic.groupsOfYear(req.auth!, req.body)),
  );

  const base = '/api/discipline';
  app.get(`${base}/current/ws.json`, { schema: { response: replies(CurrentWsReply) } }, async (req) => ok(await academic.currentWs(languageOf(req))));
  app.get(`${base}/current/year.json`, { schema: { response: replies(CurrentYearReply) } }, async () => ok(academic.currentYear()));

  const list = { schema: { body: DisciplineListBody, response: replies(DisciplineListReply) } };
  app.post(`${base}/list.json`, list, async (req) => ok(await academic.teacherDisciplines(req.auth!, req.body, languageOf(req))));
  app.post(`${base}/forStudentDisciplinelist.json`, list, async (req) => ok(await academic.studentDisciplines(req.auth!, req.body, languageOf(req))));

  const semesters = { schema: { body: SemesterListBody, response: replies(SemesterListReply) } };
  app.post(`${base}/semester/list.json`, semesters, async (req) => ok(await academic.teacherSemesters(req.auth!, req.body)));
  app.post(`${base}/studentSemester/list.json`, semesters, async (req) => ok(await academic.studentSemesters(req.auth!, req.body)));

  const groups = { schema: { body: GroupListBody, response: replies(GroupListReply) } };
  app.post(`${base}/group/list.json`, groups, async (req) => ok(await academic.teacherGroups(req.auth!, req.body)));
  app.post(`${base}/studentGroup/list.json`, groups, async (req) => ok(await academic.studentGroups(req.auth!, req.body)));

  const contacts = { schema: { body: ContactListBody, response: replies(ContactListReply) } };
  app.post(`${base}/students/list.json`, contacts, async (req) => ok(await academic.students(req.auth!, req.body)));
  app.post(`${base}/teachers/list.json`, contacts, async (req) => ok(await academic.teachers(req.auth!, req.body)));
}
