/**
 * The single window under /api/singlewindow/ (docs/areas/singlewindow.md#calls): a student orders reference
 * documents and certificates (document type, region, district of that region, purpose), sees his
 * own orders with their history and cancels one while it waits; registrars (the account's registrar
 * flag) handle the orders of their faculty: waiting → preparing → prepared, or reject with a reason.
 * A prepared certificate of study is a PDF with a verification QR. Every call needs a session but
 * the public verification of a certificate.
 */
import { Type, type Static } from 'typebox';
import { DbId, IdName, Ok } from './common';

/** Order statuses (docs/areas/singlewindow.md#for-users). */
export const ORDER_WAITING = 1;
export const ORDER_PREPARING = 2;
export const ORDER_PREPARED = 3;
export const ORDER_CANCELED = 4;
export const OrderStatus = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]);
export type OrderStatus = Static<typeof OrderStatus>;
/** Longest rejection reason, in characters. */
export const REASON_MAX = 500;

/**
 * POST doc {}: the document types. The certificates of study (`kind` 'study', and those for the
 * military office and the Social Fund) are generated as PDFs; the others are paper documents the
 * student collects where the registrar says when it is prepared.
 */
export const DocType = Type.Object({ id: Type.Integer(), name: Type.String(), kind: Type.String() });
export type DocType = Static<typeof DocType>;
export const DocTypesReply = Ok(Type.Array(DocType));
/** POST region {} and naznachenie {}: regions and purposes; POST district {id_region}: its districts. */
export const IdNamesReply = Ok(Type.Array(IdName));
export const DistrictBody = Type.Object({ id_region: DbId });
export type DistrictBody = Static<typeof DistrictBody>;

/** Document kinds the portal generates as a PDF; the others are paper documents. */
export const PDF_DOC_KINDS: readonly string[] = ['study', 'military', 'social'];

/** One change of an order: who made it, and what the registrar wrote (a rejection's reason, a comment, where to collect it). */
export const OrderChange = Type.Object({
  status: OrderStatus,
  reason: Type.Union([Type.String(), Type.Null()]),
  at: Type.String(),
  /** The person who made the change (the student, or the registrar); null when the account is gone. */
  by: Type.Union([Type.String(), Type.Null()]),
});
export type OrderChange = Static<typeof OrderChange>;

/** An order as its student and the registrars see it. */
export const Order = Type.Object({
  id: Type.Integer(),
  /** ISO time it was ordered. */
  date: Type.String(),
  status: OrderStatus,
  id_doc: Type.Integer(),
  type: Type.String(),
  region: Type.String(),
  district: Type.String(),
  purpose: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()]),
  /** The student may cancel it (waiting only). */
  canCancel: Type.Boolean(),
  /** A PDF may be downloaded (a prepared certificate of study). */
  downloadable: Type.Boolean(),
  /** A paper document: collected where `pickup` says once prepared. */
  paper: Type.Boolean(),
  /** Where to collect a prepared paper document (the registrar's words). */
  pickup: Type.Union([Type.String(), Type.Null()]),
  history: Type.Array(OrderChange),
});
export type Order = Static<typeof Order>;
/** POST orderlist {}: the caller's own orders, newest first (students only). */
export const OrderListReply = Ok(Type.Array(Order));

/** POST ordersave {id_doc, id_region, id_district, id_naznachenie}: a new order (Idempotency-Key honoured). */
export const OrderSaveBody = Type.Object({ id_doc: DbId, id_region: DbId, id_district: DbId, id_naznachenie: DbId });
export type OrderSaveBody = Static<typeof OrderSaveBody>;
export const OrderSaved = Type.Object({ success: Type.Boolean(), order: Order });
export type OrderSaved = Static<typeof OrderSaved>;
export const OrderSaveReply = Ok(OrderSaved);

/** POST ordercancel {id}: the caller's waiting order is canceled (else 409 CONFLICT; another's → 404). */
export const OrderIdBody = Type.Object({ id: DbId });
export type OrderIdBody = Static<typeof OrderIdBody>;
export const OrderChanged = Type.Object({ success: Type.Boolean(), order: Order });
export type OrderChanged = Static<typeof OrderChanged>;
export const OrderChangedReply = Ok(OrderChanged);

/** POST access {}: whether the caller handles orders (registrar). */
export const Access = Type.Object({ registrar: Type.Boolean() });
export type Access = Static<typeof Access>;
export const AccessReply = Ok(Access);

/** An order in a registrar's queue: with its student. */
export const QueueOrder = Type.Object({ ...Order.properties, student: Type.String(), group: Type.String() });
export type QueueOrder = Static<typeof QueueOrder>;
/** POST registrar/queue {}: the orders of the registrar's faculty, open ones first (others → 403). */
export const QueueReply = Ok(Type.Array(QueueOrder));
/**
 * POST registrar/move {id, status, comment?}: waiting → preparing, preparing → prepared (another move
 * → 409), with the registrar's comment kept in the history and told to the student; a paper
 * document's move to prepared needs one (where to collect it, else 400 {field: 'comment'}).
 */
export const MoveBody = Type.Object({
  id: DbId,
  status: Type.Union([Type.Literal(ORDER_PREPARING), Type.Literal(ORDER_PREPARED)]),
  comment: Type.Optional(Type.String({ maxLength: REASON_MAX })),
});
export type MoveBody = Static<typeof MoveBody>;
/** POST registrar/reject {id, reason}: an open order is canceled with the reason; a prepared one too (its certificate revoked). */
export const RejectBody = Type.Object({ id: DbId, reason: Type.String({ minLength: 1, maxLength: REASON_MAX }) });
export type RejectBody = Static<typeof RejectBody>;
export const QueueChangedReply = Ok(Type.Object({ success: Type.Boolean(), order: QueueOrder }));

/** GET certificate.file?id=: the prepared certificate's PDF, to its student or a registrar of its faculty. */
export const CertificateQuery = Type.Object({ id: DbId });
export type CertificateQuery = Static<typeof CertificateQuery>;

/** GET verify?token= (no session): what a certificate's QR code confirms. */
export const VerifyQuery = Type.Object({ token: Type.String({ minLength: 10, maxLength: 2000 }) });
export type VerifyQuery = Static<typeof VerifyQuery>;
export const Verified = Type.Object({
  valid: Type.Boolean(),
  /** Why a certificate of ours is not valid: revoked by the registrar, or past DOCUMENT_VALID_DAYS; null otherwise. */
  problem: Type.Union([Type.Literal('revoked'), Type.Literal('expired'), Type.Null()]),
  number: Type.Union([Type.Integer(), Type.Null()]),
  student: Type.Union([Type.String(), Type.Null()]),
  group: Type.Union([Type.String(), Type.Null()]),
  type: Type.Union([Type.String(), Type.Null()]),
  /** ISO time it was prepared. */
  issued: Type.Union([Type.String(), Type.Null()]),
});
export type Verified = Static<typeof Verified>;
export const VerifyReply = Ok(Verified);

/** The live event `order` (to the student and his faculty's registrars): an order changed. */
export const LiveOrder = Type.Object({ id: Type.Integer(), status: OrderStatus });
export type LiveOrder = Static<typeof LiveOrder>;
