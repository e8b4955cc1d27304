/**
 * Questionnaires (docs/areas/questionnaire.md#for-users): an administrator (any audience) or a
 * faculty's dean's office (his faculty's audiences) creates one; each person of its audience answers
 * it once between its dates; its results are read by those who manage it, and an evaluation's by its
 * teacher once it has closed and his half-year's marks are closed, only when QUESTIONNAIRE_MIN_ANSWERS
 * have answered.
 *
 * Anonymity (docs/areas/questionnaire.md#anonymity): the one-answer rule is a row (questionnaire,
 * user) in questionnaire_respondents, written in the transaction that writes the response; the
 * response of an anonymous questionnaire has a random id, no user and no time, so no column links it
 * to the respondents' rows.
 *
 * Corrections (docs/areas/questionnaire.md#corrections): those who manage one edit it wholly and
 * delete it while nobody has answered; after the first answer they may only move its closing (never
 * before now) or close it now. Each change and each answer holds the questionnaire's row lock.
 */
import { ROLE_TEACHER, type Language } from '@contract/common';
import type {
  AnswerBody,
  ClosingBody,
  CreateBody,
  QuestionnaireDraft,
  UpdateBody,
  QuestionnaireChoices,
  QuestionnaireForm,
  QuestionnaireItem,
  QuestionnaireLists,
  QuestionnaireResults,
} from '@contract/questionnaire';
import { QUESTIONNAIRE_MIN_ANSWERS } from '@contract/pure/questionnaire';
import { sql } from 'drizzle-orm';
import { AppError, badRequest, forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import { fullName } from '../../lib/person';
import type { AuthInfo } from '../../shared/caller';
import { journalPeriod } from '../../shared/academic/journal-period';
import { localDate } from '../../shared/lesson-clock';
import type { Download } from '../../plugins/reply';
import * as repo from './questionnaire.repository';
import { checkAnswers, tally } from './questionnaire.answers';
import { resultsWorkbook } from './questionnaire.xlsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A list shows the questionnaires to answer that closed up to this many days ago. */
const RECENT_DAYS = 30;

/** 'DD.MM.YYYY' of an instant, in the university's time zone, as refusals name dates. */
const shown = (at: Date) => {
  const d = localDate(at);
  return `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
};

interface Rights {
  admin: boolean;
  facultyId: number | null;
}

export class QuestionnaireService {
  constructor(private readonly ctx: AppContext) {}

  private async rights(auth: AuthInfo): Promise<Rights> {
    if (auth.role !== ROLE_TEACHER) return { admin: false, facultyId: null };
    const { admin, deanFacultyId } = await repo.rightsOf(this.ctx.db, auth.userId);
    return { admin, facultyId: admin ? null : deanFacultyId };
  }

  private manages(r: Rights, q: repo.ItemRow): boolean {
    return r.admin || (r.facultyId !== null && q.facultyId === r.facultyId);
  }

  /** An evaluation's teacher reads its results once it has closed and his half-year's marks are closed. */
  private teacherMayRead(auth: AuthInfo, q: repo.ItemRow): boolean {
    if (auth.role !== ROLE_TEACHER || q.teacherId !== auth.uid) return false;
    const now = this.ctx.now();
    const rules = { now, graceDays: this.ctx.config.journalGraceDays, mayReopen: false };
    return now >= q.closesAt && journalPeriod(q, rules).closed;
  }

  private item(q: repo.ItemRow, lang: Language, results: boolean, withCount: boolean): QuestionnaireItem {
    const now = this.ctx.now();
    const a = q.audienceName;
    return {
      id: q.id,
      title: q.title,
      kind: q.kind,
      anonymous: q.anonymous,
      opensAt: q.opensAt.toISOString(),
      closesAt: q.closesAt.toISOString(),
      state: now < q.opensAt ? 'upcoming' : now < q.closesAt ? 'open' : 'closed',
      answered: q.answered,
      teacher: q.teacher ? fullName(q.teacher) : '',
      discipline: q.discipline ? localName(q.discipline, lang) : '',
      audience: { kind: q.audienceKind, name: !a ? '' : 'nameRu' in a ? localName(a, lang) : a.name },
      answers: withCount ? q.answers : 0,
      results,
    };
  }

  /** One questionnaire as the caller sees it: 404 when he is neither of its audience nor may read it. */
  private async find(auth: AuthInfo, id: number) {
    const [q] = await repo.items(this.ctx.db, auth.userId, sql`q.id = ${id}`);
    if (!q) throw notFound();
    const r = await this.rights(auth);
    const [member] = await repo.items(this.ctx.db, auth.userId, sql`q.id = ${id} and (${repo.inAudience(auth.role, auth.uid)})`);
    const manages = this.manages(r, q);
    const reads = manages || this.teacherMayRead(auth, q);
    if (!member && !reads && !(auth.role === ROLE_TEACHER && q.teacherId === auth.uid)) throw notFound();
    return { q, member: Boolean(member), manages, reads };
  }

  async lists(auth: AuthInfo, lang: Language): Promise<QuestionnaireLists> {
    const r = await this.rights(auth);
    const since = new Date(this.ctx.now().getTime() - RECENT_DAYS * 86_400_000);
    const db = this.ctx.db;
    const toAnswer = await repo.items(db, auth.userId, sql`q.closes_at > ${since.toISOString()} and (${repo.inAudience(auth.role, auth.uid)})`);
    const manage = r.admin || r.facultyId !== null;
    const managed = !manage ? [] : await repo.items(db, auth.userId, r.admin ? sql`true` : sql`q.faculty_id = ${r.facultyId}`);
    const evaluations = auth.role === ROLE_TEACHER ? await repo.items(db, auth.userId, sql`q.teacher_id = ${auth.uid}`) : [];
    return {
      toAnswer: toAnswer.map((q) => this.item(q, lang, false, false)),
      manage,
      managed: managed.map((q) => this.item(q, lang, true, true)),
      evaluations: evaluations.map((q) => {
        const reads = this.teacherMayRead(auth, q);
        return this.item(q, lang, reads, reads);
      }),
    };
  }

  async form(auth: AuthInfo, id: number, lang: Language): Promise<QuestionnaireForm> {
    const { q, member } = await this.find(auth, id);
    if (!member) throw notFound();
    return { item: this.item(q, lang, false, false), description: q.description, questions: await repo.questions(this.ctx.db, id) };
  }

  /**
   * The caller's answers, once: refused outside the dates, outside the audience, a second time, or not
   * fitting the questions in force when they are written (the questionnaire's row is locked for share
   * meanwhile, so an edit or a deletion waits for the answer, and an answer for a change under way).
   */
  async answer(auth: AuthInfo, body: AnswerBody): Promise<void> {
    const { q, member } = await this.find(auth, body.id);
    if (!member) throw notFound();
    this.assertOpen(q);
    // Answered already: refused whatever this answer holds (the transaction below still decides a race).
    if (q.answered) throw new AppError(409, 'ALREADY_ANSWERED');
    await this.ctx.db.transaction(async (tx) => {
      const locked = await repo.lock(tx, q.id, 'share');
      if (!locked) throw notFound();
      this.assertOpen(locked);
      const rows = checkAnswers(await repo.questions(tx, q.id), body.answers);
      // The respondents' primary key holds one answer per person: a second (or concurrent) one conflicts and writes nothing.
      if (!(await repo.markAnswered(tx, q.id, auth.userId))) throw new AppError(409, 'ALREADY_ANSWERED');
      await repo.insertResponse(tx, q.id, q.anonymous ? null : auth.userId, rows);
    });
  }

  /** 409 before the opening or from the closing, naming the date. */
  private assertOpen(q: { opensAt: Date; closesAt: Date }): void {
    const now = this.ctx.now();
    if (now < q.opensAt) throw new AppError(409, 'QUESTIONNAIRE_NOT_OPEN', { date: shown(q.opensAt) });
    if (now >= q.closesAt) throw new AppError(409, 'QUESTIONNAIRE_CLOSED', { date: shown(q.closesAt) });
  }

  async create(auth: AuthInfo, body: CreateBody): Promise<{ id: number }> {
    const r = await this.rights(auth);
    if (!r.admin && r.facultyId === null) throw forbidden();
    const { values, questions } = await this.prepare(r, body);
    const created = { ...values, createdBy: auth.userId, createdAt: this.ctx.now() };
    return this.ctx.db.transaction(async (tx) => ({ id: await repo.insert(tx, created, questions) }));
  }

  /**
   * A new or edited questionnaire's row and questions: 403 for an audience outside a dean's office's
   * faculty (every teacher is an administrator's), 400 for closing not after opening, an unknown
   * audience, an evaluation whose teacher does not give the discipline, a choice with fewer than two options.
   */
  private async prepare(r: Rights, body: CreateBody): Promise<{ values: repo.QuestionnaireValues; questions: repo.NewQuestion[] }> {
    const db = this.ctx.db;
    const opensAt = new Date(body.opensAt);
    const closesAt = new Date(body.closesAt);
    if (!(opensAt < closesAt)) throw badRequest({ field: 'closesAt' });
    const { kind, id } = body.audience;
    if (id === null && (kind !== 'teachers' || !r.admin)) throw badRequest({ field: 'audience' });
    const facultyId = id === null ? null : await repo.facultyOf(db, kind === 'teachers' ? 'faculty' : kind, id);
    if (id !== null && facultyId === null) throw badRequest({ field: 'audience' });
    if (!r.admin && facultyId !== r.facultyId) throw forbidden();
    const evaluation = body.kind === 'evaluation';
    if (evaluation) {
      if (body.id_teacher === undefined || body.id_discipline === undefined) throw badRequest({ field: 'id_teacher' });
      if (!(await repo.teaches(db, body.id_teacher, body.id_discipline, body.id_a_year, body.id_w_s))) throw badRequest({ field: 'id_discipline' });
    }
    body.questions.forEach((x, i) => {
      const choice = x.kind === 'single' || x.kind === 'multiple';
      if (choice ? x.options.length < 2 : x.options.length > 0) throw badRequest({ field: `questions.${i}.options` });
    });
    return {
      values: {
        title: body.title.trim(),
        description: body.description.trim(),
        kind: body.kind,
        anonymous: body.anonymous,
        opensAt,
        closesAt,
        academicYearId: body.id_a_year,
        workingSemesterId: body.id_w_s,
        audienceKind: kind,
        audienceId: id,
        facultyId,
        teacherId: evaluation ? body.id_teacher : null,
        disciplineId: evaluation ? body.id_discipline : null,
      },
      questions: body.questions.map((x) => ({ kind: x.kind, text: x.text.trim(), options: x.options.map((o) => o.trim()), required: x.required })),
    };
  }

  /** A questionnaire the caller manages: 404 when he may not see it, 403 when he only answers or reads it. */
  private async managed(auth: AuthInfo, id: number): Promise<{ q: repo.ItemRow; r: Rights }> {
    const { q, manages } = await this.find(auth, id);
    if (!manages) throw forbidden();
    return { q, r: await this.rights(auth) };
  }

  /** Runs a change under the questionnaire's row lock (for update): 404 when it is gone meanwhile. */
  private changing<T>(id: number, change: (tx: Db, now: { opensAt: Date; closesAt: Date; answers: number }) => Promise<T>): Promise<T> {
    return this.ctx.db.transaction(async (tx) => {
      const locked = await repo.lock(tx, id, 'update');
      if (!locked) throw notFound();
      return change(tx, locked);
    });
  }

  /** draft.json: a managed questionnaire as the form edits it. */
  async draft(auth: AuthInfo, id: number): Promise<QuestionnaireDraft> {
    const { q } = await this.managed(auth, id);
    const questions = await repo.questions(this.ctx.db, id);
    return {
      id,
      answers: q.answers,
      body: {
        title: q.title,
        description: q.description,
        kind: q.kind,
        anonymous: q.anonymous,
        opensAt: q.opensAt.toISOString(),
        closesAt: q.closesAt.toISOString(),
        id_a_year: q.academicYearId,
        id_w_s: q.workingSemesterId as 1 | 2,
        audience: { kind: q.audienceKind, id: q.audienceId },
        ...(q.teacherId !== null && q.disciplineId !== null ? { id_teacher: q.teacherId, id_discipline: q.disciplineId } : {}),
        questions: questions.map((x) => ({ kind: x.kind, text: x.text, options: x.options, required: x.required })),
      },
    };
  }

  /**
   * update.json: the whole questionnaire replaced while nobody has answered it (409
   * QUESTIONNAIRE_HAS_ANSWERS after, decided under the row lock against an answer arriving), with the
   * rules of a new one and a closing after now (400 QUESTIONNAIRE_CLOSE_PAST).
   */
  async update(auth: AuthInfo, body: UpdateBody): Promise<{ id: number }> {
    const { q, r } = await this.managed(auth, body.id);
    if (q.answers > 0) throw new AppError(409, 'QUESTIONNAIRE_HAS_ANSWERS', { count: q.answers });
    const { values, questions } = await this.prepare(r, body);
    if (values.closesAt < this.ctx.now()) throw new AppError(400, 'QUESTIONNAIRE_CLOSE_PAST');
    await this.changing(body.id, async (tx, now) => {
      if (now.answers > 0) throw new AppError(409, 'QUESTIONNAIRE_HAS_ANSWERS', { count: now.answers });
      await repo.replace(tx, body.id, values, questions);
    });
    return { id: body.id };
  }

  /** closing.json: the closing moved, answers or not: never before now nor to the opening (400 QUESTIONNAIRE_CLOSE_PAST). */
  async moveClosing(auth: AuthInfo, body: ClosingBody): Promise<{ id: number }> {
    await this.managed(auth, body.id);
    const closesAt = new Date(body.closesAt);
    await this.changing(body.id, async (tx, now) => {
      if (closesAt < this.ctx.now() || closesAt <= now.opensAt) throw new AppError(400, 'QUESTIONNAIRE_CLOSE_PAST');
      await repo.setClosing(tx, body.id, closesAt);
    });
    return { id: body.id };
  }

  /** close.json: an open questionnaire closed now (409 before its opening or once closed). */
  async closeNow(auth: AuthInfo, id: number): Promise<{ id: number }> {
    await this.managed(auth, id);
    await this.changing(id, async (tx, now) => {
      this.assertOpen(now);
      await repo.setClosing(tx, id, this.ctx.now());
    });
    return { id };
  }

  /** delete.json: a questionnaire nobody has answered, with its questions (409 QUESTIONNAIRE_HAS_ANSWERS otherwise: close it instead). */
  async remove(auth: AuthInfo, id: number): Promise<{ id: number }> {
    await this.managed(auth, id);
    await this.changing(id, async (tx, now) => {
      if (now.answers > 0) throw new AppError(409, 'QUESTIONNAIRE_HAS_ANSWERS', { count: now.answers });
      await repo.remove(tx, id);
    });
    return { id };
  }

  async choices(auth: AuthInfo, lang: Language): Promise<QuestionnaireChoices> {
    const r = await this.rights(auth);
    if (!r.admin && r.facultyId === null) throw forbidden();
    const c = await repo.choices(this.ctx.db, r.facultyId);
    return {
      faculties: c.faculties.map((f) => ({ id: f.id, name: localName(f, lang) })),
      groups: c.groups,
      disciplines: c.disciplines.map((d) => ({ id: d.id, name: `${d.code} ${localName(d, lang)}` })),
      teachers: c.teachers.map((t) => ({ id: t.id, name: fullName(t) })),
    };
  }

  async results(auth: AuthInfo, id: number, lang: Language): Promise<QuestionnaireResults> {
    const { q, reads } = await this.find(auth, id);
    if (!reads) throw forbidden();
    const item = this.item(q, lang, true, true);
    const shownNow = q.answers >= QUESTIONNAIRE_MIN_ANSWERS;
    if (!shownNow) return { item, answers: q.answers, threshold: QUESTIONNAIRE_MIN_ANSWERS, shown: false, questions: [] };
    const [questions, answers] = await Promise.all([repo.questions(this.ctx.db, id), repo.answers(this.ctx.db, id)]);
    return { item, answers: q.answers, threshold: QUESTIONNAIRE_MIN_ANSWERS, shown: true, questions: questions.map((x) => tally(x, answers)) };
  }

  async exportWorkbook(auth: AuthInfo, id: number, lang: Language): Promise<Download> {
    const res = await this.results(auth, id, lang);
    return { name: `questionnaire-${id}.xlsx`, type: XLSX_TYPE, bytes: await resultsWorkbook(res, lang) };
  }
}
