/**
 * /lms/admin/audit (docs/areas/admin.md#for-users): the administrators' changes, newest first, with
 * the account's state before and after; filtered by action, by an administrator's login typed in the
 * filters, and by an account or an administrator chosen from an entry or from an account's panel
 * (?account=<id>&name=...).
 */
import { useEffect, useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { AuditAction, AuditPerson } from '@contract/admin';
import { AUDIT_ACTIONS, isReferenceAction, QUERY_MAX } from './admin.api';
import { Spinner } from '@components/Spinner';
import { TitleRow } from '@components/TitleRow';
import { formatDateTime } from '@lib/dates';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { pending } from '@shared/request/loadable';
import { adminActions as A, selectAdmin, type AuditFilter } from './admin.slice';
import { AuditChanges } from './components/AuditChanges';
import './admin.css';

const personLabel = (p: AuditPerson) => p.fullName ?? p.login ?? `#${p.id}`;

/** The filters as the page's query: ?action=&account=&name=&admin=&adminName=&adminLogin=. */
function filterOf(query: URLSearchParams): AuditFilter {
  const person = (idKey: string, nameKey: string) => {
    const id = Number(query.get(idKey));
    return Number.isInteger(id) && id > 0 ? { id, label: query.get(nameKey) || `#${id}` } : null;
  };
  const action = query.get('action');
  return {
    account: person('account', 'name'),
    admin: person('admin', 'adminName'),
    adminLogin: query.get('adminLogin')?.trim() || null,
    action: (AUDIT_ACTIONS as readonly string[]).includes(action ?? '') ? (action as AuditAction) : null,
  };
}

export default function AuditScreen() {
  const { t, i18n } = useTranslation(['admin', 'cm']);
  const dispatch = useAppDispatch();
  const [query, setQuery] = useSearchParams();
  const { audit, auditTotal } = useAppSelector(selectAdmin);
  const actionId = useId();
  const adminLoginId = useId();
  const filter = filterOf(query);
  const key = query.toString();
  useEffect(() => {
    dispatch(A.auditOpened(filterOf(new URLSearchParams(key))));
  }, [dispatch, key]);
  const change = (set: Record<string, string | null>) => {
    const next = new URLSearchParams(query);
    for (const [k, v] of Object.entries(set))
      if (v === null) next.delete(k);
      else next.set(k, v);
    setQuery(next);
  };
  const byAdminLogin = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const login = String(new FormData(e.currentTarget).get('adminLogin') ?? '').trim();
    change({ adminLogin: login || null });
  };
  const byPerson = (kind: 'account' | 'admin', p: AuditPerson) =>
    change(kind === 'account' ? { account: String(p.id), name: personLabel(p) } : { admin: String(p.id), adminName: personLabel(p) });
  return (
    <div className="adm-screen" aria-busy={pending(audit)} data-testid="admin-audit">
      <TitleRow rowClass="adm-title-row" titleClass="adm-title" title={t('audit.title')} to="/admin" link={t('accounts.title')} />
      <section className="card adm-filters" aria-label={t('audit.filters')}>
        <div className="field">
          <label htmlFor={actionId}>{t('audit.action')}</label>
          <select
            id={actionId}
            className="input"
            value={filter.action ?? ''}
            onChange={(e) => change({ action: e.target.value || null })}
            data-testid="audit-action"
          >
            <option value="">{t('audit.anyAction')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`action.${a}`)}
              </option>
            ))}
          </select>
        </div>
        <form role="search" className="field" onSubmit={byAdminLogin} aria-label={t('audit.adminLogin')}>
          <label htmlFor={adminLoginId}>{t('audit.adminLogin')}</label>
          <div className="adm-search-row">
            <input
              key={filter.adminLogin ?? ''}
              id={adminLoginId}
              name="adminLogin"
              className="input"
              type="search"
              autoComplete="off"
              defaultValue={filter.adminLogin ?? ''}
              maxLength={QUERY_MAX}
              data-testid="audit-admin-login"
            />
            <button type="submit" className="btn btn-primary">
              {t('audit.apply')}
            </button>
          </div>
        </form>
        {filter.adminLogin ? (
          <p className="adm-chip" data-testid="audit-admin-login-filter">
            {t('audit.byAdmin', { name: filter.adminLogin })}{' '}
            <button type="button" className="btn btn-ghost" onClick={() => change({ adminLogin: null })}>
              {t('audit.clear')}
            </button>
          </p>
        ) : null}
        {filter.account ? (
          <p className="adm-chip" data-testid="audit-account-filter">
            {t('audit.forAccount', { name: filter.account.label })}{' '}
            <button type="button" className="btn btn-ghost" onClick={() => change({ account: null, name: null })}>
              {t('audit.clear')}
            </button>
          </p>
        ) : null}
        {filter.admin ? (
          <p className="adm-chip" data-testid="audit-admin-filter">
            {t('audit.byAdmin', { name: filter.admin.label })}{' '}
            <button type="button" className="btn btn-ghost" onClick={() => change({ admin: null, adminName: null })}>
              {t('audit.clear')}
            </button>
          </p>
        ) : null}
      </section>
      {audit.error && audit.page === 0 ? (
        <LoadFailed failure={audit.error} onRetry={() => dispatch(A.auditOpened(filter))} />
      ) : !audit.loaded && audit.page === 0 ? (
        <Spinner label={t('cm:loading')} />
      ) : (
        <section aria-labelledby="adm-audit-count">
          <h2 id="adm-audit-count" className="adm-count" aria-live="polite">
            {t('audit.count', { count: auditTotal })}
          </h2>
          {audit.data.length === 0 ? (
            <p className="muted">{t('audit.none')}</p>
          ) : (
            <ul className="adm-list">
              {audit.data.map((e) => (
                <li key={e.id} className="card adm-entry" data-testid="audit-entry" data-action={e.action}>
                  <p className="adm-entry-head">
                    <strong>{t(`action.${e.action}`)}</strong> <span className="muted small">{formatDateTime(e.at, i18n.language)}</span>
                  </p>
                  <p className="small">
                    {isReferenceAction(e.action) ? (
                      t('audit.referenceRow', { list: t(`reference:lists.${String(e.after.list ?? e.before.list)}`), id: String(e.after.id ?? e.before.id) })
                    ) : (
                      <>
                        {t('audit.account')}{' '}
                        <button type="button" className="adm-link" onClick={() => byPerson('account', e.account)} title={t('audit.onlyThis')}>
                          {personLabel(e.account)}
                        </button>
                        {e.account.login ? <span className="muted"> ({e.account.login})</span> : null}
                      </>
                    )}{' '}
                    · {t('audit.admin')}{' '}
                    <button type="button" className="adm-link" onClick={() => byPerson('admin', e.admin)} title={t('audit.onlyThis')}>
                      {personLabel(e.admin)}
                    </button>
                  </p>
                  <AuditChanges entry={e} />
                </li>
              ))}
            </ul>
          )}
          {audit.error && audit.page > 0 ? (
            <LoadFailed failure={audit.error} onRetry={() => dispatch(A.auditPageRequested())} />
          ) : audit.hasMore ? (
            <button
              type="button"
              className="btn btn-secondary adm-more"
              disabled={audit.fetching}
              aria-busy={audit.fetching}
              onClick={() => dispatch(A.auditPageRequested())}
            >
              {t('more')}
            </button>
          ) : null}
        </section>
      )}
    </div>
  );
}
