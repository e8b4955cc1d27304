/** Testing's papers, reviews and results (re-exported by contract/testing.ts). */
import { Type, type Static } from 'typebox';
import { DbId, Ok } from './common';
import { Answer, Nullable, QUESTION_POINTS_MAX, QuestionImage, QuestionKind } from './testing.questions';

// ---- Papers (student; the teacher's preview) ----

/** A question of a paper as the student sees it: no correct answer, ids in the paper's own order. */
export const PaperQuestion = Type.Object({
  /** Its place in the paper (1…): the answer calls name it. */
  slot: Type.Integer(),
  kind: QuestionKind,
  text: Type.String(),
  /** Its image, addressed by the attempt and the slot (the teacher's preview: by the question). */
  image: Nullable(QuestionImage),
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
