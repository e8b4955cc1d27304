/** /api/testing/: the question bank, tests, attempts and results (docs/areas/testing.md#calls). */
import { EmptyBody, ROLE_STUDENT, ROLE_TEACHER } from '@contract/common';
import {
  AnswerBody,
  AnswerReply,
  AttemptDeviceBody,
  AttemptEventBody,
  AttemptIdBody,
  AttemptLogReply,
  CategoriesReply,
  CategoryIdBody,
  CategorySaveBody,
  DisciplineBody,
  DoneReply,
  ExportQuery,
  GradeBody,
  ImportBody,
  ImportReply,
  MyTestsReply,
  PaperReply,
  QuestionIdBody,
  QuestionImageFields,
  QuestionImageQuery,
  QuestionReply,
  QuestionSaveBody,
  QuestionSaveReply,
  QuestionsBody,
  QuestionsReply,
  ResultsReply,
  ReviewReply,
  StartBody,
  TESTING_API,
  TESTING_ROUTES as R,
  TestIdBody,
  TestIdQuery,
  TestReply,
  TestSaveBody,
  TestingDisciplinesReply,
  TestJournalsReply,
  ToJournalBody,
  ToJournalReply,
  TestSheetsReply,
  ToSheetBody,
  ToSheetReply,
  TestsReply,
} from '@contract/testing';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { forbidden } from '../../app-error';
import { multipartInput } from '../../plugins/files';
import { ok, replies, sendDownload } from '../../plugins/reply';
import { UploadRules } from '../../shared/upload-rules';
import { TestingAttemptsService } from './testing.attempts';
import { TestingBankService } from './testing.bank.service';
import { TestingImagesService } from './testing.images';
import { TestingJournalService } from './testing.journal';
import { TestingSheetService } from './testing.sheet';
import { TestingTestsService } from './testing.tests.service';
import { resultsWorkbook } from './testing.xlsx';

