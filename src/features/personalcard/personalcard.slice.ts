/**
 * Personal card area (docs/areas/personalcard.md#for-users): the card shown (the caller's or, for an
 * administrator, another account's), the owner's save of a field, an administrator's new
 * education-history event and account search.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CardField, EventBody, PersonalCard, SearchHit } from '@contract/personalcard';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

/** A write under way or refused, and how many have succeeded (a form closes on a new success). */
export interface WriteState {
  busy: boolean;
  failure: Failure | null;
  done: number;
}

export interface PersonalCardState {
  card: Loadable<PersonalCard | null>;
  /** The account whose card is shown; null: the caller's own. */
  userId: number | null;
  save: WriteState & { field: CardField | null };
  event: WriteState;
  search: Loadable<SearchHit[]>;
}

const write = (): WriteState => ({ busy: false, failure: null, done: 0 });

const initialState: PersonalCardState = {
  card: idle<PersonalCard | null>(null),
  userId: null,
  save: { ...write(), field: null },
  event: write(),
  search: idle<SearchHit[]>([]),
};

const slice = createSlice({
  name: 'personalcard',
  initialState,
  reducers: {
    /** The screen opened a card: the caller's (null) or an account's. */
    opened: (state, action: PayloadAction<number | null>) => {
      const same = state.userId === action.payload;
      state.userId = action.payload;
      state.card = started(same ? state.card.data : null);
      state.save = { ...write(), field: null };
      state.event = write();
    },
    loadSucceeded: (state, action: PayloadAction<PersonalCard>) => {
      state.card = succeeded<PersonalCard | null>(action.payload);
    },
    loadFailed: (state, action: PayloadAction<Failure>) => {
      state.card = failed<PersonalCard | null>(action.payload, null);
    },
    saveRequested: (state, action: PayloadAction<{ field: CardField; value: string }>) => {
      state.save = { ...state.save, busy: true, failure: null, field: action.payload.field };
    },
    saveSucceeded: (state, action: PayloadAction<PersonalCard>) => {
      state.card = succeeded<PersonalCard | null>(action.payload);
      state.save = { busy: false, failure: null, done: state.save.done + 1, field: null };
    },
    saveFailed: (state, action: PayloadAction<Failure>) => {
      state.save = { ...state.save, busy: false, failure: action.payload };
    },
    /** A form gave up its edit: its refusal is no longer shown. */
    saveCancelled: (state) => {
      state.save = { ...state.save, failure: null, field: null };
    },
    eventRequested: (state, _action: PayloadAction<EventBody>) => {
      state.event = { ...state.event, busy: true, failure: null };
    },
    eventSucceeded: (state, action: PayloadAction<PersonalCard>) => {
      state.card = succeeded<PersonalCard | null>(action.payload);
      state.event = { busy: false, failure: null, done: state.event.done + 1 };
    },
    eventFailed: (state, action: PayloadAction<Failure>) => {
      state.event = { ...state.event, busy: false, failure: action.payload };
    },
    searchRequested: (state, _action: PayloadAction<string>) => {
      state.search = started(state.search.data);
    },
    searchSucceeded: (state, action: PayloadAction<SearchHit[]>) => {
      state.search = succeeded(action.payload);
    },
    searchFailed: (state, action: PayloadAction<Failure>) => {
      state.search = failed(action.payload, []);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
});

export const personalcardActions = slice.actions;
export const personalcardReducer = slice.reducer;
export const selectPersonalCard = (state: { personalcard: PersonalCardState }) => state.personalcard;
