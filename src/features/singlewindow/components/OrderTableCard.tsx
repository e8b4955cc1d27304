/**
 * The frame both order tables share (the student's list and the registrar's queue): a failed first
 * load as LoadFailed with Retry, the card with its title, the last refused action, the empty or
 * loading line, and the table with its column heads once there are rows; and the cells both show
 * alike (number and date, type with where to collect it, status, the actions with the history).
 */
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure } from '@api/http';
import { describeFailure } from '@shared/request/errors';
import type { Loadable } from '@shared/request/loadable';
import { LoadFailed } from '@shared/request/LoadFailed';
import { formatDate, History, Pickup, StatusBadge } from './OrderStatus';

interface Props {
  /** Which table: its title's id (`sw-list-title`) and its texts (`list.title`, `list.failed`, `list.empty`) follow. */
  kind: 'list' | 'queue';
  rows: Loadable<readonly unknown[]>;
  actionError: Failure | null;
  onRetry: () => void;
  testId?: string;
  /** The columns' text keys (namespace singlewindow), in order. */
  columns: readonly string[];
  tableTestId?: string;
  /** The table's rows, shown when there are any. */
  children: ReactNode;
  /** Dialogs of the card's actions. */
  dialogs?: ReactNode;
}

export function OrderTableCard({ kind, rows, actionError, onRetry, testId, columns, tableTestId, children, dialogs }: Props) {
  const { t } = useTranslation('singlewindow');
  const id = `sw-${kind}-title`;
  if (rows.error && rows.data.length === 0) return <LoadFailed what={t(`${kind}.failed`)} failure={rows.error} onRetry={onRetry} />;
  return (
    <section className="card sw-list" aria-labelledby={id} data-testid={testId}>
      <h2 id={id}>{t(`${kind}.title`)}</h2>
      {actionError ? (
        <p className="field-error" role="alert">
          {describeFailure(t, actionError)}
        </p>
      ) : null}
      {/* "None" only once the list has answered. */}
      {rows.data.length === 0 ? (
        <p className="muted">{rows.loaded ? t(`${kind}.empty`) : t('list.loading')}</p>
      ) : (
        <table className="sw-table stack-table" data-testid={tableTestId}>
          <thead>
            <tr>
              {columns.map((key) => (
                <th key={key} scope="col">
                  {t(key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      )}
      {dialogs}
    </section>
  );
}

/** The actions cell: the row's buttons, then its history (open for the order a notification named). */
export function ActionsCell({ history, open, children }: { history: ComponentProps<typeof History>['history']; open: boolean; children: ReactNode }) {
  const { t } = useTranslation('singlewindow');
  return (
    <td data-label={t('list.actions')}>
      <div className="sw-actions">
        {children}
        <History history={history} open={open} />
      </div>
    </td>
  );
}

/** The status cell: the badge, and a rejection's reason after it. */
export function StatusCell({ status, reason }: { status: number; reason: string | null | undefined }) {
  const { t } = useTranslation('singlewindow');
  return (
    <td data-label={t('list.status')}>
      <StatusBadge status={status} />
      {reason ? <span className="sw-reason"> {reason}</span> : null}
    </td>
  );
}

/** The order's number and date, the first two cells of both tables. */
export function NumberDateCells({ id, date }: { id: number; date: string }) {
  const { t, i18n } = useTranslation('singlewindow');
  return (
    <>
      <td data-label={t('list.number')}>{id}</td>
      <td data-label={t('list.date')}>{formatDate(date, i18n.resolvedLanguage)}</td>
    </>
  );
}

/** The document's type, with where to collect a paper one. */
export function TypeCell({ type, paper, pickup, status }: { type: string; paper: boolean; pickup: string | null; status: number }) {
  const { t } = useTranslation('singlewindow');
  return (
    <td data-label={t('list.type')}>
      <span>
        {type}
        <Pickup paper={paper} pickup={pickup} status={status} />
      </span>
    </td>
  );
}
