/**
 * Testing under /api/testing/ (docs/areas/testing.md#calls): a discipline's question bank and its
 * tests, taken by students online. Every call needs a session; teacher calls answer 403 to students
 * and to teachers who do not teach the discipline, student calls answer 403 to teachers and to
 * students outside the test's groups. A student's paper never carries the correct answers, other
 * questions of the bank or another student's paper; his review carries them only when the test
 * allows it (TEST_SHOW_*). Question texts, options, items and comments are plain text with formulas
 * in TeX between `$…$` (inline) or `$$…$$` (display), a literal dollar written `\$`; the screens
 * render the formulas as MathML and show everything else as text. A question may have one image
 * (QuestionImage) with its alt text.
 */
import { Type, type Static } from 'typebox';
import { DbId, Ok } from './common';
import {
  CATEGORY_NAME_MAX,
  IMAGE_ALT_MAX,
  IMPORT_TEXT_MAX,
  Nullable,
  QUESTION_POINTS_MAX,
  QUESTION_TEXT_MAX,
  QuestionContent,
  QuestionImage,
  TEST_ATTEMPTS_MAX,
  TEST_TITLE_MAX,
  TestCounts,
  TestShow,
  Text,
} from './testing.questions';

export * from './testing.questions';
export * from './testing.attempts';
export * from './testing.journal';
export * from './testing.sheet';

export const TESTING_API = '/api/testing';

// ---- Bank (teacher) ----

/** POST disciplines.json {}: the disciplines the caller teaches (any year) with the groups and journal subgroups he teaches them. */
export const TestingDiscipline = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  groups: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), subgroups: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) })),
});
export type TestingDiscipline = Static<typeof TestingDiscipline>;
export const TestingDisciplinesReply = Ok(Type.Array(TestingDiscipline));

export const DisciplineBody = Type.Object({ id_discipline: DbId });
export type DisciplineBody = Static<typeof DisciplineBody>;

/** POST categories.json {id_discipline}: the bank's categories with their question counts. */
export const Category = Type.Object({ id: Type.Integer(), name: Type.String(), questions: Type.Integer() });
export type Category = Static<typeof Category>;
export const CategoriesReply = Ok(Type.Array(Category));
/** POST category-save.json: a new category (no id) or a renamed one; replies the categories. */
export const CategorySaveBody = Type.Object({ id_discipline: DbId, id: Type.Optional(DbId), name: Text(CATEGORY_NAME_MAX) });
export type CategorySaveBody = Static<typeof CategorySaveBody>;
/** POST category-delete.json: an empty category only (else 409 CONFLICT); replies the categories. */
export const CategoryIdBody = Type.Object({ id_category: DbId });
export type CategoryIdBody = Static<typeof CategoryIdBody>;

/** A question as the teacher sees it. */
export const Question = Type.Object({
  id: Type.Integer(),
  id_category: Type.Integer(),
  text: Type.String(),
  points: Type.Number(),
  content: QuestionContent,
  image: Nullable(QuestionImage),
  /** Papers hold it: its kind and its number of options, pairs or items can no longer change. */
  inUse: Type.Boolean(),
  updatedAt: Type.String(),
});
export type Question = Static<typeof Question>;
export const QuestionReply = Ok(Question);
/** POST questions.json {id_discipline, id_category?}: the bank's questions (of one category when given). */
export const QuestionsBody = Type.Object({ id_discipline: DbId, id_category: Type.Optional(DbId) });
export type QuestionsBody = Static<typeof QuestionsBody>;
export const QuestionsReply = Ok(Type.Array(Question));
export const QuestionIdBody = Type.Object({ id_question: DbId });
export type QuestionIdBody = Static<typeof QuestionIdBody>;
/**
 * POST question-save.json: a new question (no id) or a correction. A question papers hold keeps its
 * kind and its number of options, pairs or items (409 TEST_QUESTION_IN_USE); its correction regrades
 * every finished attempt that holds it (hand-given essay scores kept). Replies the question and how
 * many attempts were regraded.
 */
