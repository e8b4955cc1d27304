/**
 * Questionnaires under /api/questionnaire/ (docs/areas/questionnaire.md#calls): course and teacher
 * evaluations and ad-hoc surveys made by an administrator or a faculty's dean's office, answered once
 * by each person of their audience between their dates (anonymously where declared), and their
 * results once QUESTIONNAIRE_MIN_ANSWERS have answered.
 */
import { Type, type Static } from 'typebox';
import { DbId, HalfYear, IdName, Ok, YearStart } from './common';
import {
  ANSWER_TEXT_MAX,
  OPTION_MAX,
  OPTIONS_MAX,
  QUESTION_TEXT_MAX,
  QUESTIONNAIRE_TEXT_MAX,
  QUESTIONNAIRE_TITLE_MAX,
  QUESTIONS_MAX,
  SCALE_MAX,
} from './pure/questionnaire';

export const QuestionKindSchema = Type.Union([Type.Literal('scale'), Type.Literal('single'), Type.Literal('multiple'), Type.Literal('text')]);
export const AudienceKindSchema = Type.Union([Type.Literal('faculty'), Type.Literal('group'), Type.Literal('discipline'), Type.Literal('teachers')]);
export const QuestionnaireKindSchema = Type.Union([Type.Literal('evaluation'), Type.Literal('survey')]);

/** Who answers: `id` names the faculty, the group or the discipline; for teachers a faculty or none (all teachers). */
export const Audience = Type.Object({ kind: AudienceKindSchema, id: Type.Union([DbId, Type.Null()]) });
export type Audience = Static<typeof Audience>;

export const Question = Type.Object({
  id: Type.Integer(),
  kind: QuestionKindSchema,
  text: Type.String(),
  /** The options of a single or multiple choice, in order (empty for the others). */
  options: Type.Array(Type.String()),
  required: Type.Boolean(),
});
export type Question = Static<typeof Question>;

/** A questionnaire as a list shows it. */
export const QuestionnaireItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  kind: QuestionnaireKindSchema,
  anonymous: Type.Boolean(),
  opensAt: Type.String(),
  closesAt: Type.String(),
  /** 'open', 'upcoming' or 'closed' now. */
  state: Type.Union([Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('closed')]),
  /** The caller has answered it. */
  answered: Type.Boolean(),
  /** An evaluation's teacher and discipline ('' for a survey). */
  teacher: Type.String(),
  discipline: Type.String(),
  /** The audience: its kind and the name of its faculty, group or discipline ('' for every teacher). */
  audience: Type.Object({ kind: AudienceKindSchema, name: Type.String() }),
  /** How many have answered (for the lists of those who may read results; 0 otherwise). */
  answers: Type.Integer(),
  /** Its results may be read by the caller now (threshold aside). */
  results: Type.Boolean(),
});
export type QuestionnaireItem = Static<typeof QuestionnaireItem>;

/** POST list.json {}: what the caller answers, manages and (a teacher) the evaluations of his teaching. */
export const QuestionnaireLists = Type.Object({
  /** Open, upcoming and recently closed questionnaires whose audience holds the caller. */
  toAnswer: Type.Array(QuestionnaireItem),
  /** The caller may create questionnaires (an administrator, a faculty's dean's office). */
  manage: Type.Boolean(),
  /** Those he manages: every one for an administrator, his faculty's for a dean's office. */
  managed: Type.Array(QuestionnaireItem),
  /** A teacher's evaluations: `results` once the half-year's marks are closed and the questionnaire is. */
  evaluations: Type.Array(QuestionnaireItem),
});
export type QuestionnaireLists = Static<typeof QuestionnaireLists>;
export const QuestionnaireListsReply = Ok(QuestionnaireLists);

export const QuestionnaireId = Type.Object({ id: DbId });
export type QuestionnaireId = Static<typeof QuestionnaireId>;

/** POST questionnaire.json {id}: the questionnaire to answer. */
export const QuestionnaireForm = Type.Object({
  item: QuestionnaireItem,
  description: Type.String(),
  questions: Type.Array(Question),
});
export type QuestionnaireForm = Static<typeof QuestionnaireForm>;
export const QuestionnaireFormReply = Ok(QuestionnaireForm);

/** One answer: `choice` for a scale (1–5) or a single choice (the option's index), `choices` for multiple, `text` for free text. */
export const AnswerInput = Type.Object({
  id_question: DbId,
  choice: Type.Optional(Type.Integer({ minimum: 0, maximum: Math.max(SCALE_MAX, OPTIONS_MAX) })),
  choices: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: OPTIONS_MAX - 1 }), { maxItems: OPTIONS_MAX })),
  text: Type.Optional(Type.String({ maxLength: ANSWER_TEXT_MAX })),
});
export type AnswerInput = Static<typeof AnswerInput>;

