/**
 * /lms/admin (docs/areas/admin.md#for-users): an administrator finds accounts by login or name and
 * opens one's panel with its actions, or makes a member of staff's account (NewAccountForm). The first
 * answer is every account, by surname.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminAccount } from '@contract/admin';
import { QUERY_MAX } from './admin.api';
import { SearchBox } from '@components/SearchBox';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { pending } from '@shared/request/loadable';
import { selectUser } from '@shared/session/session';
import { AccountPanel, ActionConfirm } from './components/AccountPanel';
import { AccountState } from './components/AccountState';
import { NewAccountForm } from './components/NewAccountForm';
import { adminActions as A, selectAdmin } from './admin.slice';
import './admin.css';

function AccountRow({ account, open }: { account: AdminAccount; open: boolean }) {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const panelId = `admin-panel-${account.id}`;
  return (
    <li className={`card adm-account${open ? ' open' : ''}`} data-testid="admin-account" data-login={account.login}>
      <button
        type="button"
        className="adm-account-head"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => dispatch(A.toggled({ id: account.id }))}
      >
        <span className="adm-name">{account.fullName}</span>
        <span className="adm-meta muted small">
          <span className="adm-login">{account.login}</span> · {t(`role.${account.role}`)}
          {account.place ? ` · ${account.place}` : ''}
        </span>
        <AccountState account={account} />
      </button>
      {open ? <AccountPanel id={panelId} account={account} /> : null}
    </li>
  );
}

export default function AccountsScreen() {
  const { t } = useTranslation(['admin', 'cm']);
  const dispatch = useAppDispatch();
  const { accounts, total, query, openId, newAccount } = useAppSelector(selectAdmin);
  // A dean's office (not an administrator) makes no account and has no imports.
  const admin = useAppSelector(selectUser)?.admin === true;
  const [text, setText] = useState(query);
  const searchId = useId();
  const newId = useId();
  const newButton = useRef<HTMLButtonElement>(null);
  const closeNew = () => {
    dispatch(A.newAccountShown(false));
    newButton.current?.focus();
  };
  useEffect(() => {
    dispatch(A.opened());
  }, [dispatch]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    dispatch(A.searched({ query: text.trim() }));
  };
  return (
    <div className="adm-screen" aria-busy={pending(accounts)} data-testid="admin-accounts">
      <div className="adm-title-row">
        <h1 className="adm-title">{t('accounts.title')}</h1>
        <div className="adm-title-actions">
          {admin ? (
            <button
              ref={newButton}
              type="button"
              className="btn btn-primary"
              aria-expanded={newAccount.open}
              aria-controls={newAccount.open ? newId : undefined}
              onClick={() => (newAccount.open ? closeNew() : dispatch(A.newAccountShown(true)))}
              data-testid="admin-new-open"
            >
              {t('newAccount.open')}
            </button>
          ) : null}
          {admin ? (
            <Link to="/admin/imports" className="btn btn-secondary">
              {t('cm:titles.adminImports')}
            </Link>
          ) : null}
          {admin ? (
            <Link to="/admin/reference" className="btn btn-secondary">
              {t('cm:titles.adminReference')}
            </Link>
          ) : null}
          <Link to="/admin/audit" className="btn btn-secondary">
            {t('audit.title')}
          </Link>
        </div>
      </div>
      {admin && newAccount.open ? <NewAccountForm id={newId} onClose={closeNew} /> : null}
      <form role="search" className="card adm-search" onSubmit={submit} aria-label={t('accounts.search')}>
        <div className="field">
          <SearchBox
            id={searchId}
            label={t('accounts.search')}
            rowClass="adm-search-row"
            value={text}
            onChange={setText}
            maxLength={QUERY_MAX}
            placeholder={t('accounts.placeholder')}
            testId="admin-search"
            submit={t('accounts.find')}
            submitClass="btn btn-primary"
            submitTestId="admin-search-submit"
          />
        </div>
      </form>
      {accounts.error && accounts.page === 0 ? (
        <LoadFailed failure={accounts.error} onRetry={() => dispatch(A.searched({ query }))} />
      ) : !accounts.loaded && accounts.page === 0 ? (
        <Spinner label={t('cm:loading')} />
      ) : (
        <section aria-labelledby="adm-results">
          <h2 id="adm-results" className="adm-count" aria-live="polite">
            {query ? t('accounts.found', { count: total, query }) : t('accounts.all', { count: total })}
          </h2>
          {accounts.data.length === 0 ? (
            <p className="muted">{t('accounts.none')}</p>
          ) : (
            <ul className="adm-list">
              {accounts.data.map((a) => (
                <AccountRow key={a.id} account={a} open={openId === a.id} />
              ))}
            </ul>
          )}
          {accounts.error && accounts.page > 0 ? (
            <LoadFailed failure={accounts.error} onRetry={() => dispatch(A.pageRequested())} />
          ) : accounts.hasMore ? (
            <button
              type="button"
              className="btn btn-secondary adm-more"
              disabled={accounts.fetching}
              aria-busy={accounts.fetching}
              onClick={() => dispatch(A.pageRequested())}
            >
              {t('more')}
            </button>
          ) : null}
        </section>
      )}
      <ActionConfirm />
    </div>
  );
}
