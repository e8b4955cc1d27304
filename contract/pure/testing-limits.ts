/**
 * Testing's limits (docs/areas/testing.md): the forms check them before sending, the server's
 * schemas (contract/testing.questions.ts, contract/testing.ts) check them again.
 */

/** Question kinds. */
export const QUESTION_KINDS = ['single', 'multiple', 'truefalse', 'short', 'numeric', 'matching', 'ordering', 'essay'] as const;

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
/** A question image's alt text at most (characters). */
export const IMAGE_ALT_MAX = 300;
/** The multipart field that carries a question's image. */
export const QUESTION_IMAGE_FIELD = 'image';
/** The pictures a question may show: the server checks each file's content again. */
export const QUESTION_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
