/**
 * Questionnaires' constants (docs/areas/questionnaire.md), named once for both sides: the form checks
 * them before sending, the server's schemas (contract/questionnaire.ts) and rules check them again.
 */

/** Results are shown only when at least this many have answered, so that no one can be recognised. */
export const QUESTIONNAIRE_MIN_ANSWERS = 5;

/** Question kinds: a scale of 1 to 5, one option, several options, free text. */
export const QUESTION_KINDS = ['scale', 'single', 'multiple', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** Who answers: the students of a faculty, of a group, of a discipline (its groups in the half-year), or teachers (of a faculty, or all). */
export const AUDIENCE_KINDS = ['faculty', 'group', 'discipline', 'teachers'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

/** A course and teacher evaluation (of one teacher's discipline in a half-year), or an ad-hoc survey. */
export const QUESTIONNAIRE_KINDS = ['evaluation', 'survey'] as const;
export type QuestionnaireKind = (typeof QUESTIONNAIRE_KINDS)[number];

export const SCALE_MIN = 1;
export const SCALE_MAX = 5;
export const QUESTIONNAIRE_TITLE_MAX = 200;
export const QUESTIONNAIRE_TEXT_MAX = 2000;
export const QUESTION_TEXT_MAX = 1000;
export const ANSWER_TEXT_MAX = 2000;
export const OPTION_MAX = 200;
export const OPTIONS_MAX = 12;
export const QUESTIONS_MAX = 40;
