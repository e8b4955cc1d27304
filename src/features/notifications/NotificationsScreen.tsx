/**
 * The notifications page (docs/areas/notifications.md#for-users): newest first, each opening what it is
 * about; what the page shows is marked read (the new ones keep their mark until the page reloads).
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@contract/notifications';
import { PageSpinner } from '@components/Spinner';
import { toLanguage } from '../../i18n/languages';
import { LoadFailed } from '@shared/request/LoadFailed';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { notificationsActions, selectNotifications } from './notifications.slice';
import './notifications.css';
import { formatDateTime } from '@lib/dates';

/** The text of a notification in the reader's language. */
function useText() {
  const { t, i18n } = useTranslation('notifications');
  const lang = toLanguage(i18n.resolvedLanguage);
  return (n: Notification) => {
    const p = n.params;
    const type = String((lang === 'kg' ? p.typeKg : lang === 'en' ? p.typeEn : p.typeRu) ?? '');
    if (n.kind === 'order.status') return t(p.note ? 'kinds.orderNote' : 'kinds.order', { type, number: p.id, status: t(`status.${p.status}`), note: p.note });
    if (n.kind === 'news.addressed') return t('kinds.news');
    if (n.kind === 'qr.review') return t('kinds.qr', { student: p.student });
    if (n.kind === 'registration.seat') return t('kinds.seat', { discipline: p.discipline, subgroup: p.subgroup });
    if (n.kind === 'rating.warning')
      return t(p.warning === 'absences' ? 'kinds.ratingAbsences' : 'kinds.ratingPoints', {
        discipline: String((lang === 'kg' ? p.disciplineKg : lang === 'en' ? p.disciplineEn : p.disciplineRu) ?? ''),
      });
    return t('kinds.other');
  };
}

export default function NotificationsScreen() {
  const { t, i18n } = useTranslation('notifications');
  const dispatch = useAppDispatch();
  const { list } = useAppSelector(selectNotifications);
  const text = useText();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    dispatch(notificationsActions.opened());
  }, [dispatch]);
  return (
    <section className="card notifications" aria-labelledby="notifications-title">
      <h1 id="notifications-title">{t('title')}</h1>
      {list.error && list.data.length === 0 ? (
        <LoadFailed failure={list.error} onRetry={() => dispatch(notificationsActions.pageRequested({ page: 1 }))} />
      ) : list.fetching && list.data.length === 0 ? (
        <PageSpinner />
      ) : list.data.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <ul className="notification-list" data-testid="notification-list">
          {list.data.map((n) => (
            <li key={n.id} className={n.read ? 'notification' : 'notification notification-new'}>
              <Link to={n.link} className="notification-link" onClick={() => (n.read ? undefined : dispatch(notificationsActions.readRequested({ id: n.id })))}>
                {n.read ? null : <span className="notification-dot">{t('new')}</span>}
                <span className="notification-text">{text(n)}</span>
                <time className="muted small" dateTime={n.createdAt}>
                  {formatDateTime(n.createdAt, i18n.resolvedLanguage)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.hasMore ? (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={list.fetching}
          onClick={() => dispatch(notificationsActions.pageRequested({ page: list.page + 1 }))}
        >
          {t('more')}
        </button>
      ) : null}
    </section>
  );
}
