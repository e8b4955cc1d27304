/**
 * Testing under /api/testing/ (docs/areas/testing.md#calls): a discipline's question bank and its
 * tests, taken by students online. Every call needs a session; teacher calls answer 403 to students
 * and to teachers who do not teach the discipline, student calls answer 403 to teachers and to
 * students outside the test's groups. A student's paper never carries the correct answers, other
 * questions of the bank or another student's paper; his review carries them only when the test
 * allows it (TEST_SHOW_*). Question texts are plain text with formulas in TeX between `$…$`.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { DbId, Ok } from './common';

export const TESTING_API = '/api/testing';

/** Question kinds. */
export const QUESTION_KINDS = ['single', 'multiple', 'truefalse', 'short', 'numeric', 'matching', 'ordering', 'essay'] as const;
export const QuestionKind = Type.Union([
  Type.Literal('single'),
  Type.Literal('multiple'),
  Type.Literal('truefalse'),
  Type.Literal('short'),
  Type.Literal('numeric'),
  Type.Literal('matching'),
  Type.Literal('ordering'),
  Type.Literal('essay'),
]);
export type QuestionKind = Static<typeof QuestionKind>;

export const QUESTION_TEXT_MAX = 4000;
export const OPTION_TEXT_MAX = 1000;
export const OPTIONS_MAX = 20;
export const CATEGORY_NAME_MAX = 200;
export const TEST_TITLE_MAX = 200;
export const IMPORT_TEXT_MAX = 500_000;
export const ESSAY_TEXT_MAX = 20_000;
export const SHORT_ANSWER_MAX = 500;
/** A question's points at most. */
export const QUESTION_POINTS_MAX = 100;
/** Attempts a test allows at most. */
export const TEST_ATTEMPTS_MAX = 20;

/** When a student sees his score, and when the correct answers. */
export const TEST_SHOW_NEVER = 'never';
export const TEST_SHOW_AFTER_SUBMIT = 'submit';
export const TEST_SHOW_AFTER_CLOSE = 'close';
export const TestShow = Type.Union([Type.Literal(TEST_SHOW_NEVER), Type.Literal(TEST_SHOW_AFTER_SUBMIT), Type.Literal(TEST_SHOW_AFTER_CLOSE)]);
export type TestShow = Static<typeof TestShow>;
/** Which attempt's score is the student's result. */
export const TestCounts = Type.Union([Type.Literal('best'), Type.Literal('last')]);
export type TestCounts = Static<typeof TestCounts>;

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/**
 * A question's content by kind, as the teacher writes it. single: exactly one option correct;
 * multiple: one or more (score: right ones chosen minus wrong ones, share of the right ones, not
 * below 0); short: accepted answers compared with case and Latin/Cyrillic look-alike letters folded;
 * numeric: |answer − value| ≤ tolerance; matching: each left item has its right one (extra right
 * items are distractors, left empty); ordering: the items in their correct order; essay: graded by hand.
 */
export const QuestionContent = Type.Union([
  Type.Object({
    kind: Type.Literal('single'),
    options: Type.Array(Type.Object({ text: Text(OPTION_TEXT_MAX), correct: Type.Boolean() }), { minItems: 2, maxItems: OPTIONS_MAX }),
  }),
  Type.Object({
    kind: Type.Literal('multiple'),
    options: Type.Array(Type.Object({ text: Text(OPTION_TEXT_MAX), correct: Type.Boolean() }), { minItems: 2, maxItems: OPTIONS_MAX }),
  }),
  Type.Object({ kind: Type.Literal('truefalse'), answer: Type.Boolean() }),
  Type.Object({ kind: Type.Literal('short'), accepted: Type.Array(Text(SHORT_ANSWER_MAX), { minItems: 1, maxItems: OPTIONS_MAX }) }),
  Type.Object({ kind: Type.Literal('numeric'), value: Type.Number(), tolerance: Type.Number({ minimum: 0 }) }),
  Type.Object({
    kind: Type.Literal('matching'),
    pairs: Type.Array(Type.Object({ left: Type.String({ maxLength: OPTION_TEXT_MAX }), right: Text(OPTION_TEXT_MAX) }), { minItems: 2, maxItems: OPTIONS_MAX }),
  }),
  Type.Object({ kind: Type.Literal('ordering'), items: Type.Array(Text(OPTION_TEXT_MAX), { minItems: 2, maxItems: OPTIONS_MAX }) }),
  Type.Object({ kind: Type.Literal('essay') }),
]);
export type QuestionContent = Static<typeof QuestionContent>;

