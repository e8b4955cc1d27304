/** The registrar's queue: the orders of his faculty, open ones first; start preparing, mark prepared, or reject with a reason. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { certificateUrl } from '../../../api/singlewindow';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectSingleWindow, singlewindowActions as a } from '../singlewindow.slice';
import { formatDate, History } from './OrderStatus';
import { OrderTableCard, StatusCell } from './OrderTableCard';
import { RejectDialog } from './RejectDialog';

export function RegistrarQueue() {
  const { t, i18n } = useTranslation('singlewindow');
  const dispatch = useAppDispatch();
  const { queue, busyId, actionError } = useAppSelector(selectSingleWindow);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const dialog =
    rejecting !== null ? (
      <RejectDialog
        onClose={() => setRejecting(null)}
        onReject={(reason) => {
          dispatch(a.rejectRequested({ id: rejecting, reason }));
          setRejecting(null);
        }}
      />
    ) : null;
  return (
    <OrderTableCard
      id="sw-queue-title"
      title={t('queue.title')}
      rows={queue}
      failedText={t('queue.failed')}
      emptyText={t('queue.empty')}
      actionError={actionError}
      onRetry={() => dispatch(a.queueRequested())}
      testId="registrar-queue"
      dialogs={dialog}
    >
      <table className="sw-table stack-table">
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
                {/* One element: on a phone the cell is a title and a value side by side. */}
                <span>
                  {o.student} <span className="muted small">{o.group}</span>
                </span>
              </td>
              <td data-label={t('list.type')}>{o.type}</td>
              <td data-label={t('list.purpose')}>{o.purpose}</td>
              <StatusCell status={o.status} reason={o.reason} />
              <td data-label={t('list.actions')}>
                <div className="sw-actions">
                  {o.status === 1 ? (
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      disabled={busyId === o.id}
                      onClick={() => dispatch(a.moveRequested({ id: o.id, status: 2 }))}
                    >
                      {t('queue.prepare')}
                    </button>
                  ) : null}
                  {o.status === 2 ? (
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      disabled={busyId === o.id}
                      onClick={() => dispatch(a.moveRequested({ id: o.id, status: 3 }))}
                    >
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
    </OrderTableCard>
  );
}
