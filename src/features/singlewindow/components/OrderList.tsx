/**
 * The student's orders: number, date, status, type, region, district, purpose; cancel (after a
 * confirmation) while waiting, download when prepared, where to collect a paper one. The order a
 * notification named (`focus`) is marked and shown with its history open.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@contract/singlewindow';
import { certificateUrl } from '../singlewindow.api';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { selectSingleWindow, singlewindowActions as a } from '../singlewindow.slice';
import { useFocusedRow } from './useFocusedRow';
import { ActionsCell, NumberDateCells, OrderTableCard, StatusCell, TypeCell } from './OrderTableCard';

export function OrderList({ focus }: { focus: number | null }) {
  const { t } = useTranslation('singlewindow');
  const dispatch = useAppDispatch();
  const { orders, busyId, actionError } = useAppSelector(selectSingleWindow);
  const [canceling, setCanceling] = useState<Order | null>(null);
  const rowProps = useFocusedRow(focus);
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
      kind="list"
      rows={orders}
      actionError={actionError}
      onRetry={() => dispatch(a.ordersRequested())}
      columns={['list.number', 'list.date', 'list.status', 'list.type', 'list.region', 'list.district', 'list.purpose', 'list.actions']}
      tableTestId="order-list"
      dialogs={dialog}
    >
      {orders.data.map((o) => (
        <tr key={o.id} data-testid="order-row" data-order={o.id} {...rowProps(o.id)}>
          <NumberDateCells id={o.id} date={o.date} />
          <StatusCell status={o.status} reason={o.reason} />
          <TypeCell type={o.type} paper={o.paper} pickup={o.pickup} status={o.status} />
          <td data-label={t('list.region')}>{o.region}</td>
          <td data-label={t('list.district')}>{o.district}</td>
          <td data-label={t('list.purpose')}>{o.purpose}</td>
          <ActionsCell history={o.history} open={o.id === focus}>
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
          </ActionsCell>
        </tr>
      ))}
    </OrderTableCard>
  );
}