export const QuestionSaveBody = Type.Object({
  id: Type.Optional(DbId),
  id_category: DbId,
  text: Text(QUESTION_TEXT_MAX),
  points: Type.Number({ exclusiveMinimum: 0, maximum: QUESTION_POINTS_MAX }),
  content: QuestionContent,
});
export type QuestionSaveBody = Static<typeof QuestionSaveBody>;
export const QuestionSaveReply = Ok(Type.Object({ question: Question, regraded: Type.Integer() }));
/** POST question-delete.json: a question no paper holds (else 409 TEST_QUESTION_IN_USE); its image goes with it. */

/**
 * POST question-image.json (multipart): the question's image (field QUESTION_IMAGE_FIELD) and its
 * alt text, for a teacher of its discipline; a question papers hold may have its image corrected
 * too. Without a file only the alt text changes (400 {field: 'image'} when the question has no image
 * yet). A file that is not PNG, JPEG, WebP or GIF by its content: 400 TEST_IMAGE_TYPE (one whose
 * content does not match its name: 400 UNSUPPORTED_TYPE); over the upload limit: 413 TOO_LARGE; the
 * teacher's storage quota applies. Nothing is written on a refusal. Replies the question.
 */
export const QuestionImageFields = Type.Object({ id_question: DbId, alt: Type.String({ minLength: 1, maxLength: IMAGE_ALT_MAX, pattern: '\\S' }) });
export type QuestionImageFields = Static<typeof QuestionImageFields>;
/** POST question-image-delete.json {id_question}: removes the image; replies the question. */

/**
 * GET question-image.file: a question's image. `?id_question=`: for a teacher of its discipline.
 * `?id_attempt=&slot=`: the image of the paper's question in that place, for the attempt's student
 * while it is open or while its review shows the questions (TEST_SHOW_*), and for a teacher of the
 * test's discipline. Anyone else 403; an unknown question, attempt or slot, or no image, 404. `v`
 * (the stored image's id) only tells one image from the next.
 */
