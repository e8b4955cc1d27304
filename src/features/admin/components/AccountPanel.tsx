/**
 * An account's panel: its facts and its actions, each asked for a confirmation (ActionConfirm, drawn
 * by the screen, outside the list); a refusal is said
 * beside the button pressed, and a one-time password is shown once, with a copy button. A member of
 * staff's rights are boxes (with an explanation under a box where one is needed), each granted or
 * revoked as soon as it is ticked or cleared, and the dean's-office faculty a choice of the list. A
 * dean's office sees neither the rights nor the quota, nor disabling a member of staff.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@components/ConfirmDialog';
import type { AdminAccount } from '@contract/admin';
import { formatDateTime } from '@lib/dates';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { selectUser } from '@shared/session/session';
import { ACCOUNT_RIGHTS, type AccountAction } from '../admin.api';
import { adminActions as A, selectAdmin } from '../admin.slice';
import { AccountQuota } from './AccountQuota';

function OneTimePassword({ value }: { value: string }) {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    setCopied(true);
  };
  return (
    <div className="adm-password" role="status" data-testid="admin-password">
      <p className="adm-password-label">{t('password.title')}</p>
      <code className="adm-password-value" data-testid="admin-password-value">
        {value}
      </code>
      <p className="muted small">{t('password.once')}</p>
      <div className="adm-actions">
        <button type="button" className="btn btn-secondary" onClick={copy} data-testid="admin-password-copy">
          {copied ? t('password.copied') : t('password.copy')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => dispatch(A.passwordDismissed())}>
          {t('password.done')}
        </button>
      </div>
    </div>
  );
}

/** The dean's-office right: a faculty chosen from the list (loaded once), or none. */
function DeanFaculty({ id, account, busy }: { id: string; account: AdminAccount; busy: boolean }) {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const { staffLists } = useAppSelector(selectAdmin);
  useEffect(() => {
    dispatch(A.staffListsNeeded());
  }, [dispatch]);
  const selectId = `${id}-dean`;
  const chosen = account.deanFacultyId;
  const listed = staffLists.data.faculties;
  return (
    <div className="adm-right-item adm-dean">
      <label htmlFor={selectId}>{t('rights.dean')}</label>
      <select
        id={selectId}
        className="input"
        value={chosen === null ? '' : String(chosen)}
        disabled={busy || !staffLists.loaded}
        aria-busy={staffLists.fetching}
        onChange={(e) => dispatch(A.deanRequested({ id: account.id, facultyId: e.target.value ? Number(e.target.value) : null }))}
        data-testid="admin-right-dean"
      >
        <option value="">{t('rights.deanNone')}</option>
        {chosen !== null && !listed.some((f) => f.id === chosen) ? <option value={String(chosen)}>#{chosen}</option> : null}
        {listed.map((f) => (
          <option key={f.id} value={String(f.id)}>
            {f.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The rights of a member of staff, as boxes and the dean's-office faculty; a student's account has none (said so). */
function Rights({ id, account }: { id: string; account: AdminAccount }) {
  const { t, i18n } = useTranslation(['admin', 'cm']);
  const dispatch = useAppDispatch();
  const { rightBusy, rightError } = useAppSelector(selectAdmin);
  const busy = rightBusy?.id === account.id;
  const refused = rightError?.id === account.id ? rightError : null;
  const errorId = `${id}-rights-error`;
  if (account.role !== 1) return <p className="muted small adm-rights-none">{t('rights.students')}</p>;
  return (
    <fieldset className="adm-rights" aria-busy={busy} aria-describedby={refused ? errorId : undefined} data-testid="admin-rights">
      <legend>{t('rights.title')}</legend>
      {ACCOUNT_RIGHTS.map((right) => {
        const hint = i18n.exists(`admin:rights.hint.${right}`) ? t(`rights.hint.${right}`) : null;
        const hintId = `${id}-right-${right}-hint`;
        return (
          <div key={right} className="adm-right-item">
            <label className="adm-right">
              <input
                type="checkbox"
                checked={account[right]}
                disabled={busy}
                aria-describedby={hint ? hintId : undefined}
                onChange={(e) => dispatch(A.rightRequested({ id: account.id, right, granted: e.target.checked }))}
                data-testid={`admin-right-${right}`}
              />
              <span>{t(`rights.${right}`)}</span>
            </label>
            {hint ? (
              <p id={hintId} className="muted small adm-right-hint">
                {hint}
              </p>
            ) : null}
          </div>
        );
      })}
      <DeanFaculty id={id} account={account} busy={busy} />
      {refused ? (
        <p id={errorId} className="field-error" role="alert" data-testid="admin-rights-error">
          {t(`rights.${refused.right}`)}: {describeFailure(t, refused.failure)}
        </p>
      ) : null}
    </fieldset>
  );
}

export function AccountPanel({ id, account }: { id: string; account: AdminAccount }) {
  const { t, i18n } = useTranslation(['admin', 'cm']);
  const dispatch = useAppDispatch();
  const { busy, error, password } = useAppSelector(selectAdmin);
  // A dean's office (not an administrator) sets no right or quota, and disables or enables students only: the server refuses the rest.
  const admin = useAppSelector(selectUser)?.admin === true;
  const mayDisable = admin || account.role === 2;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('panel.never'));
  const actions: { action: AccountAction; shown: boolean; enabled: boolean; danger: boolean }[] = [
    { action: 'disable', shown: mayDisable && !account.disabled, enabled: true, danger: true },
    { action: 'enable', shown: mayDisable && account.disabled, enabled: true, danger: false },
    { action: 'resetPassword', shown: true, enabled: true, danger: true },
    { action: 'unlock', shown: true, enabled: account.locked, danger: false },
    { action: 'endSessions', shown: true, enabled: account.sessions > 0, danger: true },
  ];
  return (
    <div id={id} className="adm-panel" data-testid="admin-panel">
      <dl className="adm-facts">
        <div>
          <dt>{t('panel.lastSignIn')}</dt>
          <dd>{when(account.lastSignIn)}</dd>
        </div>
        <div>
          <dt>{t('panel.sessions')}</dt>
          <dd data-testid="admin-sessions">{account.sessions}</dd>
        </div>
        <div>
          <dt>{t('panel.password')}</dt>
          <dd>
            {account.hasPassword
              ? account.passwordChangedAt
                ? t('panel.changedAt', { date: when(account.passwordChangedAt) })
                : t('panel.hasPassword')
              : t('panel.noPassword')}
          </dd>
        </div>
        {account.locked ? (
          <div>
            <dt>{t('panel.lockedUntil')}</dt>
            <dd>{when(account.lockedUntil)}</dd>
          </div>
        ) : null}
      </dl>
      {admin ? <Rights id={id} account={account} /> : null}
      {admin ? <AccountQuota id={id} account={account} /> : null}
      {password?.id === account.id ? <OneTimePassword value={password.value} /> : null}
      <ul className="adm-actions" aria-label={t('panel.actions')}>
        {actions
          .filter((a) => a.shown)
          .map(({ action, enabled, danger }) => {
            const running = busy?.id === account.id && busy.action === action;
            const refused = error?.id === account.id && error.action === action ? error.failure : null;
            const errorId = `${id}-${action}-error`;
            return (
              <li key={action} className="adm-action">
                <button
                  type="button"
                  className={`btn ${danger ? 'btn-danger' : 'btn-secondary'}`}
                  disabled={!enabled || busy !== null}
                  aria-busy={running}
                  aria-describedby={refused ? errorId : undefined}
                  onClick={() => dispatch(A.confirmAsked({ id: account.id, action }))}
                  data-testid={`admin-${action}`}
                >
                  {t(`action.${action}`)}
                </button>
                {refused ? (
                  <p id={errorId} className="field-error" role="alert" data-testid={`admin-${action}-error`}>
                    {describeFailure(t, refused)}
                  </p>
                ) : null}
              </li>
            );
          })}
      </ul>
      <Link to={`/admin/audit?account=${account.id}&name=${encodeURIComponent(account.fullName)}`} className="adm-history">
        {t('panel.history')}
      </Link>
    </div>
  );
}

/** The confirmation of the action asked for, if any (outside the list: the dialog covers the page). */
export function ActionConfirm() {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const { asking, accounts } = useAppSelector(selectAdmin);
  const account = asking ? accounts.data.find((a) => a.id === asking.id) : undefined;
  if (!asking || !account) return null;
  return (
    <ConfirmDialog
      title={t(`confirm.${asking.action}.title`)}
      text={t(`confirm.${asking.action}.text`, { name: account.fullName, login: account.login })}
      confirm={t(`action.${asking.action}`)}
      cancel={t('confirm.cancel')}
      onConfirm={() => dispatch(A.actionRequested(asking))}
      onCancel={() => dispatch(A.confirmAsked(null))}
    />
  );
}
