/**
 * The limits the forms check before sending, the same as contract/testing.ts declares (the client
 * may import only types from there; the server checks them again).
 */
import type { QuestionKind } from '@contract/testing';

export const QUESTION_KINDS: readonly QuestionKind[] = ['single', 'multiple', 'truefalse', 'short', 'numeric', 'matching', 'ordering', 'essay'];
export const QUESTION_TEXT_MAX = 4000;
export const QUESTION_POINTS_MAX = 100;
export const TEST_TITLE_MAX = 200;
export const TEST_ATTEMPTS_MAX = 20;
export const IMAGE_ALT_MAX = 300;
/** The multipart field of a question's image (QUESTION_IMAGE_FIELD). */
export const QUESTION_IMAGE_FIELD = 'image';
/** The pictures a question may show: the server checks each file's content again. */
export const QUESTION_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