export const QuestionImageQuery = Type.Object({
  id_question: Type.Optional(DbId),
  id_attempt: Type.Optional(DbId),
  slot: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  v: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type QuestionImageQuery = Static<typeof QuestionImageQuery>;

/**
 * POST import.json: questions from Aiken or GIFT plain text into a category. All or nothing: any bad
 * line → 400 TEST_IMPORT (params: {lines}: the bad lines' numbers, {line}, {reason}: the first one's)
 * and nothing is written. With dryRun nothing is written either: the reply lists what would be
 * imported and every problem.
 */
export const ImportFormat = Type.Union([Type.Literal('aiken'), Type.Literal('gift')]);
export type ImportFormat = Static<typeof ImportFormat>;
export const ImportBody = Type.Object({
  id_category: DbId,
  format: ImportFormat,
  text: Type.String({ minLength: 1, maxLength: IMPORT_TEXT_MAX }),
  dryRun: Type.Optional(Type.Boolean()),
});
export type ImportBody = Static<typeof ImportBody>;
export const ImportProblem = Type.Object({ line: Type.Integer(), reason: Type.String() });
export type ImportProblem = Static<typeof ImportProblem>;
export const ImportReply = Ok(
  Type.Object({
    /** Questions written (0 on a dry run). */
    imported: Type.Integer(),
    /** The questions read, by kind. */
    kinds: Type.Record(Type.String(), Type.Integer()),
    problems: Type.Array(ImportProblem),
  }),
);
/** GET export.gift?id_category=: the category's questions as GIFT text (a download). */
export const ExportQuery = Type.Object({ id_category: Type.Integer({ minimum: 1 }) });
export type ExportQuery = Static<typeof ExportQuery>;

// ---- Tests (teacher) ----

export const DrawRule = Type.Object({ id_category: DbId, count: Type.Integer({ minimum: 1, maximum: 200 }) });
export type DrawRule = Static<typeof DrawRule>;
/** A group, or one of its journal subgroups, that takes the test. */
export const TestTarget = Type.Object({ id_group: DbId, id_subgroup: Nullable(DbId) });
export type TestTarget = Static<typeof TestTarget>;

/** A test's settings as the teacher writes them. Times are ISO 8601 instants. */
export const TestSettings = Type.Object({
  id_discipline: DbId,
  title: Text(TEST_TITLE_MAX),
  targets: Type.Array(TestTarget, { minItems: 1, maxItems: 50 }),
  /** The paper: N questions at random from each category, in this order (400 TEST_DRAW when a category holds fewer). */
  rules: Type.Array(DrawRule, { minItems: 1, maxItems: 50 }),
  shuffleAnswers: Type.Boolean(),
  /** Minutes from the start, or null: until the test closes. */
  timeLimit: Nullable(Type.Integer({ minimum: 1, maximum: 1440 })),
  opensAt: Type.String({ format: 'date-time' }),
  closesAt: Type.String({ format: 'date-time' }),
  attempts: Type.Integer({ minimum: 1, maximum: TEST_ATTEMPTS_MAX }),
  counts: TestCounts,
  showScore: TestShow,
  showAnswers: TestShow,
  /** A password the student gives at the start, or null. */
  password: Nullable(Type.String({ minLength: 1, maxLength: 100 })),
  /** Networks (CIDR) the attempt's calls must come from, or empty: any. */
  networks: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 }),
});
export type TestSettings = Static<typeof TestSettings>;
export const Test = Type.Object({
  ...TestSettings.properties,
  id: Type.Integer(),
  discipline: Type.String(),
  /** Questions a paper holds, and its points. */
  questions: Type.Integer(),
  maxScore: Type.Number(),
  /** Attempts made of it (a test with any can no longer be deleted). */
  attemptsTaken: Type.Integer(),
});
export type Test = Static<typeof Test>;
export const TestReply = Ok(Test);
export const TestsReply = Ok(Type.Array(Test));
/** POST tests.json {id_discipline}: its tests. POST test.json {id_test}: one. POST test-delete.json {id_test}: one no attempt was made of (409 CONFLICT). */
export const TestIdBody = Type.Object({ id_test: DbId });
export type TestIdBody = Static<typeof TestIdBody>;
/** POST test-save.json: a new test (no id) or its changes. */
export const TestSaveBody = Type.Object({ ...TestSettings.properties, id: Type.Optional(DbId) });
export type TestSaveBody = Static<typeof TestSaveBody>;

/** The calls, relative to TESTING_API. */
export const TESTING_ROUTES = {
  disciplines: '/disciplines.json',
  categories: '/categories.json',
  categorySave: '/category-save.json',
  categoryDelete: '/category-delete.json',
  questions: '/questions.json',
  question: '/question.json',
  questionSave: '/question-save.json',
  questionDelete: '/question-delete.json',
  questionImage: '/question-image.json',
  questionImageDelete: '/question-image-delete.json',
  questionImageFile: '/question-image.file',
  import: '/import.json',
  exportGift: '/export.gift',
  tests: '/tests.json',
  test: '/test.json',
  testSave: '/test-save.json',
  testDelete: '/test-delete.json',
  preview: '/preview.json',
  results: '/results.json',
  resultsXlsx: '/results.xlsx',
  review: '/review.json',
  grade: '/grade.json',
  log: '/log.json',
  my: '/my.json',
  start: '/start.json',
  resume: '/resume.json',
  answer: '/answer.json',
  event: '/event.json',
  submit: '/submit.json',
  journals: '/journals.json',
  toJournal: '/to-journal.json',
  sheets: '/sheets.json',
  toSheet: '/to-sheet.json',
} as const;

/** The reply of question-delete.json, test-delete.json and event.json. */
export const DoneReply = Ok(Type.Null());
/** question-delete.json's body is QuestionIdBody. */
