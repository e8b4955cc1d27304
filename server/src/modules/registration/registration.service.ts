/**
 * Discipline and elective registration (docs/areas/registration.md#calls): the year and half-year, the
 * student's list, teachers and subgroups with their seats, registering (refused when registration
 * is closed, over the credit ceiling, clashing with the timetable, or for an elective without the
 * permission; a full subgroup offers its waiting list) and deleting (a freed seat goes to the
 * first on the waiting list, who is told live), and the teacher's view of his subgroups.
 */
import { ROLE_STUDENT, type IdName, type Language } from '@contract/common';
import {
  REG_REGISTERED,
  REG_WAITING,
  SOURCE_TEACHER,
  type DefYear,
  type Deleted,
  type DeleteRegistrationBody,
  type HalfBody,
  type OfferingBody,
  type RegList,
  type RegRow,
  type RegSubgroup,
  type SaveRegistrationBody,
  type Saved,
  type SeatEvent,
  type SubgroupsBody,
  type TeacherSubgroup,
  type TeacherSubgroupBody,
  type TeacherViewBody,
} from '@contract/registration';
import { AppError, badRequest, forbidden, notFound, serviceUnavailable } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import { currentPeriod } from '../../lib/academic-year';
import { Gate, GateFull } from '../../lib/gate';
import { fullName } from '../../lib/person';
import * as academic from '../../shared/academic/academic.repository';
import { AcademicService } from '../../shared/academic/academic.service';
import { asTeacher, assertOwn, type AuthInfo } from '../../shared/caller';
import { notify } from '../../shared/notifications';
import { slotsOfStudent } from '../../shared/timetable.repository';
import * as repo from './registration.repository';
import { SaveQueue, type SaveRequest } from './registration.saves';
import type { SaveContextRow, SeatQuery, SeatVerdictRow } from './registration.saves.repository';

import { REGISTRATION_CHANGED_EVENT, REGISTRATION_SEAT_EVENT } from './registration.events';

export { REGISTRATION_CHANGED_EVENT, REGISTRATION_SEAT_EVENT };

