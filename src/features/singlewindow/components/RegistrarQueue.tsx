/**
 * The registrar's queue: the orders of his faculty, open ones first, with their region and district;
 * start preparing, mark prepared (a paper document: with where to collect it) or reject with a
 * reason, each step with his words for the student.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { certificateUrl } from '../singlewindow.api';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { selectSingleWindow, singlewindowActions as a } from '../singlewindow.slice';
import type { QueueOrder } from '@contract/singlewindow';
import { NoteDialog } from './NoteDialog';
import { ActionsCell, NumberDateCells, OrderTableCard, StatusCell, TypeCell } from './OrderTableCard';
import { useFocusedRow } from './useFocusedRow';

type Step = { order: QueueOrder; to: 2 | 3 | 4 };

export function RegistrarQueue({ focus }: { focus: number | null }) {
  const { t } = useTranslation('singlewindow');
  const dispatch = useAppDispatch();
  const { queue, busyId, actionError } = useAppSelector(selectSingleWindow);
  const [step, setStep] = useState<Step | null>(null);
  const rowProps = useFocusedRow(focus);
  const close = () => setStep(null);
  const dialog =
    step === null ? null : step.to === 4 ? (
      <NoteDialog
        title={t('reject.title')}
        label={t('reject.reason')}
        requiredText={t('reject.required')}
        confirm={t('reject.confirm')}
        danger
        testId="reject-dialog"
        onClose={close}
        onDone={(reason) => {
          dispatch(a.rejectRequested({ id: step.order.id, reason }));
          close();
        }}
      />
    ) : (
      <NoteDialog
        title={t(`step.title${step.to}`, { number: step.order.id })}
        label={step.to === 3 && step.order.paper ? t('step.pickup') : t('step.comment')}
        requiredText={step.to === 3 && step.order.paper ? t('step.pickupRequired') : undefined}
        confirm={step.to === 2 ? t('queue.prepare') : t('queue.prepared')}
        testId="step-dialog"
        onClose={close}
        onDone={(comment) => {
          dispatch(a.moveRequested({ id: step.order.id, status: step.to as 2 | 3, ...(comment ? { comment } : {}) }));
          close();
        }}
      />
    );
  return (
    <OrderTableCard
      kind="queue"
      rows={queue}
      actionError={actionError}
      onRetry={() => dispatch(a.queueRequested())}
      testId="registrar-queue"
      columns={['list.number', 'list.date', 'queue.student', 'list.type', 'queue.place', 'list.purpose', 'list.status', 'list.actions']}
      dialogs={dialog}
    >
      {queue.data.map((o) => (
        <tr key={o.id} data-testid="queue-row" data-order={o.id} {...rowProps(o.id)}>
          <NumberDateCells id={o.id} date={o.date} />
          <td data-label={t('queue.student')}>
            {/* One element: on a phone the cell is a title and a value side by side. */}
            <span>
              {o.student} <span className="muted small">{o.group}</span>
            </span>
          </td>
          <TypeCell type={o.type} paper={o.paper} pickup={o.pickup} status={o.status} />
          <td data-label={t('queue.place')}>
            <span>
              {o.region}, {o.district}
            </span>
          </td>
          <td data-label={t('list.purpose')}>{o.purpose}</td>
          <StatusCell status={o.status} reason={o.reason} />
          <ActionsCell history={o.history} open={o.id === focus}>
            {o.status === 1 ? (
              <button type="button" className="btn btn-secondary btn-sm" disabled={busyId === o.id} onClick={() => setStep({ order: o, to: 2 })}>
                {t('queue.prepare')}
              </button>
            ) : null}
            {o.status === 2 ? (
              <button type="button" className="btn btn-primary btn-sm" disabled={busyId === o.id} onClick={() => setStep({ order: o, to: 3 })}>
                {t('queue.prepared')}
              </button>
            ) : null}
            {o.status === 1 || o.status === 2 || o.status === 3 ? (
              <button type="button" className="btn btn-ghost btn-sm" disabled={busyId === o.id} onClick={() => setStep({ order: o, to: 4 })}>
                {o.status === 3 ? t('queue.revoke') : t('queue.reject')}
              </button>
            ) : null}
            {o.downloadable ? (
              <a className="btn btn-ghost btn-sm" href={certificateUrl(o.id)} download>
                {t('list.download')}
              </a>
            ) : null}
          </ActionsCell>
        </tr>
      ))}
    </OrderTableCard>
  );
}