/** A student's answer by kind; ids are the ones his paper shows (PaperQuestion). */
export const Answer = Type.Union([
  Type.Object({ kind: Type.Literal('single'), choice: Type.Integer({ minimum: 0 }) }),
  Type.Object({ kind: Type.Literal('multiple'), choices: Type.Array(Type.Integer({ minimum: 0 }), { maxItems: OPTIONS_MAX }) }),
  Type.Object({ kind: Type.Literal('truefalse'), value: Type.Boolean() }),
  Type.Object({ kind: Type.Literal('short'), text: Type.String({ maxLength: SHORT_ANSWER_MAX }) }),
  Type.Object({ kind: Type.Literal('numeric'), value: Type.Number() }),
  /** right[i]: the right item chosen for left item i (null: none yet). */
  Type.Object({ kind: Type.Literal('matching'), right: Type.Array(Nullable(Type.Integer({ minimum: 0 })), { maxItems: OPTIONS_MAX }) }),
  /** The item ids in the order the student put them. */
  Type.Object({ kind: Type.Literal('ordering'), order: Type.Array(Type.Integer({ minimum: 0 }), { maxItems: OPTIONS_MAX }) }),
  Type.Object({ kind: Type.Literal('essay'), text: Type.String({ maxLength: ESSAY_TEXT_MAX }) }),
]);
export type Answer = Static<typeof Answer>;

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
/** POST question-delete.json: a question no paper holds (else 409 TEST_QUESTION_IN_USE). */

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

// ---- Papers (student; the teacher's preview) ----

/** A question of a paper as the student sees it: no correct answer, ids in the paper's own order. */
export const PaperQuestion = Type.Object({
  /** Its place in the paper (1…): the answer calls name it. */
  slot: Type.Integer(),
  kind: QuestionKind,
  text: Type.String(),
  points: Type.Number(),
  /** single, multiple: the options (id, text); matching: the right items to choose from; ordering: the items to put in order. */
  options: Type.Array(Type.Object({ id: Type.Integer(), text: Type.String() })),
  /** matching: the left items, in order (the answer's right[i] is for left[i]). */
  left: Type.Array(Type.String()),
  /** The saved answer and its version (0: none yet). */
  answer: Nullable(Answer),
  version: Type.Integer(),
});
export type PaperQuestion = Static<typeof PaperQuestion>;

export const Paper = Type.Object({
  id_attempt: Type.Integer(),
  id_test: Type.Integer(),
  title: Type.String(),
  /** 1… among the student's attempts of the test. */
  number: Type.Integer(),
  startedAt: Type.String(),
  /** The server's end of the attempt (its time limit or the test's closing, the earlier). */
  deadline: Type.String(),
  /** The server's clock now, to count down against. */
  now: Type.String(),
  questions: Type.Array(PaperQuestion),
});
export type Paper = Static<typeof Paper>;
export const PaperReply = Ok(Paper);
/** POST preview.json {id_test}: a paper drawn as for a student, neither stored nor counted (id_attempt 0). */

export const ATTEMPT_STATES = ['open', 'finished', 'graded'] as const;
/** open: being taken; finished: submitted or ended at its deadline, an essay awaits its hand score; graded: scored. */
export const AttemptState = Type.Union([Type.Literal('open'), Type.Literal('finished'), Type.Literal('graded')]);
export type AttemptState = Static<typeof AttemptState>;

