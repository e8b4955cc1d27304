/** An order's status as a badge, and its history (every change, with a rejection's reason). */
import { useTranslation } from 'react-i18next';
import type { OrderChange } from '@contract/singlewindow';
import { formatDate, formatDateTime } from '@lib/dates';

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('singlewindow');
  return (
    <span className={`sw-status sw-status-${status}`} data-testid="order-status">
      {t(`status.${status}`)}
    </span>
  );
}

/** Every change: when, what, who made it, and what the registrar wrote. Open when the order is the one a link named. */
export function History({ history, open }: { history: readonly OrderChange[]; open?: boolean }) {
  const { t, i18n } = useTranslation('singlewindow');
  return (
    <details className="sw-history" open={open}>
      <summary>{t('list.history')}</summary>
      <ol>
        {history.map((h, i) => (
          <li key={i}>
            <time dateTime={h.at}>{formatDateTime(h.at, i18n.resolvedLanguage)}</time> — {t(`status.${h.status}`)}
            {h.by ? <span className="muted"> ({h.by})</span> : null}
            {h.reason ? <q className="sw-note">{h.reason}</q> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** Where a ready paper document is collected, or that it is paper and will be said when ready. */
export function Pickup({ paper, pickup, status }: { paper: boolean; pickup: string | null; status: number }) {
  const { t } = useTranslation('singlewindow');
  if (!paper) return null;
  if (pickup)
    return (
      <p className="sw-pickup" data-testid="order-pickup">
        {t('list.pickup', { place: pickup })}
      </p>
    );
  if (status === 1 || status === 2) return <p className="muted small">{t('list.paper')}</p>;
  return null;
}

export { formatDate };
