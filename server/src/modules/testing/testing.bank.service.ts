/**
 * The question bank's rules (docs/areas/testing.md): only a teacher of the discipline (a teaching
 * assignment of his, any year) reads or writes its categories and questions (403). A question's
 * content must be gradable (400 TEST_QUESTION_INVALID); a question papers hold keeps its kind and
 * its number of options (409 TEST_QUESTION_IN_USE) and is never deleted; its correction regrades
 * the finished attempts that hold it in the same transaction; deleting it deletes its image. An
 * import is all or nothing.
 */
import { ROLE_TEACHER, type Language } from '@contract/common';
import type { Category, CategorySaveBody, ImportBody, Question, QuestionSaveBody, TestingDiscipline } from '@contract/testing';
import { AppError, forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import type { AuthInfo } from '../../shared/caller';
import * as bank from './testing.bank.repository';
import { parseAiken, parseGift, toGift } from './testing.formats';
import { bankImage } from './testing.image-src';
import { contentProblem, optionCount } from './testing.grading';
import { regradeAttempt } from './testing.scoring';
import { problemText } from './testing.texts';

export const questionInUse = () => new AppError(409, 'TEST_QUESTION_IN_USE');

/** 403 unless the caller is a teacher of the discipline. */
export async function assertTeaches(db: Db, auth: AuthInfo, disciplineId: number): Promise<void> {
  if (auth.role !== ROLE_TEACHER || !(await bank.teachesDiscipline(db, auth.uid, disciplineId))) throw forbidden();
}

export function questionOf(q: bank.QuestionRow, used: boolean): Question {
  return {
    id: q.id,
    id_category: q.categoryId,
    text: q.text,
    points: q.points,
    content: q.content,
    image: bankImage(q),
    inUse: used,
    updatedAt: q.updatedAt.toISOString(),
  };
}

/** The category if the caller teaches its discipline (404 unknown, 403 another's). */
async function ownCategory(db: Db, auth: AuthInfo, id: number): Promise<bank.CategoryRow> {
  const c = await bank.category(db, id);
  if (!c) throw notFound();
  await assertTeaches(db, auth, c.disciplineId);
  return c;
}

/** The question if the caller teaches its discipline (404 unknown, 403 another's); `lock`: for update. */
export async function ownQuestion(db: Db, auth: AuthInfo, id: number, lock = false): Promise<bank.QuestionRow> {
  const q = await bank.question(db, id, lock);
  if (!q) throw notFound();
  await ownCategory(db, auth, q.categoryId);
  return q;
}

export class TestingBankService {
  constructor(private readonly ctx: AppContext) {}

  async disciplines(auth: AuthInfo, lang: Language): Promise<TestingDiscipline[]> {
    if (auth.role !== ROLE_TEACHER) throw forbidden();
    const out = new Map<number, TestingDiscipline>();
    for (const r of await bank.taught(this.ctx.db, auth.uid)) {
      const d = out.get(r.disciplineId) ?? { id: r.disciplineId, name: localName(r, lang), groups: [] };
      out.set(d.id, d);
      let g = d.groups.find((x) => x.id === r.groupId);
      if (!g) d.groups.push((g = { id: r.groupId, name: r.group, subgroups: [] }));
      if (r.subgroupId !== null && !g.subgroups.some((s) => s.id === r.subgroupId)) g.subgroups.push({ id: r.subgroupId, name: r.subgroup ?? '' });
    }
    return [...out.values()];
  }

  async categories(auth: AuthInfo, disciplineId: number): Promise<Category[]> {
    await assertTeaches(this.ctx.db, auth, disciplineId);
    return bank.categoriesOf(this.ctx.db, disciplineId);
  }

  async saveCategory(auth: AuthInfo, body: CategorySaveBody): Promise<Category[]> {
    return this.ctx.db.transaction(async (tx) => {
      await assertTeaches(tx, auth, body.id_discipline);
      const name = body.name.trim();
      const same = await bank.categoryByName(tx, body.id_discipline, name);
      if (same && same.id !== body.id) throw new AppError(409, 'CONFLICT');
      if (body.id === undefined) await bank.insertCategory(tx, body.id_discipline, name, this.ctx.now());
      else {
        const c = await ownCategory(tx, auth, body.id);
        if (c.disciplineId !== body.id_discipline) throw forbidden();
        await bank.renameCategory(tx, c.id, name);
      }
      return bank.categoriesOf(tx, body.id_discipline);
    });
  }

  async deleteCategory(auth: AuthInfo, id: number): Promise<Category[]> {
    return this.ctx.db.transaction(async (tx) => {
      const c = await ownCategory(tx, auth, id);
      if ((await bank.questionsOf(tx, c.disciplineId, c.id)).length > 0) throw new AppError(409, 'CONFLICT');
      await bank.deleteCategory(tx, c.id);
      return bank.categoriesOf(tx, c.disciplineId);
    });
  }

  async questions(auth: AuthInfo, disciplineId: number, categoryId?: number): Promise<Question[]> {
    await assertTeaches(this.ctx.db, auth, disciplineId);
    const rows = await bank.questionsOf(this.ctx.db, disciplineId, categoryId);
    const used = await bank.inUse(
      this.ctx.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => questionOf(r, used.has(r.id)));
  }

  async question(auth: AuthInfo, id: number): Promise<Question> {
    const q = await ownQuestion(this.ctx.db, auth, id);
    return questionOf(q, (await bank.inUse(this.ctx.db, [q.id])).has(q.id));
  }

  async saveQuestion(auth: AuthInfo, body: QuestionSaveBody, lang: Language): Promise<{ question: Question; regraded: number }> {
    const problem = contentProblem(body.content);
    if (problem) throw new AppError(400, 'TEST_QUESTION_INVALID', { reason: problemText(problem, lang) });
    return this.ctx.db.transaction(async (tx) => {
      const category = await ownCategory(tx, auth, body.id_category);
      const values = {
        categoryId: category.id,
        kind: body.content.kind,
        text: body.text,
        points: body.points,
        content: body.content,
        teacherId: auth.uid,
        updatedAt: this.ctx.now(),
      };
      if (body.id === undefined) return { question: questionOf(await bank.insertQuestion(tx, values), false), regraded: 0 };
      const old = await ownQuestion(tx, auth, body.id, true);
      if (old.categoryId !== category.id) {
        const from = await bank.category(tx, old.categoryId);
        if (from?.disciplineId !== category.disciplineId) throw forbidden();
      }
      const used = (await bank.inUse(tx, [old.id])).has(old.id);
      if (used && (old.content.kind !== body.content.kind || optionCount(old.content) !== optionCount(body.content))) throw questionInUse();
      const saved = await bank.updateQuestion(tx, old.id, values);
      const attempts = used ? await bank.attemptsHolding(tx, old.id) : [];
      for (const id of attempts) await regradeAttempt(tx, id);
      return { question: questionOf(saved, used), regraded: attempts.length };
    });
  }

  async deleteQuestion(auth: AuthInfo, id: number): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const q = await ownQuestion(tx, auth, id, true);
      if ((await bank.inUse(tx, [q.id])).has(q.id)) throw questionInUse();
      await bank.deleteQuestion(tx, q.id);
      if (q.imageFileId !== null) await this.ctx.files.remove(tx, [q.imageFileId]);
    });
  }

  async import(auth: AuthInfo, body: ImportBody, lang: Language) {
    const parsed = body.format === 'aiken' ? parseAiken(body.text) : parseGift(body.text);
    if (parsed.questions.length === 0 && parsed.problems.length === 0) parsed.problems.push({ line: 1, problem: 'empty' });
    const problems = parsed.problems.map((p) => ({ line: p.line, reason: problemText(p.problem, lang) }));
    const kinds: Record<string, number> = {};
    for (const q of parsed.questions) kinds[q.content.kind] = (kinds[q.content.kind] ?? 0) + 1;
    return this.ctx.db.transaction(async (tx) => {
      const category = await ownCategory(tx, auth, body.id_category);
      if (body.dryRun) return { imported: 0, kinds, problems };
      if (problems.length > 0)
        throw new AppError(400, 'TEST_IMPORT', { lines: problems.map((p) => p.line).join(', '), line: problems[0].line, reason: problems[0].reason });
      for (const q of parsed.questions)
        await bank.insertQuestion(tx, {
          categoryId: category.id,
          kind: q.content.kind,
          text: q.text,
          points: 1,
          content: q.content,
          teacherId: auth.uid,
          updatedAt: this.ctx.now(),
        });
      return { imported: parsed.questions.length, kinds, problems };
    });
  }

  /** The category's questions as GIFT (ordering questions, outside GIFT, left out). */
  async exportGift(auth: AuthInfo, categoryId: number): Promise<{ name: string; text: string }> {
    const c = await ownCategory(this.ctx.db, auth, categoryId);
    const rows = await bank.questionsOf(this.ctx.db, c.disciplineId, c.id);
    const text = [`$CATEGORY: ${c.name}`, ...rows.map(toGift).filter((x): x is string => x !== null)].join('\n\n') + '\n';
    return { name: `questions-${c.id}.gift.txt`, text };
  }
}