/** POST my.json {}: the caller's tests (his groups'), open ones first. */
export const MyTest = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  discipline: Type.String(),
  opensAt: Type.String(),
  closesAt: Type.String(),
  timeLimit: Nullable(Type.Integer()),
  questions: Type.Integer(),
  attempts: Type.Integer(),
  attemptsLeft: Type.Integer(),
  password: Type.Boolean(),
  /** 'upcoming', 'open', 'closed'. */
  state: Type.Union([Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('closed')]),
  /** His open attempt, to resume. */
  openAttempt: Nullable(Type.Integer()),
  /** His result (the counted attempt's score) when the test shows it now. */
  score: Nullable(Type.Number()),
  maxScore: Type.Number(),
  /** His finished attempts, for their reviews. */
  finished: Type.Array(Type.Object({ id: Type.Integer(), number: Type.Integer(), finishedAt: Type.String(), score: Nullable(Type.Number()) })),
});
export type MyTest = Static<typeof MyTest>;
export const MyTestsReply = Ok(Type.Array(MyTest));

/**
 * A device id the client keeps (a random string per browser). A second device that starts or
 * resumes an open attempt takes it over: the attempt's log says so, and the former device's saves
 * are refused (409 TEST_OTHER_DEVICE) until it resumes, taking it back.
 */
export const DeviceId = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
/**
 * POST start.json: his open attempt if he has one, else a new one with a paper drawn and stored now.
 * 409 TEST_NOT_OPEN outside opensAt..closesAt, 409 TEST_NO_ATTEMPTS, 403 TEST_PASSWORD, 403 TEST_NETWORK.
 */
export const StartBody = Type.Object({ id_test: DbId, device: DeviceId, password: Type.Optional(Type.String({ maxLength: 100 })) });
export type StartBody = Static<typeof StartBody>;
/** POST resume.json: the open attempt's paper with the saved answers; an attempt past its deadline is ended and graded first (409 TEST_TIME_OVER). */
export const AttemptDeviceBody = Type.Object({ id_attempt: DbId, device: DeviceId });
export type AttemptDeviceBody = Static<typeof AttemptDeviceBody>;

/**
 * POST answer.json: one answer as given. The version is the client's counter for this question
 * (1, 2, …): a save whose version is not above the stored one changes nothing (the same save twice
 * is one save; an older one never overwrites a newer one), and the reply says which is stored.
 * 409 TEST_TIME_OVER past the deadline, 409 TEST_ATTEMPT_CLOSED once submitted, 400 TEST_ANSWER for
 * an answer of another kind or naming ids the question has not.
 */
export const AnswerBody = Type.Object({
  id_attempt: DbId,
  device: DeviceId,
  slot: Type.Integer({ minimum: 1, maximum: 1000 }),
  version: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  answer: Answer,
});
export type AnswerBody = Static<typeof AnswerBody>;
export const AnswerReply = Ok(Type.Object({ slot: Type.Integer(), version: Type.Integer(), saved: Type.Boolean(), deadline: Type.String() }));

/** POST event.json: what the client reports (the page lost or got back the focus); logged. */
export const AttemptEventBody = Type.Object({
  id_attempt: DbId,
  device: DeviceId,
  event: Type.Union([Type.Literal('focus_lost'), Type.Literal('focus_back')]),
});
export type AttemptEventBody = Static<typeof AttemptEventBody>;

/** POST submit.json {id_attempt, device}: ends the attempt and grades it; replies its review. Submitting a finished attempt replies its review too. */

