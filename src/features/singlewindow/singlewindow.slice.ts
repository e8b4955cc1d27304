/**
 * The single window (docs/areas/singlewindow.md#for-users): the order form's lists (document types,
 * regions, the chosen region's districts, purposes), the student's orders, and the registrar's queue.
 * A changed order arrives live and the lists reload.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { IdName } from '@contract/common';
import type { DocType, LiveOrder, Order, OrderSaveBody, QueueOrder } from '@contract/singlewindow';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

export interface SingleWindowState {
  docs: Loadable<DocType[]>;
  regions: Loadable<IdName[]>;
  districts: Loadable<IdName[]>;
  purposes: Loadable<IdName[]>;
  /** Whether the caller handles orders (null until known). */
  registrar: Loadable<boolean | null>;
  orders: Loadable<Order[]>;
  queue: Loadable<QueueOrder[]>;
  /** A save under way, and its refusal. */
  save: { busy: boolean; error: Failure | null; savedAt: number };
  /** The order a cancel, move or rejection is under way for. */
  busyId: number | null;
  actionError: Failure | null;
}

export const initialSingleWindowState: SingleWindowState = {
  docs: idle([]),
  regions: idle([]),
  districts: idle([]),
  purposes: idle([]),
  registrar: idle(null),
  orders: idle([]),
  queue: idle([]),
  save: { busy: false, error: null, savedAt: 0 },
  busyId: null,
  actionError: null,
};

const slice = createSlice({
  name: 'singlewindow',
  initialState: initialSingleWindowState,
  reducers: {
    /** The screen is shown (role: the caller's). */
    opened(_state, _action: PayloadAction<{ student: boolean }>) {},
    listsRequested(state) {
      state.docs = started([]);
      state.regions = started([]);
      state.purposes = started([]);
    },
    docsLoaded(state, action: PayloadAction<DocType[]>) {
      state.docs = succeeded(action.payload);
    },
    regionsLoaded(state, action: PayloadAction<IdName[]>) {
      state.regions = succeeded(action.payload);
    },
    purposesLoaded(state, action: PayloadAction<IdName[]>) {
      state.purposes = succeeded(action.payload);
    },
    listsFailed(state, action: PayloadAction<Failure>) {
      state.docs = failed(action.payload, state.docs.data);
      state.regions = failed(action.payload, state.regions.data);
      state.purposes = failed(action.payload, state.purposes.data);
    },
    regionSelected(state, action: PayloadAction<{ id: number }>) {
      state.districts = action.payload.id > 0 ? started([]) : idle([]);
    },
    districtsLoaded(state, action: PayloadAction<IdName[]>) {
      state.districts = succeeded(action.payload);
    },
    districtsFailed(state, action: PayloadAction<Failure>) {
      state.districts = failed(action.payload, []);
    },
    accessLoaded(state, action: PayloadAction<boolean>) {
      state.registrar = succeeded(action.payload);
    },
    accessFailed(state, action: PayloadAction<Failure>) {
      state.registrar = failed(action.payload, null);
    },
    ordersRequested(state) {
      state.orders = { ...state.orders, fetching: true, error: null };
    },
    ordersLoaded(state, action: PayloadAction<Order[]>) {
      state.orders = succeeded(action.payload);
    },
    ordersFailed(state, action: PayloadAction<Failure>) {
      state.orders = failed(action.payload, state.orders.data);
    },
    queueRequested(state) {
      state.queue = { ...state.queue, fetching: true, error: null };
    },
    queueLoaded(state, action: PayloadAction<QueueOrder[]>) {
      state.queue = succeeded(action.payload);
    },
    queueFailed(state, action: PayloadAction<Failure>) {
      state.queue = failed(action.payload, state.queue.data);
    },
    saveRequested(state, _action: PayloadAction<OrderSaveBody>) {
      state.save = { ...state.save, busy: true, error: null };
    },
    saveSucceeded(state, action: PayloadAction<Order>) {
      state.save = { busy: false, error: null, savedAt: state.save.savedAt + 1 };
      if (!state.orders.data.some((o) => o.id === action.payload.id)) state.orders.data.unshift(action.payload);
    },
    saveFailed(state, action: PayloadAction<Failure>) {
      state.save = { ...state.save, busy: false, error: action.payload };
    },
    cancelRequested(state, action: PayloadAction<{ id: number }>) {
      state.busyId = action.payload.id;
      state.actionError = null;
    },
    moveRequested(state, action: PayloadAction<{ id: number; status: 2 | 3; comment?: string }>) {
      state.busyId = action.payload.id;
      state.actionError = null;
    },
    rejectRequested(state, action: PayloadAction<{ id: number; reason: string }>) {
      state.busyId = action.payload.id;
      state.actionError = null;
    },
    orderChanged(state, action: PayloadAction<Order>) {
      state.busyId = null;
      state.orders.data = state.orders.data.map((o) => (o.id === action.payload.id ? action.payload : o));
    },
    queueOrderChanged(state, action: PayloadAction<QueueOrder>) {
      state.busyId = null;
      state.queue.data = state.queue.data.map((o) => (o.id === action.payload.id ? action.payload : o));
    },
    actionFailed(state, action: PayloadAction<Failure>) {
      state.busyId = null;
      state.actionError = action.payload;
    },
    /** An order changed elsewhere (live): what is shown reloads. */
    liveOrder(_state, _action: PayloadAction<LiveOrder | null>) {},
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialSingleWindowState);
  },
});

export const singlewindowActions = slice.actions;
export const singlewindowReducer = slice.reducer;
type WithSingleWindow = { singlewindow: SingleWindowState };
export const selectSingleWindow = (state: WithSingleWindow) => state.singlewindow;
