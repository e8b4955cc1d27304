/** The single window's calls and the certificate's URL (docs/areas/singlewindow.md#for-users). */
import type { IdName } from '@contract/common';
import type {
  Access,
  DistrictBody,
  DocType,
  MoveBody,
  Order,
  OrderChanged,
  OrderIdBody,
  OrderSaveBody,
  OrderSaved,
  QueueOrder,
  RejectBody,
  Verified,
} from '@contract/singlewindow';
import { get, post } from '@api/http';

const session = { session: true } as const;
const P = 'api/singlewindow';

export const singlewindowApi = {
  docs: () => post<DocType[]>(`${P}/doc`, {}, session),
  regions: () => post<IdName[]>(`${P}/region`, {}, session),
  districts: (body: DistrictBody) => post<IdName[]>(`${P}/district`, body, session),
  purposes: () => post<IdName[]>(`${P}/naznachenie`, {}, session),
  access: () => post<Access>(`${P}/access`, {}, session),
  orders: () => post<Order[]>(`${P}/orderlist`, {}, session),
  save: (body: OrderSaveBody) => post<OrderSaved>(`${P}/ordersave`, body, { ...session, idempotent: true }),
  cancel: (body: OrderIdBody) => post<OrderChanged>(`${P}/ordercancel`, body, session),
  queue: () => post<QueueOrder[]>(`${P}/registrar/queue`, {}, session),
  move: (body: MoveBody) => post<{ success: boolean; order: QueueOrder }>(`${P}/registrar/move`, body, session),
  reject: (body: RejectBody) => post<{ success: boolean; order: QueueOrder }>(`${P}/registrar/reject`, body, session),
  verify: (token: string) => get<Verified>(`${P}/verify?token=${encodeURIComponent(token)}`),
};

/** The prepared certificate's PDF (an attachment). */
export const certificateUrl = (id: number) => `/api/singlewindow/certificate.file?id=${id}`;
