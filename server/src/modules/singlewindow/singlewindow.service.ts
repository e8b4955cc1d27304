/**
 * The single window (docs/areas/singlewindow.md#calls): reference lists, a student's own orders (order,
 * cancel while waiting, download a prepared certificate), and the registrars' queue of their
 * faculty (waiting → preparing → prepared, or reject with a reason). Every change is kept as the
 * order's history, and its student is notified (shared/notifications.ts) in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import { ROLE_STUDENT, type IdName, type Language } from '@contract/common';
import {
  ORDER_CANCELED,
  ORDER_PREPARED,
  ORDER_PREPARING,
  ORDER_WAITING,
  PDF_DOC_KINDS,
  type Access,
  type DistrictBody,
  type DocType,
  type MoveBody,
  type Order,
  type OrderIdBody,
  type OrderSaveBody,
  type OrderStatus,
  type QueueOrder,
  type RejectBody,
  type Verified,
  type VerifyQuery,
} from '@contract/singlewindow';
import type { AppContext } from '../../context';
import { AppError, badRequest, documentsUnavailable, forbidden, notFound } from '../../app-error';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import { assertOwn, type AuthInfo } from '../../shared/caller';
import { notify } from '../../shared/notifications';
import { universityName } from '../../shared/site.repository';
import { currentPeriod } from '../../lib/academic-year';
import { certificatePdf, signOrderToken, verifyOrderToken } from './certificate';
import { studentPlace } from '../../shared/academic/academic.repository';
import * as repo from './singlewindow.repository';

/** The bus event of a changed order (its student's and registrars' screens reload it). */
export const ORDER_EVENT = 'singlewindow.order';
/** Orders a registrar's queue shows at most. */
const QUEUE_LIMIT = 300;
const conflict = () => new AppError(409, 'CONFLICT');
const notWaiting = () => new AppError(409, 'ORDER_NOT_WAITING');
const fullName = (r: { surname: string; name: string; patronymic: string | null }) => [r.surname, r.name, r.patronymic].filter(Boolean).join(' ');

export class SingleWindowService {
  constructor(private readonly ctx: AppContext) {}

  async docTypes(lang: Language): Promise<DocType[]> {
    return (await repo.docTypes(this.ctx.db)).map((r) => ({ id: r.id, kind: r.kind, name: localName(r, lang) }));
  }
  async regions(lang: Language): Promise<IdName[]> {
    return (await repo.regions(this.ctx.db)).map((r) => ({ id: r.id, name: localName(r, lang) }));
  }
  async districts(input: DistrictBody, lang: Language): Promise<IdName[]> {
    return (await repo.districtsOf(this.ctx.db, input.id_region)).map((r) => ({ id: r.id, name: localName(r, lang) }));
  }
  async purposes(lang: Language): Promise<IdName[]> {
    return (await repo.purposes(this.ctx.db)).map((r) => ({ id: r.id, name: localName(r, lang) }));
  }

  async access(auth: AuthInfo): Promise<Access> {
    return { registrar: (await repo.registrarFaculty(this.ctx.db, auth.userId)) !== null };
  }

  async list(auth: AuthInfo, lang: Language): Promise<Order[]> {
    assertOwn(auth, { role: ROLE_STUDENT });
    return this.present(this.ctx.db, await repo.ordersOfStudent(this.ctx.db, auth.uid), lang);
  }

  /** A new order of the caller (a student); the district must be of the region. */
  async save(auth: AuthInfo, input: OrderSaveBody, lang: Language): Promise<{ success: boolean; order: Order }> {
    assertOwn(auth, { role: ROLE_STUDENT });
    const db = this.ctx.db;
    if (!(await repo.docTypeExists(db, input.id_doc))) throw badRequest({ field: 'id_doc' });
    if ((await repo.districtRegion(db, input.id_district)) !== input.id_region) throw badRequest({ field: 'id_district' });
    if (!(await repo.purposeExists(db, input.id_naznachenie))) throw badRequest({ field: 'id_naznachenie' });
    const student = await studentPlace(db, auth.uid);
    if (!student) throw forbidden();
    const now = this.ctx.now();
    const order = await db.transaction(async (tx) => {
      const id = await repo.insertOrder(
        tx,
        {
          studentId: auth.uid,
          facultyId: student.facultyId,
          docTypeId: input.id_doc,
          regionId: input.id_region,
          districtId: input.id_district,
          purposeId: input.id_naznachenie,
        },
        auth.userId,
        now,
      );
      await this.ctx.live.publish(tx, ORDER_EVENT, [auth.userId, ...(await repo.registrarsOf(tx, student.facultyId))], { id, status: ORDER_WAITING });
      return this.one(tx, id, lang);
    });
    return { success: true, order };
  }

