/** The registrar's queue: the orders of his faculty, open ones first; start preparing, mark prepared, or reject with a reason. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { certificateUrl } from '../../../api/singlewindow';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { describeFailure } from '../../../shared/request/errors';
import { LoadFailed } from '../../../shared/request/LoadFailed';
import { selectSingleWindow, singlewindowActions as a } from '../singlewindow.slice';
import { formatDate, History, StatusBadge } from './OrderStatus';
import { RejectDialog } from './RejectDialog';

export function RegistrarQueue() {
  const { t, i18n } = useTranslation('singlewindow');
  const dispatch = useAppDispatch();
  const { queue, busyId, actionError } = useAppSelector(selectSingleWindow);
  const [rejecting, setRejecting] = useState<number | null>(null);
  if (queue.error && queue.data.length === 0) return <LoadFailed what={t('queue.failed')} failure={queue.error} onRetry={() => dispatch(a.queueRequested())} />;
  return (
    <section className="card sw-list" aria-labelledby="sw-queue-title" data-testid="registrar-queue">
      <h2 id="sw-queue-title">{t('queue.title')}</h2>
      {actionError ? (
        <p className="field-error" role="alert">
          {describeFailure(t, actionError)}
        </p>
      ) : null}
      {queue.data.length === 0 ? (
        <p className="muted">{queue.fetching ? t('list.loading') : t('queue.empty')}</p>
      ) : (
        <table className="sw-table">
          <thead>
            <tr>
              <th scope="col">{t('list.date')}</th>
              <th scope="col">{t('queue.student')}</th>
              <th scope="col">{t('list.type')}</th>
              <th scope="col">{t('list.purpose')}</th>
              <th scope="col">{t('list.status')}</th>
              <th scope="col">{t('list.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {queue.data.map((o) => (
              <tr key={o.id} data-testid="queue-row" data-order={o.id}>
                <td data-label={t('list.date')}>{formatDate(o.date, i18n.resolvedLanguage)}</td>
                <td data-label={t('queue.student')}>
                  {o.student} <span className="muted small">{o.group}</span>
                </td>
                <td data-label={t('list.type')}>{o.type}</td>
                <td data-label={t('list.purpose')}>{o.purpose}</td>
                <td data-label={t('list.status')}>
                  <StatusBadge status={o.status} />
                  {o.reason ? <span className="sw-reason"> {o.reason}</span> : null}
                </td>
                <td data-label={t('list.actions')}>
                  <div className="sw-actions">
                  {o.status === 1 ? (
                    <button type="button" className="btn btn-secondary btn-sm" disabled={busyId === o.id} onClick={() => dispatch(a.moveRequested({ id: o.id, status: 2 }))}>
                      {t('queue.prepare')}
                    </button>
                  ) : null}
                  {o.status === 2 ? (
                    <button type="button" className="btn btn-primary btn-sm" disabled={busyId === o.id} onClick={() => dispatch(a.moveRequested({ id: o.id, status: 3 }))}>
                      {t('queue.prepared')}
                    </button>
                  ) : null}
                  {o.status === 1 || o.status === 2 ? (
                    <button type="button" className="btn btn-ghost btn-sm" disabled={busyId === o.id} onClick={() => setRejecting(o.id)}>
                      {t('queue.reject')}
                    </button>
                  ) : null}
                  {o.downloadable ? (
                    <a className="btn btn-ghost btn-sm" href={certificateUrl(o.id)} download>
                      {t('list.download')}
                    </a>
                  ) : null}
                    <History history={o.history} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rejecting !== null ? (
        <RejectDialog
          onClose={() => setRejecting(null)}
          onReject={(reason) => {
            dispatch(a.rejectRequested({ id: rejecting, reason }));
            setRejecting(null);
          }}
        />
      ) : null}
    </section>
  );
}
