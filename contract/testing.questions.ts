/** Testing's question kinds, their content and the students' answers (re-exported by contract/testing.ts). */
import { Type, type Static, type TSchema } from 'typebox';
import { ESSAY_TEXT_MAX, OPTION_TEXT_MAX, OPTIONS_MAX, SHORT_ANSWER_MAX } from './pure/testing-limits';

export * from './pure/testing-limits';

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

/**
 * A question's image as a screen shows it: the teacher's alt text and its address (GET
 * question-image.file, the caller's right to it checked there; the address changes when the image
 * is replaced). Images are PNG, JPEG, WebP or GIF, at most the portal's upload limit.
 */
export const QuestionImage = Type.Object({ alt: Type.String(), src: Type.String() });
export type QuestionImage = Static<typeof QuestionImage>;

/** When a student sees his score, and when the correct answers. */
export const TEST_SHOW_NEVER = 'never';
export const TEST_SHOW_AFTER_SUBMIT = 'submit';
export const TEST_SHOW_AFTER_CLOSE = 'close';
export const TestShow = Type.Union([Type.Literal(TEST_SHOW_NEVER), Type.Literal(TEST_SHOW_AFTER_SUBMIT), Type.Literal(TEST_SHOW_AFTER_CLOSE)]);
export type TestShow = Static<typeof TestShow>;
/** Which attempt's score is the student's result. */
export const TestCounts = Type.Union([Type.Literal('best'), Type.Literal('last')]);
export type TestCounts = Static<typeof TestCounts>;

export const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

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
