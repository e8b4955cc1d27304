/** /api/regfordisciplines/* (docs/areas/registration.md#calls): all need a session. */
import {
  DefYearReply,
  ElectivesReply,
  DeleteRegistrationBody,
  DeleteReply,
  HalfBody,
  IdNameListReply,
  OfferingBody,
  PermissionReply,
  RegListReply,
  SaveRegistrationBody,
  SaveReply,
  SubgroupsBody,
  SubgroupsReply,
  TeacherSubgroupBody,
  TeacherSubgroupReply,
  TeacherViewBody,
  TeacherViewReply,
  YearBody,
} from '@contract/registration';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { RegistrationService } from './registration.service';

const P = '/api/regfordisciplines';

export default async function registrationRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const reg = new RegistrationService(ctx);

  app.get(`${P}/getdefyear`, { schema: { response: replies(DefYearReply) } }, async () => ok(reg.defYear()));
  app.get(`${P}/getyears`, { schema: { response: replies(IdNameListReply) } }, async () => ok(reg.years()));
  app.post(`${P}/getsemesters`, { schema: { body: YearBody, response: replies(IdNameListReply) } }, async (req) => ok(await reg.semesters(languageOf(req))));
  app.post(`${P}/getreglist`, { schema: { body: HalfBody, response: replies(RegListReply) } }, async (req) =>
    ok(await reg.list(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${P}/getteachersforregel`, { schema: { body: OfferingBody, response: replies(IdNameListReply) } }, async (req) =>
    ok(await reg.teachers(req.auth!, req.body, false)),
  );
  app.post(`${P}/getsubgroupsforregel`, { schema: { body: SubgroupsBody, response: replies(SubgroupsReply) } }, async (req) =>
    ok(await reg.subgroups(req.auth!, req.body, false, languageOf(req))),
  );
  app.post(`${P}/saveregistration`, { schema: { body: SaveRegistrationBody, response: replies(SaveReply) }, config: { idempotent: true } }, async (req) =>
    ok(await reg.save(req.auth!, req.body, false, languageOf(req))),
  );
  app.post(`${P}/deleteregistration`, { schema: { body: DeleteRegistrationBody, response: replies(DeleteReply) } }, async (req) =>
    ok(await reg.remove(req.auth!, { ...req.body, sourceType: undefined }, languageOf(req))),
  );

  app.post(`${P}/optional/permission`, { schema: { body: HalfBody, response: replies(PermissionReply) } }, async (req) =>
    ok(await reg.permission(req.auth!, req.body)),
  );
  app.post(`${P}/optional/disciplines`, { schema: { body: HalfBody, response: replies(ElectivesReply) } }, async (req) =>
    ok(await reg.electives(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${P}/optional/teachers`, { schema: { body: OfferingBody, response: replies(IdNameListReply) } }, async (req) =>
    ok(await reg.teachers(req.auth!, req.body, true)),
  );
  app.post(`${P}/optional/subgroups`, { schema: { body: SubgroupsBody, response: replies(SubgroupsReply) } }, async (req) =>
    ok(await reg.subgroups(req.auth!, req.body, true, languageOf(req))),
  );
  app.post(
    `${P}/optional/additioninsert`,
    { schema: { body: SaveRegistrationBody, response: replies(SaveReply) }, config: { idempotent: true } },
    async (req) => ok(await reg.save(req.auth!, req.body, true, languageOf(req))),
  );

  app.post(`${P}/bytype/teacher`, { schema: { body: TeacherViewBody, response: replies(TeacherViewReply) } }, async (req) =>
    ok(await reg.teacherView(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${P}/bytype/subgroups`, { schema: { body: TeacherSubgroupBody, response: replies(TeacherSubgroupReply) } }, async (req) =>
    ok(await reg.teacherSubgroup(req.auth!, req.body, languageOf(req))),
  );
  app.post(
    `${P}/bytype/actionegistration`,
    { schema: { body: SaveRegistrationBody, response: replies(SaveReply) }, config: { idempotent: true } },
    async (req) => ok(await reg.save(req.auth!, req.body, !req.body.isByPlan, languageOf(req))),
  );
  app.post(`${P}/bytype/deleteregistration`, { schema: { body: DeleteRegistrationBody, response: replies(DeleteReply) } }, async (req) =>
    ok(await reg.remove(req.auth!, req.body, languageOf(req))),
  );
}