const DAYS: Record<Language, readonly string[]> = {
  ru: ['', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота', 'воскресенье'],
  kg: ['', 'дүйшөмбү', 'шейшемби', 'шаршемби', 'бейшемби', 'жума', 'ишемби', 'жекшемби'],
  en: ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
};
const SUBGROUP_WORD: Record<Language, string> = { ru: 'Подгруппа', kg: 'Топчо', en: 'Subgroup' };

/**
 * The deletes of this process that run at once (fewer than the pool's connections, which the screens'
 * reads need too); the rest wait their turn in arrival order. More than WRITES_WAITING waiting is more
 * than the process clears within a request's time for the database: a delete beyond it is answered at
 * once with 503 and Retry-After (it changed nothing). Saves go through their own queue, in batches
 * (registration.saves.ts).
 */
const WRITES_AT_ONCE = 6;
const WRITES_WAITING = 150;
const RETRY_AFTER_S = 1;
const writes = new Gate(WRITES_AT_ONCE, WRITES_WAITING, 'registration_deletes');

const gated = <T>(task: () => Promise<T>): Promise<T> =>
  writes.run(task).catch((err: unknown) => {
    throw err instanceof GateFull ? serviceUnavailable(RETRY_AFTER_S) : err;
  });

const shownDate = (d: Date) => `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;
/** 'DD.MM.YYYY HH:MM' on the university's clock (the process's zone, shared/time-zone.ts). */
const shownDateTime = (d: Date) => `${shownDate(d)} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

export class RegistrationService {
  private readonly academic: AcademicService;
  private readonly saves: SaveQueue;

  constructor(private readonly ctx: AppContext) {
    this.academic = new AcademicService(ctx);
    this.saves = new SaveQueue(ctx, { check: (req, c) => this.checkSave(req, c), refusal: (req, v, c) => this.refusal(req, v, c) });
  }

  defYear(): DefYear {
    const p = currentPeriod(this.ctx.now());
    return { id_a_year: p.year, name: p.yearName, id_w_s: p.ws };
  }

  years(): IdName[] {
    return this.academic.years();
  }

  async semesters(lang: Language): Promise<IdName[]> {
    const out: IdName[] = [];
    for (const id of [1, 2]) {
      const names = await academic.workingSemesterNames(this.ctx.db, id);
      out.push({ id, name: names ? localName(names, lang) : String(id) });
    }
    return out;
  }

  /** getreglist: the plan's disciplines of the student's semester and his electives, with his registrations. */
  async list(auth: AuthInfo, input: HalfBody, lang: Language): Promise<RegList> {
    const s = await this.student(auth);
    const { id_a_year: year, id_w_s: ws } = input;
    const semesterId = (year - s.admissionYear) * 2 + ws;
    const [offerings, mine, period, taken] = await Promise.all([
      repo.offeringsOfStudent(this.ctx.db, s, year, ws, semesterId),
      repo.registrationsOf(this.ctx.db, s.id, year, ws),
      repo.period(this.ctx.db, year, ws),
      repo.creditsTaken(this.ctx.db, s.id, year, ws),
    ]);
    const rows = this.regRows(offerings, mine, lang);
    const now = this.ctx.now();
    return {
      id_group: s.groupId,
      info: {
        opensAt: period?.opensAt ? period.opensAt.toISOString() : null,
        closesAt: period ? period.closesAt.toISOString() : null,
        open: !!period && (period.opensAt === null || period.opensAt <= now) && period.closesAt > now,
        creditLimit: period?.creditLimit ?? 0,
        creditsTaken: taken,
      },
      rows,
    };
  }

  async permission(auth: AuthInfo, input: HalfBody): Promise<{ allowed: boolean }> {
    const s = await this.student(auth);
    return { allowed: await repo.hasPermission(this.ctx.db, s.id, input.id_a_year, input.id_w_s) };
  }

  /** optional/disciplines: the half-year's electives, for a permitted student. */
  async electives(auth: AuthInfo, input: HalfBody, lang: Language): Promise<RegRow[]> {
    const s = await this.student(auth);
    if (!(await repo.hasPermission(this.ctx.db, s.id, input.id_a_year, input.id_w_s))) throw forbidden();
    const mine = await repo.registrationsOf(this.ctx.db, s.id, input.id_a_year, input.id_w_s);
    return this.regRows(await repo.electives(this.ctx.db, input.id_a_year, input.id_w_s), mine, lang);
  }

  async teachers(auth: AuthInfo, input: OfferingBody, elective: boolean): Promise<IdName[]> {
    await this.visibleOffering(auth, input.id_disciplineForStudent, elective);
    return (await repo.teachersOfOffering(this.ctx.db, input.id_disciplineForStudent)).map((t) => ({ id: t.id, name: fullName(t) }));
  }

  /** The teacher's subgroups of the offering with their seats and, for each, what of the student's week it would clash with. */
  async subgroups(auth: AuthInfo, input: SubgroupsBody, elective: boolean, lang: Language): Promise<RegSubgroup[]> {
    const o = await this.visibleOffering(auth, input.id_disciplineForStudent, elective);
    const s = await this.student(auth);
    const [subgroups, lessons, held] = await Promise.all([
      repo.subgroupsOf(this.ctx.db, input.id_disciplineForStudent, input.id_teacher),
      slotsOfStudent(this.ctx.db, s.id, o.academicYearId, o.workingSemesterId),
      repo.registeredSlotsOf(this.ctx.db, s.id, o.academicYearId, o.workingSemesterId),
    ]);
    // The same slots, in the same order, as the save's check (registration.saves.repository.ts, seatBatch).
    const busy = [
      ...lessons.filter((l) => l.disciplineId !== o.disciplineId).sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
      ...held.filter((h) => h.offeringId !== o.id),
    ];
    const meets = (g: repo.SubgroupRow) => busy.find((b) => b.dayNumber === g.dayNumber && b.startsAt < g.endsAt && g.startsAt < b.endsAt);
    return subgroups.map((g) => ({
      id: g.number,
      name: `${SUBGROUP_WORD[lang]} ${g.number}`,
      id_vid_zaniatiy: g.lessonTypeId,
      capacity: g.capacity,
      taken: g.taken,
      waiting: g.waiting,
      day_number: g.dayNumber,
      time: `${g.startsAt}–${g.endsAt}`,
      clash: ((hit) => (hit ? this.lessonText(hit, lang) : null))(meets(g)),
    }));
  }

  /** saveregistration, optional/additioninsert, bytype/actionegistration: a seat, or a place in the waiting list when asked for. */
  async save(auth: AuthInfo, input: SaveRegistrationBody, elective: boolean, lang: Language): Promise<Saved> {
    if (input.sourceType === SOURCE_TEACHER) throw forbidden();
    assertOwn(auth, { uid: input.id_student, role: ROLE_STUDENT });
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    return this.saves.save({ studentId: auth.uid, input, elective, lang });
  }

  /** The checks of a save that no concurrent save can change, against what saveContexts read (registration.saves.ts). */
  private checkSave({ input, elective }: SaveRequest, c: SaveContextRow): SeatQuery {
    const [s, o, g] = [c.student, c.offering, c.subgroup];
    if (!s || input.id_group !== s.groupId) throw forbidden();
    // The same checks in the same order as the other calls (visibleOffering, then the form's fields).
    if (!o || o.isElective !== elective) throw notFound();
    if (o.isElective) {
      if (!c.permitted) throw forbidden();
    } else if (o.specialityId !== s.specialityId || o.semesterId !== (o.academicYearId - s.admissionYear) * 2 + o.workingSemesterId) throw forbidden();
    if (o.academicYearId !== input.id_a_year || o.workingSemesterId !== input.id_w_s) throw badRequest({ field: 'id_a_year' });
    const mismatch = (
      [
        ['id_discipline', o.disciplineId],
        ['kredits', o.credits],
        ['id_examination', o.controlFormId],
        ['id_semester', o.semesterId],
        ['id_kafedra', o.departmentId],
        ['descGroupNum', o.descGroupNum],
      ] as const
    ).find(([field, value]) => input[field] !== value);
    if (mismatch) throw badRequest({ field: mismatch[0] });
    if (input.isByPlan === o.isElective) throw badRequest({ field: 'isByPlan' });
    if (!g) throw badRequest({ field: 'subgroup' });
    if (g.lessonTypeId !== input.id_vid_zaniatiy) throw badRequest({ field: 'id_vid_zaniatiy' });
    const period = c.period
      ? { opensAt: c.period.opensAt === null ? null : new Date(c.period.opensAt), closesAt: new Date(c.period.closesAt), creditLimit: c.period.creditLimit }
      : undefined;
    this.assertPeriodOpen(period);
    return {
      studentId: s.id,
      offeringId: o.id,
      subgroupId: g.id,
      year: o.academicYearId,
      ws: o.workingSemesterId,
      disciplineId: o.disciplineId,
      credits: o.credits,
      creditLimit: period!.creditLimit,
      joinWaitingList: !!input.joinWaitingList,
    };
  }

  /** The refusal of a save the locked checks refused. */
  private refusal({ lang }: SaveRequest, v: SeatVerdictRow, c: SaveContextRow): AppError {
    if (v.refused === 'credits') return new AppError(400, 'CREDIT_LIMIT', { limit: c.period!.creditLimit, total: v.total });
    if (v.refused === 'clash') return this.clash(v.clash!, lang);
    if (v.refused === 'full') return new AppError(409, 'SUBGROUP_FULL', { capacity: c.subgroup!.capacity });
    if (v.refused === 'already') return new AppError(409, 'ALREADY_REGISTERED');
    return new AppError(409, 'CONFLICT');
  }

  /** deleteregistration (the student's own) and bytype/deleteregistration (source type 1: a teacher removes one from his subgroup). */
  remove(auth: AuthInfo, input: DeleteRegistrationBody, lang: Language): Promise<Deleted> {
    return gated(() => this.removeNow(auth, input, lang));
  }

  private async removeNow(auth: AuthInfo, input: DeleteRegistrationBody, lang: Language): Promise<Deleted> {
    const r = await repo.registration(this.ctx.db, input.id_registration);
    if (!r) throw notFound();
    if (input.sourceType === SOURCE_TEACHER) {
      if (asTeacher(auth) !== r.teacherId) throw forbidden();
    } else if (auth.role !== ROLE_STUDENT || auth.uid !== r.studentId) throw forbidden();
    await this.assertOpen(r.academicYearId, r.workingSemesterId);
    const now = this.ctx.now();
    return this.ctx.db.transaction(async (tx) => {
      await repo.lockSubgroup(tx, r.subgroupId);
      const status = await repo.deleteRegistration(tx, r.id);
      if (!status) throw notFound();
      let promoted = false;
      if (status === REG_REGISTERED) {
        const next = await repo.promoteFirstWaiting(tx, r.subgroupId, now);
        if (next) {
          promoted = true;
          await this.seatFreed(tx, next, r, lang);
        } else await repo.releaseSeat(tx, r.subgroupId);
      }
      await this.publishChanged(tx, r.teacherId, r.subgroupId);
      return { id: r.id, deleted: true as const, promoted };
    });
  }

  /**
   * A freed seat went to the first on the waiting list: the live event `registration.seat` to his
   * account (the open registration screen says so) and a notification kept for him.
   */
  async seatFreed(tx: Db, next: { id: number; studentId: number }, freed: repo.RegistrationRow, lang: Language): Promise<void> {
    const account = await academic.accountOfPerson(tx, ROLE_STUDENT, next.studentId);
    const o = (await repo.offering(tx, freed.offeringId))!;
    const g = (await repo.subgroupById(tx, freed.subgroupId))!;
    const data: SeatEvent = { id_registration: next.id, discipline: localName(o.discipline, lang), subgroup: g.number };
    if (!account) return;
    await this.ctx.live.publish(tx, REGISTRATION_SEAT_EVENT, [account.userId], data);
    await notify(tx, this.ctx.live, {
      userIds: [account.userId],
      kind: 'registration.seat',
      params: { discipline: data.discipline, subgroup: data.subgroup },
      link: '/registration',
    });
  }

  /** bytype/teacher: the teacher's subgroups of the half-year with who registered and the waiting list. */
  async teacherView(auth: AuthInfo, input: TeacherViewBody, lang: Language): Promise<TeacherSubgroup[]> {
    const teacherId = asTeacher(auth);
    return this.presentTeacher(await repo.subgroupsOfTeacher(this.ctx.db, teacherId, input.id_a_year, input.id_w_s), lang);
  }

  /** bytype/subgroups: one of the teacher's subgroups. */
  async teacherSubgroup(auth: AuthInfo, input: TeacherSubgroupBody, lang: Language): Promise<TeacherSubgroup> {
    const teacherId = asTeacher(auth);
    const [row] = await this.presentTeacher(await repo.subgroupsOfTeacher(this.ctx.db, teacherId, 0, 0, input.id_subgroup), lang);
    if (!row) throw notFound();
    return row;
  }

  // --- helpers ------------------------------------------------------------------------------------

  private async presentTeacher(rows: repo.TeacherSubgroupRow[], lang: Language): Promise<TeacherSubgroup[]> {
    const people = await repo.studentsOfSubgroups(
      this.ctx.db,
      rows.map((r) => r.id),
    );
    return rows.map((g) => {
      const of = people
        .filter((p) => p.subgroupId === g.id)
        .map((p) => ({ id_registration: p.registrationId, id_student: p.id, fio: fullName(p), group: p.group, status: p.status }));
      return {
        id_subgroup: g.id,
        discipline: localName(g.discipline, lang),
        isElective: g.isElective,
        subgroup: g.number,
        capacity: g.capacity,
        taken: g.taken,
        time: `${g.startsAt}–${g.endsAt}`,
        day_number: g.dayNumber,
        registered: of.filter((p) => p.status === REG_REGISTERED),
        waiting: of.filter((p) => p.status === REG_WAITING),
      };
    });
  }

  /** Each offering with the student's registration in it (null: none), from his registrations `mine`. */
  private regRows(offerings: repo.OfferingRow[], mine: Awaited<ReturnType<typeof repo.registrationsOf>>, lang: Language): RegRow[] {
    return offerings.map((o) => {
      const r = mine.find((m) => m.offeringId === o.id);
      return {
        ...this.offeringFields(o, lang),
        registration: r
          ? { id: r.registrationId, status: r.status, id_teacher: r.teacherId, teacher: fullName(r), subgroup: r.number, position: r.position }
          : null,
      };
    });
  }

  private offeringFields(o: repo.OfferingRow, lang: Language): Omit<RegRow, 'registration'> {
    return {
      id_disciplineForStudent: o.id,
      id_discipline: o.disciplineId,
      discipline: localName(o.discipline, lang),
      id_kafedra: o.departmentId,
      id_semester: o.semesterId,
      kredits: o.credits,
      id_examination: o.controlFormId,
      examination: localName(o.control, lang),
      isElective: o.isElective,
      descGroupNum: o.descGroupNum,
    };
  }

  private async student(auth: AuthInfo): Promise<repo.StudentRow> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const s = await repo.student(this.ctx.db, auth.uid);
    if (!s) throw forbidden();
    return s;
  }

  /** An offering the student may see: an elective (calls under optional/, with the permission) or his plan's. */
  private async visibleOffering(auth: AuthInfo, id: number, elective: boolean): Promise<repo.OfferingRow> {
    const s = await this.student(auth);
    const o = await repo.offering(this.ctx.db, id);
    if (!o) throw notFound();
    if (o.isElective !== elective) throw notFound();
    if (o.isElective) {
      if (!(await repo.hasPermission(this.ctx.db, s.id, o.academicYearId, o.workingSemesterId))) throw forbidden();
    } else if (o.specialityId !== s.specialityId || o.semesterId !== (o.academicYearId - s.admissionYear) * 2 + o.workingSemesterId) throw forbidden();
    return o;
  }

  private async assertOpen(year: number, ws: number): Promise<void> {
    this.assertPeriodOpen(await repo.period(this.ctx.db, year, ws));
  }

  /** REGISTRATION_NOT_OPEN before the period's opening, REGISTRATION_CLOSED from its closing on (or without a period). */
  private assertPeriodOpen(period: repo.PeriodRow | undefined): void {
    const now = this.ctx.now();
    if (period?.opensAt && now < period.opensAt) throw new AppError(400, 'REGISTRATION_NOT_OPEN', { date: shownDateTime(period.opensAt) });
    if (!period || period.closesAt <= now) throw new AppError(400, 'REGISTRATION_CLOSED', { date: period ? shownDate(period.closesAt) : '—' });
  }

  /** The refusal of a subgroup whose weekly slot meets a lesson of the student's timetable or another registered subgroup, naming it. */
  private clash(hit: repo.SlotRow, lang: Language): AppError {
    return new AppError(400, 'TIMETABLE_CLASH', { lesson: this.lessonText(hit, lang) });
  }

  private lessonText(hit: repo.SlotRow, lang: Language): string {
    return `${localName(hit.discipline, lang)}, ${DAYS[lang][hit.dayNumber]} ${hit.startsAt}–${hit.endsAt}`;
  }

  private async publishChanged(tx: Db, teacherId: number, subgroupId: number): Promise<void> {
    const account = await academic.accountOfPerson(tx, 1, teacherId);
    if (account) await this.ctx.live.publish(tx, REGISTRATION_CHANGED_EVENT, [account.userId], { id_subgroup: subgroupId });
  }
}