  /** The caller's own waiting order is canceled; another's is not found, a later status is a conflict. */
  async cancel(auth: AuthInfo, input: OrderIdBody, lang: Language): Promise<{ success: boolean; order: Order }> {
    assertOwn(auth, { role: ROLE_STUDENT });
    const found = await repo.findOrder(this.ctx.db, input.id);
    if (!found || found.studentId !== auth.uid) throw notFound();
    const order = await this.ctx.db.transaction(async (tx) => {
      if (!(await repo.moveOrder(tx, input.id, [ORDER_WAITING], ORDER_CANCELED, null, null, auth.userId, this.ctx.now()))) throw notWaiting();
      await this.ctx.live.publish(tx, ORDER_EVENT, [auth.userId, ...(await repo.registrarsOf(tx, found.facultyId))], { id: input.id, status: ORDER_CANCELED });
      return this.one(tx, input.id, lang);
    });
    return { success: true, order };
  }

  async queue(auth: AuthInfo, lang: Language): Promise<QueueOrder[]> {
    const faculty = await this.registrar(auth);
    return this.presentQueue(this.ctx.db, await repo.ordersOfFaculty(this.ctx.db, faculty, QUEUE_LIMIT), lang);
  }

  /** A step with the registrar's comment; a paper document is prepared only with where to collect it. */
  async move(auth: AuthInfo, input: MoveBody, lang: Language) {
    const from = input.status === ORDER_PREPARING ? [ORDER_WAITING] : [ORDER_PREPARING];
    const comment = input.comment?.trim() || null;
    return this.change(auth, input.id, from, input.status, { reason: null, note: comment }, lang, (order) => {
      if (input.status === ORDER_PREPARED && !comment && !PDF_DOC_KINDS.includes(order.docKind)) throw badRequest({ field: 'comment' });
    });
  }

  async reject(auth: AuthInfo, input: RejectBody, lang: Language) {
    const reason = input.reason.trim();
    if (!reason) throw badRequest({ field: 'reason' });
    // A prepared one too: its certificate is revoked (its QR code then says so).
    return this.change(auth, input.id, [ORDER_WAITING, ORDER_PREPARING, ORDER_PREPARED], ORDER_CANCELED, { reason, note: reason }, lang);
  }

  /** The prepared certificate's PDF: to its student, or to a registrar of its faculty. */
  async certificate(auth: AuthInfo, id: number, lang: Language): Promise<{ name: string; bytes: Buffer }> {
    const order = await repo.findOrder(this.ctx.db, id);
    const mine = order && auth.role === ROLE_STUDENT && order.studentId === auth.uid;
    if (!order || (!mine && (await repo.registrarFaculty(this.ctx.db, auth.userId)) !== order.facultyId)) throw notFound();
    if (order.status !== ORDER_PREPARED || !PDF_DOC_KINDS.includes(order.docKind)) throw conflict();
    // Its QR code needs the portal's public address (PUBLIC_URL).
    const base = this.ctx.config.documentsUrl;
    if (!base) throw documentsUnavailable();
    const student = (await studentPlace(this.ctx.db, order.studentId))!;
    const token = await signOrderToken(
      await this.secret(),
      order.id,
      order.updatedAt,
      new Date(order.updatedAt.getTime() + this.ctx.config.documentValidDays * 86_400_000),
    );
    const bytes = await certificatePdf(
      {
        number: order.id,
        type: localName(order.docType, lang),
        university: await universityName(this.ctx.db, lang),
        student: fullName(order),
        group: order.group,
        speciality: localName(student.speciality, lang),
        course: Math.max(1, currentPeriod(order.updatedAt).year - student.admissionYear + 1),
        purpose: localName(order.purpose, lang),
        issued: order.updatedAt,
        verifyUrl: `${base}/lms/verify?token=${encodeURIComponent(token)}`,
      },
      lang,
    );
    return { name: `certificate-${order.id}.pdf`, bytes };
  }

