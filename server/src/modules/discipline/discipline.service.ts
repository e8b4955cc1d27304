/**
 * The chat's discipline filters (SPEC §4 "Filters"): current half-year and year, then the caller's
 * disciplines, semesters, groups, and the people of a group to talk to with their unread counts.
 * Teacher calls (role 1) and student calls (role 2) refuse the other role with 403.
 */
import type { IdName, Language } from '../../../../contract/common';
import type { Contact, ContactListBody, DisciplineListBody, DisciplineRow, GroupListBody, SemesterListBody } from '../../../../contract/academic';
import type { AppContext } from '../../context';
import { localName } from '../../i18n';
import { academicYearName, currentAcademicYear } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import { forbidden } from '../../plugins/envelope';
import type { AuthInfo } from '../../plugins/session';
import { unreadBySender } from '../chat/chat.repository';
import { currentWorkingSemester } from '../misc/misc.service';
import * as repo from './discipline.repository';

function asTeacher(auth: AuthInfo): number {
  if (auth.role !== 1) throw forbidden();
  return auth.uid;
}

function asStudent(auth: AuthInfo): number {
  if (auth.role !== 2) throw forbidden();
  return auth.uid;
}

type DisciplineSource = Awaited<ReturnType<typeof repo.disciplinesOf>>;

/** One row per (discipline, credits), its lesson types joined in the caller's language. */
function disciplineRows(rows: DisciplineSource, lang: Language): DisciplineRow[] {
  const out = new Map<string, DisciplineRow & { lessons: string[] }>();
  for (const r of rows) {
    const key = `${r.id}:${r.credits}`;
    let row = out.get(key);
    if (!row) out.set(key, (row = { id: r.id, isSelect: 0, discipline: localName(r, lang), kredit: r.credits, vid_discipline: '', lessons: [] }));
    const lesson = localName({ nameRu: r.lessonRu, nameKg: r.lessonKg, nameEn: r.lessonEn }, lang);
    if (!row.lessons.includes(lesson)) row.lessons.push(lesson);
  }
  return [...out.values()]
    .map(({ lessons, ...row }) => ({ ...row, vid_discipline: lessons.join(', ') }))
    .sort((a, b) => a.discipline.localeCompare(b.discipline, lang === 'en' ? 'en' : 'ru') || a.kredit - b.kredit);
}

export class DisciplineService {
  constructor(private readonly ctx: AppContext) {}

  async currentWs(lang: Language): Promise<IdName> {
    const id = currentWorkingSemester(this.ctx.now());
    const names = await repo.workingSemesterNames(this.ctx.db, id);
    return { id, name: names ? localName(names, lang) : String(id) };
  }

  currentYear(): IdName {
    const id = currentAcademicYear(this.ctx.now());
    return { id, name: academicYearName(id) };
  }

  async teacherDisciplines(auth: AuthInfo, body: DisciplineListBody, lang: Language): Promise<DisciplineRow[]> {
    const teacherId = asTeacher(auth);
    return disciplineRows(await repo.disciplinesOf(this.ctx.db, { teacherId }, body), lang);
  }

  async studentDisciplines(auth: AuthInfo, body: DisciplineListBody, lang: Language): Promise<DisciplineRow[]> {
    const groupId = await this.ownGroup(auth);
    return disciplineRows(await repo.disciplinesOf(this.ctx.db, { groupId }, body), lang);
  }

  async teacherSemesters(auth: AuthInfo, body: SemesterListBody): Promise<IdName[]> {
    const teacherId = asTeacher(auth);
    const rows = await repo.semestersOf(this.ctx.db, { teacherId }, body, body.id_discipline, body.kredit);
    return rows.map((r) => ({ id: r.id, name: String(r.number) }));
  }

  async studentSemesters(auth: AuthInfo, body: SemesterListBody): Promise<IdName[]> {
    const groupId = await this.ownGroup(auth);
    const rows = await repo.semestersOf(this.ctx.db, { groupId }, body, body.id_discipline, body.kredit);
    return rows.map((r) => ({ id: r.id, name: String(r.number) }));
  }

  async teacherGroups(auth: AuthInfo, body: GroupListBody): Promise<IdName[]> {
    const teacherId = asTeacher(auth);
    return repo.groupsOf(this.ctx.db, { teacherId }, body, body.id_discipline, body.id_semester);
  }

  async studentGroups(auth: AuthInfo, body: GroupListBody): Promise<IdName[]> {
    const groupId = await this.ownGroup(auth);
    return repo.groupsOf(this.ctx.db, { groupId }, body, body.id_discipline, body.id_semester);
  }

  /** A teacher's contacts: the students of a group he teaches the discipline to (any year). */
  async students(auth: AuthInfo, body: ContactListBody): Promise<Contact[]> {
    const teacherId = asTeacher(auth);
    if (!(await repo.teachesGroup(this.ctx.db, teacherId, body.id_group, body.id_discipline))) throw forbidden();
    const people = await repo.studentsOfGroup(this.ctx.db, body.id_group);
    return this.withUnread(auth, people, 2);
  }

  /** A student's contacts: the teachers of the discipline in his own group in the half-year. */
  async teachers(auth: AuthInfo, body: ContactListBody): Promise<Contact[]> {
    const groupId = await this.ownGroup(auth);
    if (body.id_group !== groupId) throw forbidden();
    const people = await repo.teachersOfGroup(this.ctx.db, groupId, body.id_discipline, body);
    return this.withUnread(auth, people, 1);
  }

  private async ownGroup(auth: AuthInfo): Promise<number> {
    const groupId = await repo.groupOfStudent(this.ctx.db, asStudent(auth));
    if (groupId === undefined) throw forbidden();
    return groupId;
  }

  private async withUnread(
    auth: AuthInfo,
    people: Array<{ id: number; userId: number; surname: string; name: string; patronymic: string | null }>,
    role: 1 | 2,
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
