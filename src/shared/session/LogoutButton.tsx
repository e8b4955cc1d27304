import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { outboxClear, outboxList } from '@lib/outbox';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LogoutIcon } from '@components/shellIcons';
import { selectLoggingOut, selectUser, sessionLogoutRequested } from './session';

/**
 * The shell's logout (a session-level action: the auth area's saga carries it out): POST
 * /api/auth/logout.json, then everything but the language is forgotten and the login screen
 * shows. Writes still kept in the outbox (lib/outbox.ts: marks the server has not confirmed) ask
 * first: keep them and stay signed in, or log out and discard them.
 */
export function LogoutButton({ className = 'menu-item', testId = 'logout-button' }: { className?: string; testId?: string }) {
  const { t } = useTranslation('cm');
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectLoggingOut);
  const user = useAppSelector(selectUser);
  /** Kept writes found when asked to log out (0: no question open). */
  const [kept, setKept] = useState(0);
  const logOut = async () => {
    const count = user ? (await outboxList(user.id)).length : 0;
    if (count > 0) setKept(count);
    else dispatch(sessionLogoutRequested());
  };
  return (
    <>
      <button type="button" className={className} data-testid={testId} title={t('actions.logout')} disabled={busy} onClick={() => void logOut()}>
        <LogoutIcon size={18} />
        <span>{t('actions.logout')}</span>
      </button>
      {/* Over the page, not inside the menu the button may sit in. */}
      {kept > 0
        ? createPortal(
            <ConfirmDialog
              title={t('outbox.title')}
              text={t('outbox.text', { count: kept })}
              confirm={t('outbox.discard')}
              cancel={t('outbox.keep')}
              onCancel={() => setKept(0)}
              onConfirm={() => {
                setKept(0);
                void (user ? outboxClear(user.id) : Promise.resolve()).then(() => dispatch(sessionLogoutRequested()));
              }}
            />,
            document.body,
          )
        : null}
    </>
  );
}
