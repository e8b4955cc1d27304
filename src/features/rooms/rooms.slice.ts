/**
 * Rooms area (docs/areas/rooms.md#for-users): the filters' choices and the caller's load, the free
 * rooms of the chosen slot and filters, the week of the room opened, the teacher's bookings, and the
 * booking and cancelling under way (their refusal kept to be said).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BookBody, Booking, FreeRooms, FreeRoomsBody, RoomsOptions, RoomWeek } from '@contract/rooms';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

export interface WriteState {
  busy: boolean;
  failure: Failure | null;
  /** Counts the writes done, so a form knows to reset. */
  done: number;
}

export interface RoomsState {
  options: Loadable<RoomsOptions | null>;
  /** The last search asked for (none: the pair now). */
  query: FreeRoomsBody;
  free: Loadable<FreeRooms | null>;
  /** The room whose week is shown, and its week. */
  roomId: number | null;
  week: Loadable<RoomWeek | null>;
  bookings: Loadable<Booking[]>;
  book: WriteState;
  cancel: WriteState & { id: number | null };
}

const write = (): WriteState => ({ busy: false, failure: null, done: 0 });

export const initialRoomsState: RoomsState = {
  options: idle(null),
  query: {},
  free: idle(null),
  roomId: null,
  week: idle(null),
  bookings: idle([]),
  book: write(),
  cancel: { ...write(), id: null },
};

const slice = createSlice({
  name: 'rooms',
  initialState: initialRoomsState,
  reducers: {
    opened() {},
    optionsRequested(state) {
      state.options = started(state.options.data);
    },
    optionsSucceeded(state, action: PayloadAction<RoomsOptions>) {
      state.options = succeeded<RoomsOptions | null>(action.payload);
    },
    optionsFailed(state, action: PayloadAction<Failure>) {
      state.options = failed<RoomsOptions | null>(action.payload, null);
    },
    searched(state, action: PayloadAction<FreeRoomsBody>) {
      state.query = action.payload;
      state.free = started(state.free.data);
    },
    freeSucceeded(state, action: PayloadAction<FreeRooms>) {
      state.free = succeeded<FreeRooms | null>(action.payload);
    },
    freeFailed(state, action: PayloadAction<Failure>) {
      state.free = failed<FreeRooms | null>(action.payload, null);
    },
    /** A room's week is asked for (null: closed). */
    roomOpened(state, action: PayloadAction<{ roomId: number | null }>) {
      state.roomId = action.payload.roomId;
      state.week = action.payload.roomId === null ? idle(null) : started(null);
      state.book = { ...state.book, failure: null };
    },
    weekSucceeded(state, action: PayloadAction<RoomWeek>) {
      state.week = succeeded<RoomWeek | null>(action.payload);
    },
    weekFailed(state, action: PayloadAction<Failure>) {
      state.week = failed<RoomWeek | null>(action.payload, null);
    },
    bookingsRequested(state) {
      state.bookings = started(state.bookings.data);
    },
    bookingsSucceeded(state, action: PayloadAction<Booking[]>) {
      state.bookings = succeeded(action.payload);
    },
    bookingsFailed(state, action: PayloadAction<Failure>) {
      state.bookings = failed(action.payload, []);
    },
    bookRequested(state, _action: PayloadAction<BookBody>) {
      state.book = { ...state.book, busy: true, failure: null };
    },
    bookSucceeded(state, action: PayloadAction<Booking>) {
      state.book = { busy: false, failure: null, done: state.book.done + 1 };
      state.bookings = succeeded([...state.bookings.data.filter((b) => b.id !== action.payload.id), action.payload]);
    },
    bookFailed(state, action: PayloadAction<Failure>) {
      state.book = { ...state.book, busy: false, failure: action.payload };
    },
    cancelRequested(state, action: PayloadAction<{ id: number }>) {
      state.cancel = { ...state.cancel, busy: true, failure: null, id: action.payload.id };
    },
    cancelSucceeded(state, action: PayloadAction<{ cancelled: number }>) {
      state.cancel = { busy: false, failure: null, done: state.cancel.done + 1, id: null };
      state.bookings = succeeded(state.bookings.data.filter((b) => b.id !== action.payload.cancelled));
    },
    cancelFailed(state, action: PayloadAction<Failure>) {
      state.cancel = { ...state.cancel, busy: false, failure: action.payload };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialRoomsState);
  },
});

export const roomsActions = slice.actions;
export const roomsReducer = slice.reducer;
export const selectRooms = (state: { rooms: RoomsState }) => state.rooms;
