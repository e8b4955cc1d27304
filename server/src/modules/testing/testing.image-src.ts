/**
 * Where a screen gets a question's image (GET question-image.file, docs/areas/testing.md#calls): the
 * teacher's bank by the question, a paper or a review by its attempt and slot (a student never
 * learns the bank's ids), the teacher's preview (no attempt) by the question. `v` is the stored
 * image's id, so a replaced image has a new address.
 */
import { TESTING_API, TESTING_ROUTES, type QuestionImage } from '@contract/testing';
import type { QuestionRow } from './testing.bank.repository';

type WithImage = Pick<QuestionRow, 'id' | 'imageFileId' | 'imageAlt'>;

const src = (query: string, fileId: number) => `${TESTING_API}${TESTING_ROUTES.questionImageFile}?${query}&v=${fileId}`;

/** The image of a bank question as its teacher sees it. */
export function bankImage(q: WithImage): QuestionImage | null {
  return q.imageFileId === null ? null : { alt: q.imageAlt ?? '', src: src(`id_question=${q.id}`, q.imageFileId) };
}

/** The image of a paper's question: by the attempt and the slot, or by the question in a preview (attempt 0). */
export function paperImage(q: WithImage, attemptId: number, slot: number): QuestionImage | null {
  if (q.imageFileId === null) return null;
  return { alt: q.imageAlt ?? '', src: attemptId ? src(`id_attempt=${attemptId}&slot=${slot}`, q.imageFileId) : src(`id_question=${q.id}`, q.imageFileId) };
}