/** POST answer.json: the caller's answers, once. */
export const AnswerBody = Type.Object({ id: DbId, answers: Type.Array(AnswerInput, { maxItems: QUESTIONS_MAX }) });
export type AnswerBody = Static<typeof AnswerBody>;
export const AnswerReply = Ok(Type.Object({ answered: Type.Literal(true) }));

export const QuestionInput = Type.Object({
  kind: QuestionKindSchema,
  text: Type.String({ minLength: 1, maxLength: QUESTION_TEXT_MAX }),
  options: Type.Array(Type.String({ minLength: 1, maxLength: OPTION_MAX }), { maxItems: OPTIONS_MAX }),
  required: Type.Boolean(),
});
export type QuestionInput = Static<typeof QuestionInput>;

/** POST create.json: a new questionnaire (an administrator's, or a dean's office's for his faculty's audiences). */
export const CreateBody = Type.Object({
  title: Type.String({ minLength: 3, maxLength: QUESTIONNAIRE_TITLE_MAX }),
  description: Type.String({ maxLength: QUESTIONNAIRE_TEXT_MAX }),
  kind: QuestionnaireKindSchema,
  anonymous: Type.Boolean(),
  opensAt: Type.String({ format: 'date-time' }),
  closesAt: Type.String({ format: 'date-time' }),
  id_a_year: YearStart,
  id_w_s: HalfYear,
  audience: Audience,
  /** An evaluation's teacher and discipline. */
  id_teacher: Type.Optional(DbId),
  id_discipline: Type.Optional(DbId),
  questions: Type.Array(QuestionInput, { minItems: 1, maxItems: QUESTIONS_MAX }),
});
export type CreateBody = Static<typeof CreateBody>;
export const CreateReply = Ok(Type.Object({ id: Type.Integer() }));

/**
 * POST update.json: a questionnaire nobody has answered yet, wholly replaced (its questions get new
 * ids); 409 QUESTIONNAIRE_HAS_ANSWERS once somebody has.
 */
export const UpdateBody = Type.Object({ id: DbId, ...CreateBody.properties });
export type UpdateBody = Static<typeof UpdateBody>;

/** POST draft.json {id}: a managed questionnaire as the form edits it, with how many have answered. */
export const QuestionnaireDraft = Type.Object({ id: Type.Integer(), answers: Type.Integer(), body: CreateBody });
export type QuestionnaireDraft = Static<typeof QuestionnaireDraft>;
export const QuestionnaireDraftReply = Ok(QuestionnaireDraft);

/** POST closing.json: the closing moved (answers or not), never before now (400 QUESTIONNAIRE_CLOSE_PAST). */
export const ClosingBody = Type.Object({ id: DbId, closesAt: Type.String({ format: 'date-time' }) });
export type ClosingBody = Static<typeof ClosingBody>;

/** The reply of delete.json, close.json and closing.json. */
export const DoneReply = Ok(Type.Object({ id: Type.Integer() }));

/** POST choices.json {}: what the creation form offers within the caller's reach. */
export const QuestionnaireChoices = Type.Object({
  faculties: Type.Array(IdName),
  groups: Type.Array(IdName),
  disciplines: Type.Array(IdName),
  teachers: Type.Array(IdName),
});
export type QuestionnaireChoices = Static<typeof QuestionnaireChoices>;
export const QuestionnaireChoicesReply = Ok(QuestionnaireChoices);

/** A question's results: counts per value (scale 1–5, or per option), the mean of a scale, the texts of free answers. */
export const QuestionResult = Type.Object({
  id: Type.Integer(),
  kind: QuestionKindSchema,
  text: Type.String(),
  /** Labels of `counts`: '1'…'5' for a scale, the options for a choice, none for text. */
  labels: Type.Array(Type.String()),
  counts: Type.Array(Type.Integer()),
  /** How many answered this question. */
  answered: Type.Integer(),
  /** A scale's mean, rounded to 2 decimals (null for the others or with no answer). */
  mean: Type.Union([Type.Number(), Type.Null()]),
  texts: Type.Array(Type.String()),
});
export type QuestionResult = Static<typeof QuestionResult>;

/** POST results.json {id}: `shown` false below the threshold (then `questions` is empty). */
export const QuestionnaireResults = Type.Object({
  item: QuestionnaireItem,
  answers: Type.Integer(),
  threshold: Type.Integer(),
  shown: Type.Boolean(),
  questions: Type.Array(QuestionResult),
});
export type QuestionnaireResults = Static<typeof QuestionnaireResults>;
export const QuestionnaireResultsReply = Ok(QuestionnaireResults);

export const ExportQuery = Type.Object({ id: DbId });
export type ExportQuery = Static<typeof ExportQuery>;
