import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { LogoutIcon } from '../../../components/shellIcons';
import { authActions, selectAuth } from '../auth.slice';

/** POST /api/auth/logout.json, then everything but the language is forgotten and the login screen shows. */
export function LogoutButton({ className = 'menu-item', testId = 'logout-button' }: { className?: string; testId?: string }) {
  const { t } = useTranslation('cm');
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectAuth).logout.fetching;
  return (
    <button
      type="button"
      className={className}
      data-testid={testId}
      title={t('actions.logout')}
      disabled={busy}
      onClick={() => dispatch(authActions.logoutRequested())}
    >
      <LogoutIcon size={18} />
      <span>{t('actions.logout')}</span>
    </button>
  );
}
