/** /api/rooms/: free rooms, a room's week, a teacher's bookings (docs/areas/rooms.md#calls). */
import { EmptyBody } from '@contract/common';
import {
  BookBody,
  BookingReply,
  BookingsReply,
  CancelBody,
  CancelReply,
  FreeRoomsBody,
  FreeRoomsReply,
  RoomsOptionsReply,
  RoomWeekBody,
  RoomWeekReply,
} from '@contract/rooms';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { RoomsService } from './rooms.service';

const base = '/api/rooms';

export default async function roomsRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const rooms = new RoomsService(ctx);

  app.post(`${base}/options.json`, { schema: { body: EmptyBody, response: replies(RoomsOptionsReply) } }, async (req) =>
    ok(await rooms.options(req.auth!, languageOf(req))),
  );
  app.post(`${base}/free.json`, { schema: { body: FreeRoomsBody, response: replies(FreeRoomsReply) } }, async (req) => ok(await rooms.free(req.body)));
  app.post(`${base}/week.json`, { schema: { body: RoomWeekBody, response: replies(RoomWeekReply) } }, async (req) =>
    ok(await rooms.week(req.body, languageOf(req))),
  );
  app.post(`${base}/bookings.json`, { schema: { body: EmptyBody, response: replies(BookingsReply) } }, async (req) =>
    ok(await rooms.bookings(req.auth!, languageOf(req))),
  );
  app.post(`${base}/book.json`, { schema: { body: BookBody, response: replies(BookingReply) } }, async (req) =>
    ok(await rooms.book(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/cancel.json`, { schema: { body: CancelBody, response: replies(CancelReply) } }, async (req) =>
    ok(await rooms.cancel(req.auth!, req.body.bookingId)),
  );
}
