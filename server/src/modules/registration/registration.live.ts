/**
 * Registration's part of the live stream (plugins/live.ts): `registrationSeat` to a student whose
 * place in a waiting list became a seat (SeatEvent of contract/registration.ts), and
 * `registrationChanged` to a teacher whose subgroup changed (his view reloads).
 */
import { REG_CHANGED_EVENT, REG_SEAT_EVENT } from '@contract/registration';
import type { AppContext } from '../../context';
import type { LiveArea, LiveEvent, StreamEvent } from '../../plugins/live';
import { REGISTRATION_CHANGED_EVENT, REGISTRATION_SEAT_EVENT } from './registration.service';

export function registrationStreamEvent(e: LiveEvent): StreamEvent | null {
  if (e.event === REGISTRATION_SEAT_EVENT) return { event: REG_SEAT_EVENT, data: e.data };
  if (e.event === REGISTRATION_CHANGED_EVENT) return { event: REG_CHANGED_EVENT, data: e.data ?? {} };
  return null;
}

export function registrationLive(_ctx: AppContext): LiveArea {
  return { map: registrationStreamEvent };
}
