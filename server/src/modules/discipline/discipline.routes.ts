/** /api/discipline/* (SPEC §7 "Discipline"): the chat's filters; all need a session. */
import { ContactListBody, ContactListReply, CurrentWsReply, CurrentYearReply, DisciplineListBody, DisciplineListReply, GroupListBody, GroupListReply, SemesterListBody, SemesterListReply } from '../../../../contract/academic';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/envelope';
import { DisciplineService } from './discipline.service';

export default async function disciplineRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const disciplines = new DisciplineService(ctx);
  app.addHook('onRequest', app.authenticate);
  const base = '/api/discipline';

  app.get(`${base}/current/ws.json`, { schema: { response: replies(CurrentWsReply) } }, async (req) => ok(await disciplines.currentWs(languageOf(req))));
  app.get(`${base}/current/year.json`, { schema: { response: replies(CurrentYearReply) } }, async () => ok(disciplines.currentYear()));

  const list = { schema: { body: DisciplineListBody, response: replies(DisciplineListReply) } };
  app.post(`${base}/list.json`, list, async (req) => ok(await disciplines.teacherDisciplines(req.auth!, req.body, languageOf(req))));
  app.post(`${base}/forStudentDisciplinelist.json`, list, async (req) => ok(await disciplines.studentDisciplines(req.auth!, req.body, languageOf(req))));

  const semesters = { schema: { body: SemesterListBody, response: replies(SemesterListReply) } };
  app.post(`${base}/semester/list.json`, semesters, async (req) => ok(await disciplines.teacherSemesters(req.auth!, req.body)));
  app.post(`${base}/studentSemester/list.json`, semesters, async (req) => ok(await disciplines.studentSemesters(req.auth!, req.body)));

  const groups = { schema: { body: GroupListBody, response: replies(GroupListReply) } };
  app.post(`${base}/group/list.json`, groups, async (req) => ok(await disciplines.teacherGroups(req.auth!, req.body)));
  app.post(`${base}/studentGroup/list.json`, groups, async (req) => ok(await disciplines.studentGroups(req.auth!, req.body)));

  const contacts = { schema: { body: ContactListBody, response: replies(ContactListReply) } };
  app.post(`${base}/students/list.json`, contacts, async (req) => ok(await disciplines.students(req.auth!, req.body)));
  app.post(`${base}/teachers/list.json`, contacts, async (req) => ok(await disciplines.teachers(req.auth!, req.body)));
}
