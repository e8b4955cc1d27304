/** The administration's loads and writes (docs/areas/admin.md#calls). */
import type { PayloadAction } from '@reduxjs/toolkit';
import i18next from 'i18next';
import { call, put, select } from 'redux-saga/effects';
import type { AdminAccount } from '@contract/admin';
import type { AccountRight, AdminAccount as Account, NewAccountBody } from '@contract/admin';
import type { Result } from '@api/http';
import { notify } from '@lib/notify';
import { describeFailure } from '@shared/request/errors';
import { rootSaga } from '@shared/request/watchers';
import { request } from '@shared/request/request.saga';
import { adminApi, type AccountAction } from './admin.api';
import { adminActions as a, selectAdmin, type AdminState } from './admin.slice';

function* openedSaga() {
  const state = (yield select(selectAdmin)) as AdminState;
  if (!state.accounts.loaded && !state.accounts.fetching) yield put(a.searched({ query: state.query }));
}

function* pageSaga() {
  const state = (yield select(selectAdmin)) as AdminState;
  const page = state.accounts.page + 1;
  yield* request(adminApi.accounts, [{ q: state.query, page }], {
    succeeded: (r) => a.pageLoaded({ page, items: r.items, total: r.total }),
    failed: a.pageFailed,
  });
}

function* actionSaga(action: PayloadAction<{ id: number; action: AccountAction }>) {
  const { id, action: what } = action.payload;
  const failed = (failure: Parameters<typeof a.pageFailed>[0]) => a.actionFailed({ id, action: what, failure });
  if (what === 'resetPassword') {
    yield* request(adminApi.resetPassword, [id], { succeeded: (r) => a.accountChanged({ account: r.account, password: r.password }), failed });
    return;
  }
  const call: (id: number) => Promise<Result<AdminAccount>> = adminApi[what];
  yield* request(call, [id], { succeeded: (account) => a.accountChanged({ account }), failed });
}

/** A right granted or revoked: the row shows the account after, and a toast says what happened. */
function* rightSaga(action: PayloadAction<{ id: number; right: AccountRight; granted: boolean }>) {
  const { id, right, granted } = action.payload;
  const result = (yield* request(adminApi.setRight, [id, right, granted], {
    succeeded: (account) => a.rightChanged({ account, right }),
    failed: (failure) => a.rightFailed({ id, right, failure }),
  })) as Result<Account>;
  const t = i18next.t.bind(i18next);
  if (result.ok) {
    const what = t(`admin:rights.${right}`);
    yield call(notify, t(granted ? 'admin:rights.granted' : 'admin:rights.revoked', { right: what, name: result.data.fullName }), 'success');
  } else yield call(notify, describeFailure(t, result), 'error');
}

/** The account's own storage quota saved: the panel shows the account after, and a toast says so. */
function* quotaSaga(action: PayloadAction<{ id: number; quotaMb: number | null }>) {
  const { id, quotaMb } = action.payload;
  const result = (yield* request(adminApi.setQuota, [id, quotaMb], {
    succeeded: a.quotaChanged,
    failed: (failure) => a.quotaFailed({ id, failure }),
  })) as Result<Account>;
  if (result.ok) yield call(notify, i18next.t('admin:quota.saved', { name: result.data.fullName }), 'success');
}

/** The dean's-office faculty chosen: the row shows the account after, and a toast says what happened. */
function* deanSaga(action: PayloadAction<{ id: number; facultyId: number | null }>) {
  const { id, facultyId } = action.payload;
  const result = (yield* request(adminApi.setDean, [id, facultyId], {
    succeeded: (account) => a.rightChanged({ account, right: 'dean' }),
    failed: (failure) => a.rightFailed({ id, right: 'dean', failure }),
  })) as Result<Account>;
  const t = i18next.t.bind(i18next);
  if (result.ok) {
    const what = t('admin:rights.dean');
    yield call(notify, t(facultyId === null ? 'admin:rights.revoked' : 'admin:rights.granted', { right: what, name: result.data.fullName }), 'success');
  } else yield call(notify, describeFailure(t, result), 'error');
}

function* staffListsSaga(action: PayloadAction<boolean | undefined>) {
  const state = (yield select(selectAdmin)) as AdminState;
  if (action.payload === false || state.staffLists.loaded || !state.staffLists.fetching) return;
  yield* request(adminApi.newAccountLists, [], { succeeded: a.staffListsLoaded, failed: a.staffListsFailed });
}

function* newAccountSaga(action: PayloadAction<NewAccountBody>) {
  yield* request(adminApi.createAccount, [action.payload], { succeeded: a.newAccountCreated, failed: a.newAccountFailed });
}

function* auditSaga() {
  const state = (yield select(selectAdmin)) as AdminState;
  const page = state.audit.page + 1;
  const { account, admin, adminLogin, action } = state.filter;
  yield* request(
    adminApi.audit,
    [
      {
        page,
        ...(account ? { accountId: account.id } : {}),
        ...(admin ? { adminId: admin.id } : {}),
        ...(adminLogin ? { adminLogin } : {}),
        ...(action ? { action } : {}),
      },
    ],
    { succeeded: (r) => a.auditLoaded({ page, items: r.items, total: r.total }), failed: a.auditFailed },
  );
}

export const adminSaga = rootSaga({
  latest: [
    [a.opened, openedSaga],
    [[a.searched, a.pageRequested], pageSaga],
    [[a.auditOpened, a.auditPageRequested], auditSaga],
    [[a.newAccountShown, a.staffListsNeeded], staffListsSaga],
  ],
  leading: [
    [a.actionRequested, actionSaga],
    [a.rightRequested, rightSaga],
    [a.deanRequested, deanSaga],
    [a.quotaRequested, quotaSaga],
    [a.newAccountRequested, newAccountSaga],
  ],
});
