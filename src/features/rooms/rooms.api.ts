/** The rooms' calls (docs/areas/rooms.md#calls). */
import type { BookBody, Booking, FreeRooms, FreeRoomsBody, RoomsOptions, RoomWeek, RoomWeekBody } from '@contract/rooms';
import { post } from '@api/http';

export const roomsApi = {
  options: () => post<RoomsOptions>('api/rooms/options.json', {}, { session: true }),
  free: (body: FreeRoomsBody) => post<FreeRooms>('api/rooms/free.json', body, { session: true }),
  week: (body: RoomWeekBody) => post<RoomWeek>('api/rooms/week.json', body, { session: true }),
  bookings: () => post<Booking[]>('api/rooms/bookings.json', {}, { session: true }),
  book: (body: BookBody) => post<Booking>('api/rooms/book.json', body, { session: true }),
  cancel: (bookingId: number) => post<{ cancelled: number }>('api/rooms/cancel.json', { bookingId }, { session: true }),
};
