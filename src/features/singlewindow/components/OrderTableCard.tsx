/**
 * The frame both order tables share (the student's list and the registrar's queue): a failed first
 * load as LoadFailed with Retry, the card with its title, the last refused action, the empty or
 * loading line, and the table once there are rows.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure } from '../../../api/http';
import { describeFailure } from '../../../shared/request/errors';
import type { Loadable } from '../../../shared/request/loadable';
import { LoadFailed } from '../../../shared/request/LoadFailed';
import { StatusBadge } from './OrderStatus';

interface Props {
  id: string;
  title: string;
  rows: Loadable<readonly unknown[]>;
  failedText: string;
  emptyText: string;
  actionError: Failure | null;
  onRetry: () => void;
  testId?: string;
  /** The table, shown when there are rows. */
  children: ReactNode;
  /** Dialogs of the card's actions. */
  dialogs?: ReactNode;
}

export function OrderTableCard({ id, title, rows, failedText, emptyText, actionError, onRetry, testId, children, dialogs }: Props) {
  const { t } = useTranslation('singlewindow');
  if (rows.error && rows.data.length === 0) return <LoadFailed what={failedText} failure={rows.error} onRetry={onRetry} />;
  return (
    <section className="card sw-list" aria-labelledby={id} data-testid={testId}>
      <h2 id={id}>{title}</h2>
      {actionError ? (
        <p className="field-error" role="alert">
          {describeFailure(t, actionError)}
        </p>
      ) : null}
      {rows.data.length === 0 ? <p className="muted">{rows.fetching ? t('list.loading') : emptyText}</p> : children}
      {dialogs}
    </section>
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
