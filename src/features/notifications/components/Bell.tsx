/** The header's bell: the unread count, a link to the notifications page (docs/areas/notifications.md#for-users). */
import { useEffect } from 'react';
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '@components/shellIcons';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { notificationsActions, selectUnreadNotifications } from '../notifications.slice';

export const NOTIFICATIONS_PATH = '/notifications';

export function Bell() {
  const { t } = useTranslation('cm');
  const dispatch = useAppDispatch();
  const unread = useAppSelector(selectUnreadNotifications);
  useEffect(() => {
    dispatch(notificationsActions.countWanted());
  }, [dispatch]);
  return (
    <NavLink
      to={NOTIFICATIONS_PATH}
      className="bell"
      data-testid="bell"
      aria-label={unread > 0 ? `${t('layout.notifications')}: ${t('layout.unread', { count: unread })}` : t('layout.notifications')}
    >
      <BellIcon size={22} />
      {unread > 0 ? (
        <span className="bell-badge" data-testid="bell-count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