export default async function testingRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const bank = new TestingBankService(ctx);
  const tests = new TestingTestsService(ctx);
  const attempts = new TestingAttemptsService(ctx);
  const toJournal = new TestingJournalService(ctx);
  const toSheet = new TestingSheetService(ctx);
  const images = new TestingImagesService(ctx);
  const uploads = new UploadRules(ctx);
  const at = (path: string) => `${TESTING_API}${path}`;

  app.post(at(R.disciplines), { schema: { body: EmptyBody, response: replies(TestingDisciplinesReply) } }, async (req) =>
    ok(await bank.disciplines(req.auth!, languageOf(req))),
  );
  app.post(at(R.categories), { schema: { body: DisciplineBody, response: replies(CategoriesReply) } }, async (req) =>
    ok(await bank.categories(req.auth!, req.body.id_discipline)),
  );
  app.post(at(R.categorySave), { schema: { body: CategorySaveBody, response: replies(CategoriesReply) } }, async (req) =>
    ok(await bank.saveCategory(req.auth!, req.body)),
  );
  app.post(at(R.categoryDelete), { schema: { body: CategoryIdBody, response: replies(CategoriesReply) } }, async (req) =>
    ok(await bank.deleteCategory(req.auth!, req.body.id_category)),
  );
  app.post(at(R.questions), { schema: { body: QuestionsBody, response: replies(QuestionsReply) } }, async (req) =>
    ok(await bank.questions(req.auth!, req.body.id_discipline, req.body.id_category)),
  );
  app.post(at(R.question), { schema: { body: QuestionIdBody, response: replies(QuestionReply) } }, async (req) =>
    ok(await bank.question(req.auth!, req.body.id_question)),
  );
  app.post(at(R.questionSave), { schema: { body: QuestionSaveBody, response: replies(QuestionSaveReply) } }, async (req) =>
    ok(await bank.saveQuestion(req.auth!, req.body, languageOf(req))),
  );
  app.post(at(R.questionDelete), { schema: { body: QuestionIdBody, response: replies(DoneReply) } }, async (req) =>
    ok(await bank.deleteQuestion(req.auth!, req.body.id_question).then(() => null)),
  );
  app.post(at(R.questionImage), { schema: { response: replies(QuestionReply) }, config: { idempotent: true } }, async (req) => {
    const input = multipartInput(ctx.files, req, QuestionImageFields, { maxFiles: 1 });
    // Refused by role and by the account's rate before a byte of the form is read.
    if (req.auth!.role !== ROLE_TEACHER) throw forbidden();
    await uploads.beforeUpload(req.auth!, req.ip);
    return ok(await images.save(req.auth!, input));
  });
  app.post(at(R.questionImageDelete), { schema: { body: QuestionIdBody, response: replies(QuestionReply) } }, async (req) =>
    ok(await images.remove(req.auth!, req.body.id_question)),
  );
  app.get(at(R.questionImageFile), { schema: { querystring: QuestionImageQuery } }, async (req, reply) =>
    ctx.files.send(reply, await images.file(req.auth!, req.query)),
  );
  app.post(at(R.import), { schema: { body: ImportBody, response: replies(ImportReply) } }, async (req) =>
    ok(await bank.import(req.auth!, req.body, languageOf(req))),
  );
  app.get(at(R.exportGift), { schema: { querystring: ExportQuery } }, async (req, reply) => {
    const file = await bank.exportGift(req.auth!, req.query.id_category);
    return sendDownload(reply, { name: file.name, type: 'text/plain; charset=utf-8', bytes: Buffer.from(file.text, 'utf8') });
  });

  app.post(at(R.tests), { schema: { body: DisciplineBody, response: replies(TestsReply) } }, async (req) =>
    ok(await tests.list(req.auth!, req.body.id_discipline, languageOf(req))),
  );
  app.post(at(R.test), { schema: { body: TestIdBody, response: replies(TestReply) } }, async (req) =>
    ok(await tests.read(req.auth!, req.body.id_test, languageOf(req))),
  );
  app.post(at(R.testSave), { schema: { body: TestSaveBody, response: replies(TestReply) } }, async (req) =>
    ok(await tests.save(req.auth!, req.body, languageOf(req))),
  );
  app.post(at(R.testDelete), { schema: { body: TestIdBody, response: replies(DoneReply) } }, async (req) =>
    ok(await tests.remove(req.auth!, req.body.id_test).then(() => null)),
  );
  app.post(at(R.preview), { schema: { body: TestIdBody, response: replies(PaperReply) } }, async (req) => ok(await tests.preview(req.auth!, req.body.id_test)));
  app.post(at(R.results), { schema: { body: TestIdBody, response: replies(ResultsReply) } }, async (req) =>
    ok(await tests.results(req.auth!, req.body.id_test)),
  );
  app.get(at(R.resultsXlsx), { schema: { querystring: TestIdQuery } }, async (req, reply) => {
    const results = await tests.results(req.auth!, req.query.id_test);
    return sendDownload(reply, {
      name: `test-${results.id_test}-results.xlsx`,
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes: await resultsWorkbook(results, languageOf(req)),
    });
  });
  app.post(at(R.review), { schema: { body: AttemptIdBody, response: replies(ReviewReply) } }, async (req) =>
    ok(req.auth!.role === ROLE_STUDENT ? await attempts.review(req.auth!, req.body.id_attempt) : await tests.review(req.auth!, req.body.id_attempt)),
  );
  app.post(at(R.grade), { schema: { body: GradeBody, response: replies(ReviewReply) } }, async (req) => ok(await tests.grade(req.auth!, req.body)));
  app.post(at(R.log), { schema: { body: AttemptIdBody, response: replies(AttemptLogReply) } }, async (req) =>
    ok(await tests.log(req.auth!, req.body.id_attempt)),
  );

  app.post(at(R.journals), { schema: { body: TestIdBody, response: replies(TestJournalsReply) } }, async (req) =>
    ok(await toJournal.journals(req.auth!, req.body.id_test, languageOf(req))),
  );
  app.post(at(R.toJournal), { schema: { body: ToJournalBody, response: replies(ToJournalReply) } }, async (req) =>
    ok(await toJournal.toJournal(req.auth!, req.body)),
  );
  app.post(at(R.sheets), { schema: { body: TestIdBody, response: replies(TestSheetsReply) } }, async (req) =>
    ok(await toSheet.sheets(req.auth!, req.body.id_test)),
  );
  app.post(at(R.toSheet), { schema: { body: ToSheetBody, response: replies(ToSheetReply) } }, async (req) => ok(await toSheet.toSheet(req.auth!, req.body)));

  app.post(at(R.my), { schema: { body: EmptyBody, response: replies(MyTestsReply) } }, async (req) => ok(await attempts.my(req.auth!, languageOf(req))));
  app.post(at(R.start), { schema: { body: StartBody, response: replies(PaperReply) } }, async (req) => ok(await attempts.start(req.auth!, req.body, req.ip)));
  app.post(at(R.resume), { schema: { body: AttemptDeviceBody, response: replies(PaperReply) } }, async (req) =>
    ok(await attempts.resume(req.auth!, req.body, req.ip)),
  );
  app.post(at(R.answer), { schema: { body: AnswerBody, response: replies(AnswerReply) } }, async (req) =>
    ok(await attempts.answer(req.auth!, req.body, req.ip)),
  );
  app.post(at(R.event), { schema: { body: AttemptEventBody, response: replies(DoneReply) } }, async (req) =>
    ok(await attempts.event(req.auth!, req.body, req.ip).then(() => null)),
  );
  app.post(at(R.submit), { schema: { body: AttemptDeviceBody, response: replies(ReviewReply) } }, async (req) =>
    ok(await attempts.submit(req.auth!, req.body, req.ip)),
  );
}
