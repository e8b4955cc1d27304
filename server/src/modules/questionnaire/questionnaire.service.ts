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
 */
import { ROLE_TEACHER, type Language } from '@contract/common';
import type {
  AnswerBody,
  CreateBody,
  QuestionnaireChoices,
  QuestionnaireForm,
  QuestionnaireItem,
  QuestionnaireLists,
  QuestionnaireResults,
} from '@contract/questionnaire';
import { QUESTIONNAIRE_MIN_ANSWERS, SCALE_MAX, SCALE_MIN } from '@contract/pure/questionnaire';
import { sql } from 'drizzle-orm';
import { AppError, badRequest, forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import { localName } from '../../i18n';
import { fullName } from '../../lib/person';
import type { AuthInfo } from '../../shared/caller';
import { journalPeriod } from '../../shared/academic/journal-period';
import { localDate } from '../../shared/lesson-clock';
import type { Download } from '../../plugins/reply';
import * as repo from './questionnaire.repository';
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

  /** The caller's answers, once: refused outside the dates, outside the audience, a second time, or not fitting the questions. */
  async answer(auth: AuthInfo, body: AnswerBody): Promise<void> {
    const { q, member } = await this.find(auth, body.id);
    if (!member) throw notFound();
    const now = this.ctx.now();
    if (now < q.opensAt) throw new AppError(409, 'QUESTIONNAIRE_NOT_OPEN', { date: shown(q.opensAt) });
    if (now >= q.closesAt) throw new AppError(409, 'QUESTIONNAIRE_CLOSED', { date: shown(q.closesAt) });
    // Answered already: refused whatever this answer holds (the transaction below still decides a race).
    if (q.answered) throw new AppError(409, 'ALREADY_ANSWERED');
    const rows = checkAnswers(await repo.questions(this.ctx.db, q.id), body.answers);
    await this.ctx.db.transaction(async (tx) => {
      // The respondents' primary key holds one answer per person: a second (or concurrent) one conflicts and writes nothing.
      if (!(await repo.markAnswered(tx, q.id, auth.userId))) throw new AppError(409, 'ALREADY_ANSWERED');
      await repo.insertResponse(tx, q.id, q.anonymous ? null : auth.userId, rows);
    });
  }

  async create(auth: AuthInfo, body: CreateBody): Promise<{ id: number }> {
    const r = await this.rights(auth);
    if (!r.admin && r.facultyId === null) throw forbidden();
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
    return db.transaction(async (tx) => ({
      id: await repo.insert(
        tx,
        {
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
          createdBy: auth.userId,
          createdAt: this.ctx.now(),
        },
        body.questions.map((x) => ({ kind: x.kind, text: x.text.trim(), options: x.options.map((o) => o.trim()), required: x.required })),
      ),
    }));
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

type QuestionRow = Awaited<ReturnType<typeof repo.questions>>[number];

/** The answers as rows, each checked against its question (QUESTIONNAIRE_ANSWER, 400, naming the question's number). */
export function checkAnswers(questions: QuestionRow[], given: AnswerBody['answers']): repo.AnswerRow[] {
  const byId = new Map(given.map((a) => [a.id_question, a]));
  if (byId.size !== given.length || given.some((a) => !questions.some((x) => x.id === a.id_question)))
    throw new AppError(400, 'QUESTIONNAIRE_ANSWER', { question: 0 });
  const rows: repo.AnswerRow[] = [];
  questions.forEach((x, i) => {
    const a = byId.get(x.id);
    const refuse = () => new AppError(400, 'QUESTIONNAIRE_ANSWER', { question: i + 1 });
    const text = a?.text?.trim() ?? '';
    const empty = !a || (a.choice === undefined && (a.choices ?? []).length === 0 && text === '');
    if (empty) {
      if (x.required) throw refuse();
      return;
    }
    if (x.kind === 'scale' || x.kind === 'single') {
      const [min, max] = x.kind === 'scale' ? [SCALE_MIN, SCALE_MAX] : [0, x.options.length - 1];
      if (a.choice === undefined || a.choice < min || a.choice > max || a.choices !== undefined || a.text !== undefined) throw refuse();
      rows.push({ questionId: x.id, choice: a.choice, choices: null, text: null });
    } else if (x.kind === 'multiple') {
      const set = [...new Set(a.choices ?? [])].sort((p, n) => p - n);
      if (a.choice !== undefined || a.text !== undefined || set.length !== (a.choices ?? []).length || set.some((c) => c >= x.options.length)) throw refuse();
      rows.push({ questionId: x.id, choice: null, choices: set, text: null });
    } else {
      if (a.choice !== undefined || a.choices !== undefined) throw refuse();
      rows.push({ questionId: x.id, choice: null, choices: null, text });
    }
  });
  return rows;
}

/** A question's counts, mean and texts from every answer. */
export function tally(x: QuestionRow, answers: repo.AnswerRow[]): QuestionnaireResults['questions'][number] {
  const mine = answers.filter((a) => a.questionId === x.id);
  const labels = x.kind === 'scale' ? ['1', '2', '3', '4', '5'] : x.kind === 'text' ? [] : x.options;
  const counts = labels.map(() => 0);
  for (const a of mine) {
    if (x.kind === 'scale' && a.choice !== null) counts[a.choice - SCALE_MIN]++;
    if (x.kind === 'single' && a.choice !== null) counts[a.choice]++;
    if (x.kind === 'multiple') for (const c of a.choices ?? []) counts[c]++;
  }
  const scaleSum = x.kind === 'scale' ? mine.reduce((n, a) => n + (a.choice ?? 0), 0) : 0;
  return {
    id: x.id,
    kind: x.kind,
    text: x.text,
    labels,
    counts,
    answered: mine.length,
    mean: x.kind === 'scale' && mine.length > 0 ? Math.round((scaleSum / mine.length) * 100) / 100 : null,
    texts: x.kind === 'text' ? mine.map((a) => a.text ?? '').filter((t) => t !== '') : [],
  };
}
