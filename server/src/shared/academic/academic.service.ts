/**
 * The academic context any area reads (docs/areas/academic.md#calls): academic years, the current
 * half-year, faculties, and the caller's discipline → semester → group chain, then the people of a
 * group to talk to with their unread counts. Teacher calls refuse a student and student calls a
 * teacher with 403.
 */
import { ROLE_STUDENT, ROLE_TEACHER, type IdName, type Language, type Role } from '@contract/common';
import type {
  Contact,
  ContactListBody,
  DisciplineListBody,
  DisciplineRow,
  FacultiesBody,
  GroupListBody,
  SemesterListBody,
  StudentGroupsBody,
} from '@contract/academic';
import type { AppContext } from '../../context';
import { forbidden } from '../../app-error';
import { localName } from '../../i18n';
import { academicYearName, currentPeriod } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import { asTeacher, assertOwn, type AuthInfo } from '../caller';
import { unreadBySender } from '../messages.repository';
import * as repo from './academic.repository';

type DisciplineSource = Awaited<ReturnType<typeof repo.disciplinesOf>>;

/** One row per (discipline, credits), its lesson types joined in the caller's language. */
function disciplineRows(rows: DisciplineSource, lang: Language): DisciplineRow[] {
  const out = new Map<string, DisciplineRow & { lessons: string[] }>();
  for (const r of rows) {
    const key = `${r.id}:${r.credits}`;
    let row = out.get(key);
    if (!row) out.set(key, (row = { id: r.id, isSelect: 0, discipline: localName(r, lang), kredit: r.credits, vid_discipline: '', lessons: [] }));
    const lesson = localName(r.lesson, lang);
    if (!row.lessons.includes(lesson)) row.lessons.push(lesson);
  }
  return [...out.values()]
    .map(({ lessons, ...row }) => ({ ...row, vid_discipline: lessons.join(', ') }))
    .sort((a, b) => a.discipline.localeCompare(b.discipline, lang === 'en' ? 'en' : 'ru') || a.kredit - b.kredit);
}

export class AcademicService {
  constructor(private readonly ctx: AppContext) {}

  /** Six academic years, from four back to one ahead of the current, oldest first. */
  years(): IdName[] {
    const current = currentPeriod(this.ctx.now()).year;
    return Array.from({ length: 6 }, (_, i) => current - 4 + i).map((id) => ({ id, name: academicYearName(id) }));
  }

  /** The current academic year (a new one starts in September). */
  currentYear(): IdName {
    const { year, yearName } = currentPeriod(this.ctx.now());
    return { id: year, name: yearName };
  }

  /** The current half-year with its name in the caller's language. */
  async currentWs(lang: Language): Promise<IdName> {
    const id = currentPeriod(this.ctx.now()).ws;
    const names = await repo.workingSemesterNames(this.ctx.db, id);
    return { id, name: names ? localName(names, lang) : String(id) };
  }

  /** Faculties that have groups studying in the year. */
  async faculties(input: FacultiesBody, lang: Language): Promise<IdName[]> {
    const rows = await repo.facultiesStudyingIn(this.ctx.db, input.id);
    return rows.map((r) => ({ id: r.id, name: localName(r, lang) }));
  }

  async teacherDisciplines(auth: AuthInfo, input: DisciplineListBody, lang: Language): Promise<DisciplineRow[]> {
    const teacherId = asTeacher(auth);
    return disciplineRows(await repo.disciplinesOf(this.ctx.db, { teacherId }, input), lang);
  }

  async studentDisciplines(auth: AuthInfo, input: DisciplineListBody, lang: Language): Promise<DisciplineRow[]> {
    const groupId = await this.ownGroup(auth);
    return disciplineRows(await repo.disciplinesOf(this.ctx.db, { groupId }, input), lang);
  }

  async teacherSemesters(auth: AuthInfo, input: SemesterListBody): Promise<IdName[]> {
    const teacherId = asTeacher(auth);
    const rows = await repo.semestersOf(this.ctx.db, { teacherId }, input, input.id_discipline, input.kredit);
    return rows.map((r) => ({ id: r.id, name: String(r.number) }));
  }

  async studentSemesters(auth: AuthInfo, input: SemesterListBody): Promise<IdName[]> {
    const groupId = await this.ownGroup(auth);
    const rows = await repo.semestersOf(this.ctx.db, { groupId }, input, input.id_discipline, input.kredit);
    return rows.map((r) => ({ id: r.id, name: String(r.number) }));
  }

  async teacherGroups(auth: AuthInfo, input: GroupListBody): Promise<IdName[]> {
    const teacherId = asTeacher(auth);
    return repo.groupsOf(this.ctx.db, { teacherId }, input, input.id_discipline, input.id_semester);
  }

  async studentGroups(auth: AuthInfo, input: GroupListBody): Promise<IdName[]> {
    const groupId = await this.ownGroup(auth);
    return repo.groupsOf(this.ctx.db, { groupId }, input, input.id_discipline, input.id_semester);
  }

  /** A teacher's contacts: the students of a group he teaches the discipline to (any year). */
  async students(auth: AuthInfo, input: ContactListBody): Promise<Contact[]> {
    const teacherId = asTeacher(auth);
    if (!(await repo.teachesGroup(this.ctx.db, teacherId, input.id_group, input.id_discipline))) throw forbidden();
    const people = await repo.studentsOfGroup(this.ctx.db, input.id_group);
    return this.withUnread(auth, people, ROLE_STUDENT);
  }

  /** A student's contacts: the teachers of the discipline in his own group in the half-year. */
  async teachers(auth: AuthInfo, input: ContactListBody): Promise<Contact[]> {
    const groupId = await this.ownGroup(auth);
    if (input.id_group !== groupId) throw forbidden();
    const people = await repo.teachersOfGroup(this.ctx.db, groupId, input.id_discipline, input);
    return this.withUnread(auth, people, ROLE_TEACHER);
  }

  /**
   * getgroups: the groups the calling student studies in during an academic year (his own group
   * from its admission year to the one ahead of the current; none before he was admitted).
   */
  async groupsOfYear(auth: AuthInfo, input: StudentGroupsBody): Promise<IdName[]> {
    assertOwn(auth, { uid: input.id_student, role: ROLE_STUDENT });
    const place = await repo.studentPlace(this.ctx.db, auth.uid);
    if (!place) throw forbidden();
    const studies = input.id_a_year >= place.admissionYear && input.id_a_year <= currentPeriod(this.ctx.now()).year + 1;
    return studies ? [{ id: place.groupId, name: place.group }] : [];
  }

  /** The group of the calling student; 403 for a teacher or a student without a group. */
  async ownGroup(auth: AuthInfo): Promise<number> {
    assertOwn(auth, { role: ROLE_STUDENT });
    const groupId = await repo.groupOfStudent(this.ctx.db, auth.uid);
    if (groupId === undefined) throw forbidden();
    return groupId;
  }

  private async withUnread(
    auth: AuthInfo,
    people: Array<{ id: number; userId: number; surname: string; name: string; patronymic: string | null }>,
    role: Role,
  ): Promise<Contact[]> {
    const unread = await unreadBySender(
      this.ctx.db,
      auth.userId,
      people.map((p) => p.userId),
    );
    const bySender = new Map(unread.map((u) => [u.senderUserId, u.count]));
    return people.map((p) => ({ idid: p.id, id_type: role, fio: fullName(p), countMessages: bySender.get(p.userId) ?? 0 }));
  }
}
