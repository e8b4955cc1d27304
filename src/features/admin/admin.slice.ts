/**
 * The administration (docs/areas/admin.md#for-users): the accounts found (paged), the account whose
 * panel is open, the action under way on it and its refusal (a right's and its storage quota's too), the one-time password just made (kept
 * only until the panel closes), the new account's form (its lists, its call and its refusal), and the
 * audit log with its filters (paged).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccountRight, AdminAccount, AuditAction, AuditEntry, NewAccountBody, NewAccountLists, PasswordResetDone } from '@contract/admin';
import type { Failure } from '@api/http';
import { failed, idle, idlePages, pageFailed, pageStarted, pageSucceeded, started, succeeded, type Loadable, type Paged } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';
import { PAGE_SIZE as ADMIN_PAGE, type AccountAction } from './admin.api';

/** Whom the audit log is narrowed to: an id, with the name shown for it. */
export interface AuditPersonFilter {
  id: number;
  label: string;
}

export interface AuditFilter {
  account: AuditPersonFilter | null;
  admin: AuditPersonFilter | null;
  /** An administrator's login typed in the filter form. */
  adminLogin: string | null;
  action: AuditAction | null;
}

/** A right of the panel: a box (AccountRight) or the dean's-office faculty. */
export type RightKey = AccountRight | 'dean';

export interface AdminState {
  query: string;
  accounts: Paged<AdminAccount>;
  total: number;
  /** The account whose panel is open. */
  openId: number | null;
  /** The action whose confirmation is asked. */
  asking: { id: number; action: AccountAction } | null;
  /** The action under way, and the last refusal (shown beside its button). */
  busy: { id: number; action: AccountAction } | null;
  error: { id: number; action: AccountAction; failure: Failure } | null;
  /** The right being granted or revoked, and the last refusal (shown beside the rights). */
  rightBusy: { id: number; right: RightKey } | null;
  rightError: { id: number; right: RightKey; failure: Failure } | null;
  /** The account whose storage quota is being set, and the last refusal (shown beside the field). */
  quotaBusy: number | null;
  quotaError: { id: number; failure: Failure } | null;
  /** The one-time password just made, shown once. */
  password: { id: number; value: string } | null;
  /** The new account's form: shown, its lists (loaded when first shown), the call under way and its refusal. */
  newAccount: { open: boolean; busy: boolean; failure: Failure | null };
  staffLists: Loadable<NewAccountLists>;
  filter: AuditFilter;
  audit: Paged<AuditEntry>;
  auditTotal: number;
}

export const initialAdminState: AdminState = {
  query: '',
  accounts: idlePages(),
  total: 0,
  openId: null,
  asking: null,
  busy: null,
  error: null,
  rightBusy: null,
  rightError: null,
  quotaBusy: null,
  quotaError: null,
  password: null,
  newAccount: { open: false, busy: false, failure: null },
  staffLists: idle({ positions: [], departments: [], faculties: [] }),
  filter: { account: null, admin: null, adminLogin: null, action: null },
  audit: idlePages(),
  auditTotal: 0,
};