/** A question of a review: the student's answer, his score, and the correct answer when the test shows it. */
export const ReviewQuestion = Type.Object({
  ...PaperQuestion.properties,
  score: Nullable(Type.Number()),
  /** The correct answer in the paper's ids (null while the test does not show answers). */
  correct: Nullable(Answer),
  /** short: the accepted answers; numeric: value ± tolerance (null while hidden). */
  accepted: Nullable(Type.Array(Type.String())),
  comment: Nullable(Type.String()),
});
export type ReviewQuestion = Static<typeof ReviewQuestion>;
export const Review = Type.Object({
  id_attempt: Type.Integer(),
  id_test: Type.Integer(),
  title: Type.String(),
  student: Type.String(),
  number: Type.Integer(),
  state: AttemptState,
  startedAt: Type.String(),
  finishedAt: Nullable(Type.String()),
  /** null while the test does not show scores. */
  score: Nullable(Type.Number()),
  maxScore: Type.Number(),
  /** The questions: empty for a student while the test shows neither scores nor answers. */
  questions: Type.Array(ReviewQuestion),
});
export type Review = Static<typeof Review>;
export const ReviewReply = Ok(Review);
/** POST review.json {id_attempt}: the student's own finished attempt (as the test shows it now), or any attempt of his test for its teacher (all of it). */
export const AttemptIdBody = Type.Object({ id_attempt: DbId });
export type AttemptIdBody = Static<typeof AttemptIdBody>;

// ---- Results (teacher) ----

/** POST grade.json: the teacher's score of an essay (0..its points) with an optional comment; replies the review. */
export const GradeBody = Type.Object({
  id_attempt: DbId,
  slot: Type.Integer({ minimum: 1 }),
  score: Type.Number({ minimum: 0, maximum: QUESTION_POINTS_MAX }),
  comment: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type GradeBody = Static<typeof GradeBody>;

export const ResultAttempt = Type.Object({
  id: Type.Integer(),
  number: Type.Integer(),
  state: AttemptState,
  startedAt: Type.String(),
  finishedAt: Nullable(Type.String()),
  score: Nullable(Type.Number()),
});
export const ResultLine = Type.Object({
  id_student: Type.Integer(),
  fio: Type.String(),
  group: Type.String(),
  attempts: Type.Array(ResultAttempt),
  /** The counted attempt's score (best or last graded), null without one. */
  score: Nullable(Type.Number()),
});
export type ResultLine = Static<typeof ResultLine>;
/** Per bank question over the counted attempts: difficulty = mean score share (0..1), discrimination = correlation of its score with the total (null under 2 answers or no spread). */
export const QuestionStat = Type.Object({
  id_question: Type.Integer(),
  text: Type.String(),
  kind: QuestionKind,
  answered: Type.Integer(),
  difficulty: Nullable(Type.Number()),
  discrimination: Nullable(Type.Number()),
});
export type QuestionStat = Static<typeof QuestionStat>;
/** POST results.json {id_test}: every student of its groups with his attempts, and the questions' statistics. GET results.xlsx?id_test=: the same as a workbook. */
export const Results = Type.Object({
  id_test: Type.Integer(),
  title: Type.String(),
  maxScore: Type.Number(),
  lines: Type.Array(ResultLine),
  questions: Type.Array(QuestionStat),
});
export type Results = Static<typeof Results>;
export const ResultsReply = Ok(Results);
export const TestIdQuery = Type.Object({ id_test: Type.Integer({ minimum: 1 }) });
export type TestIdQuery = Static<typeof TestIdQuery>;

/** POST log.json {id_attempt}: the attempt's log for its teacher. */
export const LOG_EVENTS = ['start', 'resume', 'device', 'focus_lost', 'focus_back', 'submit', 'expired', 'graded'] as const;
export const LogEvent = Type.Union([
  Type.Literal('start'),
  Type.Literal('resume'),
  Type.Literal('device'),
  Type.Literal('focus_lost'),
  Type.Literal('focus_back'),
  Type.Literal('submit'),
  Type.Literal('expired'),
  Type.Literal('graded'),
]);
export type LogEvent = (typeof LOG_EVENTS)[number];
export const AttemptLogEntry = Type.Object({ event: LogEvent, at: Type.String(), ip: Nullable(Type.String()) });
export type AttemptLogEntry = Static<typeof AttemptLogEntry>;
export const AttemptLogReply = Ok(Type.Array(AttemptLogEntry));

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
} as const;

/** The reply of question-delete.json, test-delete.json and event.json. */
export const DoneReply = Ok(Type.Null());
/** question-delete.json's body is QuestionIdBody. */
