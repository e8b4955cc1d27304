/**
 * Questions' images (docs/areas/testing.md#calls): one image a question, PNG, JPEG, WebP or GIF by
 * its content (400 TEST_IMAGE_TYPE for any other allowed upload), with the teacher's alt text. A
 * teacher of the discipline sets, replaces or removes it, also on a question papers hold (the image
 * is not graded). The image is given to a teacher of the discipline, and to a student only through
 * his own attempt whose paper holds the question: while it is open, or while its review shows the
 * questions. The bytes are stored before the short transaction that points the question at them;
 * a refusal leaves nothing (plugins/files.ts), and a replaced or removed image's file is deleted.
 */
import { ROLE_STUDENT } from '@contract/common';
import { QUESTION_IMAGE_FIELD, type Question, type QuestionImageFields, type QuestionImageQuery, type TestShow } from '@contract/testing';
import { AppError, badRequest, forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import type { Download, MultipartInput } from '../../plugins/files';
import { isImageType } from '../../plugins/sniff';
import type { AuthInfo } from '../../shared/caller';
import { plainText } from '../../shared/plain-text';
import { UploadRules } from '../../shared/upload-rules';
import * as att from './testing.attempts.repository';
import * as bank from './testing.bank.repository';
import { assertTeaches, ownQuestion, questionOf } from './testing.bank.service';
import { shows } from './testing.papers';

export class TestingImagesService {
  private readonly uploads: UploadRules;

  constructor(private readonly ctx: AppContext) {
    this.uploads = new UploadRules(ctx);
  }

  /** Sets the question's image (a file sent) and its alt text, or the alt text alone. */
  async save(auth: AuthInfo, input: MultipartInput<QuestionImageFields>): Promise<Question> {
    return input(async ({ fields, files }) => {
      const alt = plainText(fields.alt);
      if (!alt) throw badRequest({ field: 'alt' });
      if (files.length > 1 || files.some((f) => f.field !== QUESTION_IMAGE_FIELD)) throw badRequest({ field: QUESTION_IMAGE_FIELD });
      const [file] = files;
      const before = await ownQuestion(this.ctx.db, auth, fields.id_question);
      if (file && !isImageType(file.mime)) throw new AppError(400, 'TEST_IMAGE_TYPE');
      if (!file && before.imageFileId === null) throw badRequest({ field: QUESTION_IMAGE_FIELD });
      // The bytes go to the store first, outside the transaction (a transfer may take long).
      if (file) await this.ctx.files.put(file);
      return this.ctx.db.transaction(async (tx) => {
        const q = await ownQuestion(tx, auth, fields.id_question, true);
        let fileId = q.imageFileId;
        if (file) {
          await this.uploads.assertFits(tx, auth, file.size);
          fileId = (await this.ctx.files.save(tx, auth.userId, file)).id;
        }
        if (fileId === null) throw badRequest({ field: QUESTION_IMAGE_FIELD });
        const saved = await bank.updateQuestion(tx, q.id, { imageFileId: fileId, imageAlt: alt, updatedAt: this.ctx.now() });
        if (q.imageFileId !== null && q.imageFileId !== fileId) await this.ctx.files.remove(tx, [q.imageFileId]);
        return questionOf(saved, (await bank.inUse(tx, [q.id])).has(q.id));
      });
    });
  }

  /** Removes the question's image (and its file). */
  async remove(auth: AuthInfo, questionId: number): Promise<Question> {
    return this.ctx.db.transaction(async (tx) => {
      const q = await ownQuestion(tx, auth, questionId, true);
      const saved = q.imageFileId === null ? q : await bank.updateQuestion(tx, q.id, { imageFileId: null, imageAlt: null, updatedAt: this.ctx.now() });
      if (q.imageFileId !== null) await this.ctx.files.remove(tx, [q.imageFileId]);
      return questionOf(saved, (await bank.inUse(tx, [q.id])).has(q.id));
    });
  }

  /** The image by the question (its teachers) or by an attempt's slot (its student, its teachers); see the top of this file. */
  async file(auth: AuthInfo, query: QuestionImageQuery): Promise<Download> {
    const db = this.ctx.db;
    let q: bank.QuestionRow | undefined;
    if (query.id_question !== undefined && query.id_attempt === undefined && query.slot === undefined) {
      if (auth.role === ROLE_STUDENT) throw forbidden();
      q = await ownQuestion(db, auth, query.id_question);
    } else if (query.id_question === undefined && query.id_attempt !== undefined && query.slot !== undefined) {
      const a = await att.attempt(db, query.id_attempt);
      if (!a) throw notFound();
      const t = (await att.test(db, a.testId))!;
      if (auth.role === ROLE_STUDENT) {
        if (a.studentId !== auth.uid) throw forbidden();
        const now = this.ctx.now();
        const reviewable = a.state !== 'open' && (shows(t.showScore as TestShow, t, now) || shows(t.showAnswers as TestShow, t, now));
        if (a.state !== 'open' && !reviewable) throw forbidden();
      } else await assertTeaches(db, auth, t.disciplineId);
      const slot = a.paper[query.slot - 1];
      if (!slot) throw notFound();
      q = await bank.question(db, slot.q);
    } else throw badRequest({ field: 'id_question' });
    const file = q?.imageFileId ? await this.ctx.files.find(db, q.imageFileId) : null;
    if (!file) throw notFound();
    return file;
  }
}