const slice = createSlice({
  name: 'admin',
  initialState: initialAdminState,
  reducers: {
    /** The accounts screen is shown: the first page of every account unless a search is shown already. */
    opened() {},
    searched(state, action: PayloadAction<{ query: string }>) {
      state.query = action.payload.query;
      state.accounts = pageStarted(state.accounts, 1);
    },
    pageRequested(state) {
      state.accounts = pageStarted(state.accounts, state.accounts.page + 1);
    },
    pageLoaded(state, action: PayloadAction<{ page: number; items: AdminAccount[]; total: number }>) {
      state.accounts = pageSucceeded(state.accounts, action.payload.page, action.payload.items, ADMIN_PAGE, (a) => a.id);
      state.accounts.hasMore = state.accounts.data.length < action.payload.total;
      state.total = action.payload.total;
    },
    pageFailed(state, action: PayloadAction<Failure>) {
      state.accounts = pageFailed(state.accounts, action.payload);
    },
    /** An account's panel opens (or closes: null); a password shown before is gone. */
    toggled(state, action: PayloadAction<{ id: number | null }>) {
      state.openId = state.openId === action.payload.id ? null : action.payload.id;
      state.asking = null;
      state.password = null;
      state.error = null;
      state.rightError = null;
      state.quotaError = null;
    },
    /** An action's button was pressed: its confirmation is asked (null: the question closed). */
    confirmAsked(state, action: PayloadAction<{ id: number; action: AccountAction } | null>) {
      state.asking = action.payload;
    },
    actionRequested(state, action: PayloadAction<{ id: number; action: AccountAction }>) {
      state.asking = null;
      state.busy = action.payload;
      state.error = null;
      state.password = null;
    },
    accountChanged(state, action: PayloadAction<{ account: AdminAccount; password?: string }>) {
      const { account, password } = action.payload;
      state.busy = null;
      state.accounts.data = state.accounts.data.map((a) => (a.id === account.id ? account : a));
      if (password) state.password = { id: account.id, value: password };
    },
    actionFailed(state, action: PayloadAction<{ id: number; action: AccountAction; failure: Failure }>) {
      state.busy = null;
      state.error = action.payload;
    },
    /** A right's box was ticked or cleared: the call is made at once (no confirmation). */
    rightRequested(state, action: PayloadAction<{ id: number; right: AccountRight; granted: boolean }>) {
      const { id, right } = action.payload;
      state.rightBusy = { id, right };
      state.rightError = null;
    },
    /** The dean's-office faculty chosen (null: none): the call is made at once. */
    deanRequested(state, action: PayloadAction<{ id: number; facultyId: number | null }>) {
      state.rightBusy = { id: action.payload.id, right: 'dean' };
      state.rightError = null;
    },
    rightChanged(state, action: PayloadAction<{ account: AdminAccount; right: RightKey }>) {
      const { account } = action.payload;
      state.rightBusy = null;
      state.accounts.data = state.accounts.data.map((a) => (a.id === account.id ? account : a));
    },
    rightFailed(state, action: PayloadAction<{ id: number; right: RightKey; failure: Failure }>) {
      state.rightBusy = null;
      state.rightError = action.payload;
    },
    /** The account's own storage quota saved (null: back to its role's). */
    quotaRequested(state, action: PayloadAction<{ id: number; quotaMb: number | null }>) {
      state.quotaBusy = action.payload.id;
      state.quotaError = null;
    },
    quotaChanged(state, action: PayloadAction<AdminAccount>) {
      const account = action.payload;
      state.quotaBusy = null;
      state.accounts.data = state.accounts.data.map((a) => (a.id === account.id ? account : a));
    },
    quotaFailed(state, action: PayloadAction<{ id: number; failure: Failure }>) {
      state.quotaBusy = null;
      state.quotaError = action.payload;
    },
    /** The password was seen: it is not kept any longer. */
    passwordDismissed(state) {
      state.password = null;
    },
    /** The new account's form is shown (or hidden: false); its lists are loaded the first time. */
    newAccountShown(state, action: PayloadAction<boolean>) {
      state.newAccount = { open: action.payload, busy: false, failure: null };
      if (action.payload && !state.staffLists.loaded) state.staffLists = started(state.staffLists.data);
    },
    /** A panel needs the lists (the faculties of the dean's-office right): loaded once. */
    staffListsNeeded(state) {
      if (!state.staffLists.loaded && !state.staffLists.fetching) state.staffLists = started(state.staffLists.data);
    },
    staffListsLoaded(state, action: PayloadAction<NewAccountLists>) {
      state.staffLists = succeeded(action.payload);
    },
    staffListsFailed(state, action: PayloadAction<Failure>) {
      state.staffLists = failed(action.payload, state.staffLists.data);
    },
    newAccountRequested(state, _action: PayloadAction<NewAccountBody>) {
      state.newAccount = { open: true, busy: true, failure: null };
    },
    /** Made: the form closes, the account opens first in the list with its one-time password shown once. */
    newAccountCreated(state, action: PayloadAction<PasswordResetDone>) {
      const { account, password } = action.payload;
      state.newAccount = { open: false, busy: false, failure: null };
      state.accounts.data = [account, ...state.accounts.data.filter((a) => a.id !== account.id)];
      state.total += 1;
      state.openId = account.id;
      state.asking = null;
      state.error = null;
      state.rightError = null;
      state.password = { id: account.id, value: password };
    },
    newAccountFailed(state, action: PayloadAction<Failure>) {
      state.newAccount = { open: true, busy: false, failure: action.payload };
    },
    /** The audit screen is shown with these filters. */
    auditOpened(state, action: PayloadAction<AuditFilter>) {
      state.filter = action.payload;
      state.audit = pageStarted(state.audit, 1);
    },
    auditPageRequested(state) {
      state.audit = pageStarted(state.audit, state.audit.page + 1);
    },
    auditLoaded(state, action: PayloadAction<{ page: number; items: AuditEntry[]; total: number }>) {
      state.audit = pageSucceeded(state.audit, action.payload.page, action.payload.items, ADMIN_PAGE, (e) => e.id);
      state.audit.hasMore = state.audit.data.length < action.payload.total;
      state.auditTotal = action.payload.total;
    },
    auditFailed(state, action: PayloadAction<Failure>) {
      state.audit = pageFailed(state.audit, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialAdminState);
  },
});

export const adminActions = slice.actions;
export const adminReducer = slice.reducer;

type WithAdmin = { admin: AdminState };
export const selectAdmin = (state: WithAdmin) => state.admin;
