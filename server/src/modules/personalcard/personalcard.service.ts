/**
 * The personal card (docs/areas/personalcard.md#calls). Anyone reads his own card; an administrator
 * (the account's admin right, read now) reads anyone's, read-only, and adds a student's
 * education-history events; anyone else's card is 403. The owner changes the fields the university
 * allows (PERSONAL_CARD_EDITABLE), each checked here (phone, e-mail: 400 naming the field, nothing
 * written) and kept with its old and new value in the card's change history. A transfer moves the
 * student to its group in the same transaction as its event.
 */
import { ROLE_STUDENT, ROLE_TEACHER, type Language } from '@contract/common';
import {
  EVENT_DAYS_AHEAD,
  validEmail,
  validPhone,
  type CardBody,
  type CardField,
  type EducationEvent,
  type EventBody,
  type PersonalCard,
  type SearchBody,
  type SearchHit,
  type UpdateBody,
} from '@contract/personalcard';
import { badRequest, forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import { currentPeriod } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import type { AuthInfo } from '../../shared/caller';
import * as repo from './personalcard.repository';

/** Accounts a search gives at most. */
const SEARCH_LIMIT = 20;
const DAY_MS = 86_400_000;

/** A date as YYYY-MM-DD in the server's (the university's) time zone. */
function localDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A real calendar date (the contract checks its shape only). */
function realDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export class PersonalCardService {
  constructor(private readonly ctx: AppContext) {}

  /** Whether the caller holds the admin right now (a disabled account holds none). */
  private async isAdmin(auth: AuthInfo): Promise<boolean> {
    const me = await repo.findAccount(this.ctx.db, auth.userId);
    return Boolean(me?.admin && !me.disabled);
  }

  async card(auth: AuthInfo, input: CardBody, lang: Language): Promise<PersonalCard> {
    const userId = input.userId ?? auth.userId;
    const own = userId === auth.userId;
    const admin = own ? false : await this.isAdmin(auth);
    if (!own && !admin) throw forbidden();
    return this.read(this.ctx.db, userId, own, admin, lang);
  }

  private async read(db: Db, userId: number, own: boolean, admin: boolean, lang: Language): Promise<PersonalCard> {
    const account = await repo.findAccount(db, userId);
    if (!account) throw notFound();
    const changes = (await repo.changes(db, userId)).map((c) => ({
      field: c.field as CardField,
      oldValue: c.oldValue,
      newValue: c.newValue,
      at: c.at.toISOString(),
      by: c.surname ? fullName(c) : (c.login ?? ''),
    }));
    const editable = own ? this.ctx.config.personalCardEditable : [];
    const photo = (p: { photoMime: string | null; photoBytes: Buffer | null }) =>
      p.photoMime && p.photoBytes ? `data:${p.photoMime};base64,${p.photoBytes.toString('base64')}` : null;
    const base = (p: {
      surname: string;
      name: string;
      patronymic: string | null;
      gender: string;
      birthDate: string | null;
      phone: string | null;
      email: string | null;
      photoMime: string | null;
      photoBytes: Buffer | null;
    }) => ({
      userId,
      own,
      fullName: fullName(p),
      gender: p.gender === 'f' ? ('f' as const) : ('m' as const),
      birthDate: p.birthDate,
      photo: photo(p),
      contacts: { phone: p.phone, email: p.email },
      editable,
      changes,
    });
    if (account.role === ROLE_TEACHER && account.teacherId !== null) {
      const t = await repo.findTeacher(db, account.teacherId);
      if (!t) throw notFound();
      const period = currentPeriod(this.ctx.now());
      const taught = await repo.teacherDisciplines(db, account.teacherId, period.year, period.ws);
      return {
        ...base(t),
        role: ROLE_TEACHER,
        student: null,
        teacher: {
          position: localName(t.position, lang),
          department: localName(t.department, lang),
          faculty: localName(t.faculty, lang),
          disciplines: taught.map((d) => localName(d, lang)),
        },
        groups: null,
      };
    }
    if (account.studentId === null) throw notFound();
    const s = await repo.findStudent(db, account.studentId);
    if (!s) throw notFound();
    const [history, orders, revokedAt] = await Promise.all([
      repo.history(db, account.studentId),
      repo.issuedOrders(db, account.studentId),
      repo.transcriptsRevokedAt(db, account.studentId),
    ]);
    return {
      ...base(s),
      role: ROLE_STUDENT,
      student: {
        code: s.code,
        group: s.group,
        speciality: localName(s.speciality, lang),
        faculty: localName(s.faculty, lang),
        educationForm: localName(s.educationForm, lang),
        history: history.map((e) => ({ ...e, kind: e.kind as EducationEvent['kind'] })),
        orders: orders.map((o) => ({
          id: o.id,
          docType: localName(o.docType, lang),
          orderedAt: o.orderedAt.toISOString(),
          issuedAt: (o.issuedAt ?? o.orderedAt).toISOString(),
        })),
        transcriptsRevokedAt: revokedAt ? revokedAt.toISOString() : null,
      },
      teacher: null,
      groups: admin ? await repo.groupList(db) : null,
    };
  }

  /** The owner changes an editable field; the change and its record are one transaction. */
  async update(auth: AuthInfo, input: UpdateBody, lang: Language): Promise<PersonalCard> {
    if (!this.ctx.config.personalCardEditable.includes(input.field)) throw forbidden();
    const value = input.value.trim();
    const valid = input.field === 'phone' ? validPhone(value) : validEmail(value);
    if (!valid) throw badRequest({ field: input.field });
    await this.ctx.db.transaction(async (tx) => {
      const account = await repo.findAccount(tx, auth.userId);
      if (!account) throw notFound();
      const person =
        account.teacherId !== null
          ? await repo.findTeacher(tx, account.teacherId)
          : account.studentId !== null
            ? await repo.findStudent(tx, account.studentId)
            : undefined;
      if (!person) throw notFound();
      const old = person[input.field];
      if (old === value) return;
      await repo.setContact(tx, account, input.field, value);
      await repo.insertChange(tx, { userId: auth.userId, field: input.field, oldValue: old, newValue: value, byUserId: auth.userId, at: this.ctx.now() });
    });
    return this.read(this.ctx.db, auth.userId, true, false, lang);
  }

  /** An administrator adds an event to a student's education history; a transfer moves the student. */
  async addEvent(auth: AuthInfo, input: EventBody, lang: Language): Promise<PersonalCard> {
    if (!(await this.isAdmin(auth))) throw forbidden();
    const account = await repo.findAccount(this.ctx.db, input.userId);
    if (!account) throw notFound();
    if (account.studentId === null) throw badRequest({ field: 'userId' });
    const studentId = account.studentId;
    const orderNumber = input.orderNumber.trim();
    if (!orderNumber) throw badRequest({ field: 'orderNumber' });
    const latest = localDate(new Date(this.ctx.now().getTime() + EVENT_DAYS_AHEAD * DAY_MS));
    if (!realDate(input.date) || input.date > latest) throw badRequest({ field: 'date' });
    if (!realDate(input.orderDate) || input.orderDate > latest) throw badRequest({ field: 'orderDate' });
    const note = input.note?.trim() || null;
    await this.ctx.db.transaction(async (tx) => {
      const current = await repo.studentGroup(tx, studentId);
      if (current === undefined) throw notFound();
      let groupFromId: number | null = null;
      let groupToId: number | null = null;
      if (input.kind === 'transfer') {
        if (input.groupId === undefined || !(await repo.findGroup(tx, input.groupId)) || input.groupId === current) throw badRequest({ field: 'groupId' });
        groupFromId = current;
        groupToId = input.groupId;
        await repo.moveStudent(tx, studentId, input.groupId);
      } else if (input.kind === 'admission' || input.kind === 'return') groupToId = current;
      else groupFromId = current;
      await repo.insertEvent(tx, {
        studentId,
        kind: input.kind,
        date: input.date,
        orderNumber,
        orderDate: input.orderDate,
        groupFromId,
        groupToId,
        note,
        createdBy: auth.userId,
        createdAt: this.ctx.now(),
      });
    });
    return this.read(this.ctx.db, input.userId, input.userId === auth.userId, true, lang);
  }

  /** An administrator finds accounts by login or name. */
  async search(auth: AuthInfo, input: SearchBody, lang: Language): Promise<SearchHit[]> {
    if (!(await this.isAdmin(auth))) throw forbidden();
    const q = input.q.trim();
    if (!q) return [];
    const rows = await repo.search(this.ctx.db, q, SEARCH_LIMIT);
    return rows.map((r) => ({
      userId: r.userId,
      login: r.login,
      role: r.role === ROLE_TEACHER ? ROLE_TEACHER : ROLE_STUDENT,
      fullName: r.surname ? fullName(r) : r.login,
      place: r.group ?? (r.position?.nameRu ? localName(r.position as { nameRu: string; nameKg: string; nameEn: string }, lang) : null),
    }));
  }
}
