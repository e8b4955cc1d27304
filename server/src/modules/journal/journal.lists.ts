/**
 * The journal screen's lists: reference lists, the caller's journals in a half-year and the filters
 * drawn from them, and the first view (start.json).
 */
import {
  MARK_ABSENT,
  MARK_EXCUSED,
  MARK_PRESENT,
  MARK_SCALES,
  type AssessmentsQuery,
  type JournalInfo,
  type JournalsBody,
  type JournalStart,
} from '@contract/journal';
import { type IdName, type Language } from '@contract/common';
import { localName } from '../../i18n';
import { currentPeriod } from '../../lib/academic-year';
import type { AcademicService } from '../../shared/academic/academic.service';
import { asTeacher, type AuthInfo } from '../../shared/caller';
import * as repo from './journal.repository';
import { formNames, ownJournal, periodRules, type JournalReadContext } from './journal.service';
import { infoView } from './journal.views';
import { scaleOf } from './journal.marks';

export class JournalLists {
  constructor(
    private readonly ctx: JournalReadContext,
    /** The academic years the first view lists (shared/academic/academic.service.ts). */
    private readonly academic: Pick<AcademicService, 'years'>,
  ) {}

  async lessonTypes(lang: Language): Promise<IdName[]> {
    return (await repo.lessonTypeList(this.ctx.db)).map((r) => ({ id: r.id, name: localName(r, lang) }));
  }

  async educationForms(lang: Language): Promise<IdName[]> {
    return (await repo.educationFormList(this.ctx.db)).map((r) => ({ id: r.id, name: localName(r, lang) }));
  }

  async modules(lang: Language): Promise<IdName[]> {
    return (await repo.moduleList(this.ctx.db)).map((r) => ({ id: r.id, name: localName(r, lang) }));
  }

  /** The marks a cell of the journal may hold, as the journal writes them (id = position); without a journal, the default scale's. */
  async assessments(auth: AuthInfo, input: AssessmentsQuery): Promise<IdName[]> {
    const scale = input.id_journal === undefined ? '2-5' : scaleOf(await ownJournal(this.ctx.db, auth, input.id_journal));
    const { min, max } = MARK_SCALES[scale];
    return [MARK_PRESENT, MARK_ABSENT, MARK_EXCUSED, ...Array.from({ length: max - min + 1 }, (_, i) => String(min + i))].map((name, i) => ({
      id: i + 1,
      name,
    }));
  }

  async lessonTimes(): Promise<IdName[]> {
    return (await repo.lessonTimeList(this.ctx.db)).map((t) => ({ id: t.id, name: `${t.startsAt.slice(0, 5)}–${t.endsAt.slice(0, 5)}` }));
  }

  /** The caller's journals in a half-year. */
  async journals(auth: AuthInfo, input: JournalsBody, lang: Language): Promise<JournalInfo[]> {
    const teacherId = asTeacher(auth);
    const forms = await formNames(this.ctx.db, lang);
    const rules = periodRules(this.ctx, auth);
    return (await repo.journals(this.ctx.db, { teacherId, year: input.id_a_year, ws: input.id_w_s })).map((r) => infoView(r, lang, forms, rules));
  }

  /**
   * The journal screen's first view for a teacher (start.json): the years, his journals in the
   * current year and half-year (named as `half`), the lesson times and the modules, read side by side.
   */
  async start(auth: AuthInfo, lang: Language): Promise<JournalStart> {
    asTeacher(auth);
    const period = currentPeriod(this.ctx.now());
    const half = { id_a_year: period.year, id_w_s: period.ws };
    const [journals, times, modules] = await Promise.all([this.journals(auth, half, lang), this.lessonTimes(), this.modules(lang)]);
    return { years: this.academic.years(), half, journals, times, modules };
  }

  /** The same, ordered by group (or stream) first. */
  async journalsByGroup(auth: AuthInfo, input: JournalsBody, lang: Language): Promise<JournalInfo[]> {
    const list = await this.journals(auth, input, lang);
    return [...list].sort(
      (a, b) =>
        a.groupOrPotok.localeCompare(b.groupOrPotok, 'ru') ||
        a.discipline.localeCompare(b.discipline, 'ru') ||
        a.id_vid_zaniatiy - b.id_vid_zaniatiy ||
        a.subgroup - b.subgroup,
    );
  }

  /** Semesters of study among the caller's journals in a half-year. */
  async semesters(auth: AuthInfo, input: JournalsBody, lang: Language): Promise<IdName[]> {
    const list = await this.journals(auth, input, lang);
    const seen = new Map(list.map((j) => [j.id_semester, j.semester]));
    return [...seen].sort((a, b) => a[0] - b[0]).map(([id, name]) => ({ id, name }));
  }

  /** Groups and streams among the caller's journals in a half-year (and semester, when given). */
  async groups(auth: AuthInfo, input: JournalsBody & { id_semester?: number }, lang: Language): Promise<IdName[]> {
    const list = (await this.journals(auth, input, lang)).filter((j) => input.id_semester === undefined || j.id_semester === input.id_semester);
    const seen = new Map(list.map((j) => [j.id_groupOrPotok, j.groupOrPotok]));
    return [...seen].sort((a, b) => a[1].localeCompare(b[1], 'ru')).map(([id, name]) => ({ id, name }));
  }

  /** The teachers of the caller's journals: the caller. */
  async teachers(auth: AuthInfo, input: JournalsBody, lang: Language): Promise<IdName[]> {
    const list = await this.journals(auth, input, lang);
    const seen = new Map(list.map((j) => [j.id_teacher, j.teacher]));
    return [...seen].map(([id, name]) => ({ id, name }));
  }
}
