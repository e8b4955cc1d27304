/** The student's orders: date, status, type, region, district, purpose; cancel (after a confirmation) while waiting, download when prepared. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../../contract/singlewindow';
import { certificateUrl } from '../../../api/singlewindow';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectSingleWindow, singlewindowActions as a } from '../singlewindow.slice';
import { formatDate, History } from './OrderStatus';
import { OrderTableCard, StatusCell } from './OrderTableCard';

export function OrderList() {
  const { t, i18n } = useTranslation('singlewindow');
  const dispatch = useAppDispatch();
  const { orders, busyId, actionError } = useAppSelector(selectSingleWindow);
  const [canceling, setCanceling] = useState<Order | null>(null);
  const dialog = canceling ? (
    <ConfirmDialog
      title={t('cancel.title')}
      text={t('cancel.text', { type: canceling.type })}
      confirm={t('cancel.confirm')}
      cancel={t('cancel.keep')}
      onCancel={() => setCanceling(null)}
      onConfirm={() => {
        dispatch(a.cancelRequested({ id: canceling.id }));
        setCanceling(null);
      }}
    />
  ) : null;
  return (
    <OrderTableCard
      id="sw-list-title"
      title={t('list.title')}
      rows={orders}
      failedText={t('list.failed')}
      emptyText={t('list.empty')}
      actionError={actionError}
      onRetry={() => dispatch(a.ordersRequested())}
      dialogs={dialog}
    >
      <table className="sw-table stack-table" data-testid="order-list">
        <thead>
          <tr>
            <th scope="col">{t('list.date')}</th>
            <th scope="col">{t('list.status')}</th>
            <th scope="col">{t('list.type')}</th>
            <th scope="col">{t('list.region')}</th>
            <th scope="col">{t('list.district')}</th>
            <th scope="col">{t('list.purpose')}</th>
            <th scope="col">{t('list.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.data.map((o) => (
            <tr key={o.id} data-testid="order-row" data-order={o.id}>
              <td data-label={t('list.date')}>{formatDate(o.date, i18n.resolvedLanguage)}</td>
              <StatusCell status={o.status} reason={o.reason} />
              <td data-label={t('list.type')}>{o.type}</td>
              <td data-label={t('list.region')}>{o.region}</td>
              <td data-label={t('list.district')}>{o.district}</td>
              <td data-label={t('list.purpose')}>{o.purpose}</td>
              <td data-label={t('list.actions')}>
                <div className="sw-actions">
                  {o.downloadable ? (
                    <a className="btn btn-secondary btn-sm" href={certificateUrl(o.id)} download data-testid="order-download">
                      {t('list.download')}
                    </a>
                  ) : null}
                  {o.canCancel ? (
                    <button type="button" className="btn btn-ghost btn-sm" disabled={busyId === o.id} onClick={() => setCanceling(o)}>
                      {t('list.cancel')}
                    </button>
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