  /** What a certificate's QR code confirms (no session): a prepared certificate, or not valid. */
  async verify(input: VerifyQuery, lang: Language): Promise<Verified> {
    const token = await verifyOrderToken(await this.secret(), input.token, this.ctx.now());
    const order = token === null ? null : await repo.findOrder(this.ctx.db, token.id);
    const none = { number: null, student: null, group: null, type: null, issued: null };
    if (!order) return { valid: false, problem: null, ...none };
    // Revoked: the registrar withdrew it after it was prepared; expired: older than DOCUMENT_VALID_DAYS.
    if (order.status === ORDER_CANCELED && (await repo.wasPrepared(this.ctx.db, order.id))) return { valid: false, problem: 'revoked', ...none };
    if (order.status !== ORDER_PREPARED) return { valid: false, problem: null, ...none };
    return {
      valid: !token!.expired,
      problem: token!.expired ? 'expired' : null,
      number: order.id,
      student: fullName(order),
      group: order.group,
      type: localName(order.docType, lang),
      issued: order.updatedAt.toISOString(),
    };
  }

  private secret(): Promise<string> {
    return repo.signingSecret(this.ctx.db, randomBytes(32).toString('base64url'));
  }

  private async registrar(auth: AuthInfo): Promise<number> {
    const faculty = await repo.registrarFaculty(this.ctx.db, auth.userId);
    if (faculty === null) throw forbidden();
    return faculty;
  }

  /** A registrar's move of an order of his faculty, kept in its history with his words, told to its student. */
  private async change(
    auth: AuthInfo,
    id: number,
    from: number[],
    to: OrderStatus,
    words: { reason: string | null; note: string | null },
    lang: Language,
    check?: (order: repo.OrderRow) => void,
  ) {
    const faculty = await this.registrar(auth);
    const found = await repo.findOrder(this.ctx.db, id);
    if (!found || found.facultyId !== faculty) throw notFound();
    check?.(found);
    const order = await this.ctx.db.transaction(async (tx) => {
      if (!(await repo.moveOrder(tx, id, from, to, words.reason, words.note, auth.userId, this.ctx.now()))) throw conflict();
      const student = await repo.accountOfStudent(tx, found.studentId);
      await this.ctx.live.publish(tx, ORDER_EVENT, [...(student ? [student] : []), ...(await repo.registrarsOf(tx, faculty))], { id, status: to });
      if (student)
        await notify(tx, this.ctx.live, {
          userIds: [student],
          kind: 'order.status',
          params: {
            id,
            status: to,
            typeRu: found.docType.nameRu,
            typeKg: found.docType.nameKg,
            typeEn: found.docType.nameEn,
            ...(words.note ? { note: words.note } : {}),
          },
          link: `/singlewindow?order=${id}`,
        });
      const [row] = await this.presentQueue(tx, [(await repo.findOrder(tx, id))!], lang);
      return row;
    });
    return { success: true, order };
  }

  private async one(db: Db, id: number, lang: Language): Promise<Order> {
    return (await this.present(db, [(await repo.findOrder(db, id))!], lang))[0];
  }

  private async present(db: Db, rows: repo.OrderRow[], lang: Language): Promise<Order[]> {
    const history = await repo.historyOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const changes = history.filter((h) => h.orderId === r.id);
      const paper = !PDF_DOC_KINDS.includes(r.docKind);
      return {
        id: r.id,
        date: r.createdAt.toISOString(),
        status: r.status as OrderStatus,
        id_doc: r.docTypeId,
        type: localName(r.docType, lang),
        region: localName(r.region, lang),
        district: localName(r.district, lang),
        purpose: localName(r.purpose, lang),
        reason: r.reason,
        canCancel: r.status === ORDER_WAITING,
        downloadable: r.status === ORDER_PREPARED && !paper,
        paper,
        pickup: paper && r.status === ORDER_PREPARED ? ([...changes].reverse().find((h) => h.status === ORDER_PREPARED)?.reason ?? null) : null,
        history: changes.map((h) => ({ status: h.status as OrderStatus, reason: h.reason, at: h.at.toISOString(), by: h.by })),
      };
    });
  }

  private async presentQueue(db: Db, rows: repo.OrderRow[], lang: Language): Promise<QueueOrder[]> {
    const orders = await this.present(db, rows, lang);
    return orders.map((o, i) => ({ ...o, canCancel: false, student: fullName(rows[i]), group: rows[i].group }));
  }
}
