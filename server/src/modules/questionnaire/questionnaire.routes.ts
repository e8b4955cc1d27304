/** /api/questionnaire/: questionnaires to answer, to manage and their results (docs/areas/questionnaire.md#calls). */
import { EmptyBody } from '@contract/common';
import {
  AnswerBody,
  AnswerReply,
  ClosingBody,
  CreateBody,
  CreateReply,
  DoneReply,
  ExportQuery,
  QuestionnaireChoicesReply,
  QuestionnaireDraftReply,
  QuestionnaireFormReply,
  QuestionnaireId,
  QuestionnaireListsReply,
  QuestionnaireResultsReply,
  UpdateBody,
} from '@contract/questionnaire';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies, sendDownload } from '../../plugins/reply';
import { QuestionnaireService } from './questionnaire.service';

const base = '/api/questionnaire';

export default async function questionnaireRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const service = new QuestionnaireService(ctx);

  app.post(`${base}/list.json`, { schema: { body: EmptyBody, response: replies(QuestionnaireListsReply) } }, async (req) =>
    ok(await service.lists(req.auth!, languageOf(req))),
  );
  app.post(`${base}/questionnaire.json`, { schema: { body: QuestionnaireId, response: replies(QuestionnaireFormReply) } }, async (req) =>
    ok(await service.form(req.auth!, req.body.id, languageOf(req))),
  );
  app.post(`${base}/answer.json`, { schema: { body: AnswerBody, response: replies(AnswerReply) } }, async (req) => {
    await service.answer(req.auth!, req.body);
    return ok({ answered: true as const });
  });
  app.post(`${base}/choices.json`, { schema: { body: EmptyBody, response: replies(QuestionnaireChoicesReply) } }, async (req) =>
    ok(await service.choices(req.auth!, languageOf(req))),
  );
  app.post(`${base}/create.json`, { schema: { body: CreateBody, response: replies(CreateReply) } }, async (req) =>
    ok(await service.create(req.auth!, req.body)),
  );
  app.post(`${base}/draft.json`, { schema: { body: QuestionnaireId, response: replies(QuestionnaireDraftReply) } }, async (req) =>
    ok(await service.draft(req.auth!, req.body.id)),
  );
  app.post(`${base}/update.json`, { schema: { body: UpdateBody, response: replies(DoneReply) } }, async (req) => ok(await service.update(req.auth!, req.body)));
  app.post(`${base}/closing.json`, { schema: { body: ClosingBody, response: replies(DoneReply) } }, async (req) =>
    ok(await service.moveClosing(req.auth!, req.body)),
  );
  app.post(`${base}/close.json`, { schema: { body: QuestionnaireId, response: replies(DoneReply) } }, async (req) =>
    ok(await service.closeNow(req.auth!, req.body.id)),
  );
  app.post(`${base}/delete.json`, { schema: { body: QuestionnaireId, response: replies(DoneReply) } }, async (req) =>
    ok(await service.remove(req.auth!, req.body.id)),
  );
  app.post(`${base}/results.json`, { schema: { body: QuestionnaireId, response: replies(QuestionnaireResultsReply) } }, async (req) =>
    ok(await service.results(req.auth!, req.body.id, languageOf(req))),
  );
  /** GET export.xlsx?id=: the results as a workbook. */
  app.get(`${base}/export.xlsx`, { schema: { querystring: ExportQuery } }, async (req, reply) =>
    sendDownload(reply, await service.exportWorkbook(req.auth!, req.query.id, languageOf(req))),
  );
}
