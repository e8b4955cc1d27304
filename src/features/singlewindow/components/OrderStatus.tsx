/** An order's status as a badge, and its history (every change, with a rejection's reason). */
import { useTranslation } from 'react-i18next';
import type { OrderChange } from '../../../../contract/singlewindow';

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('singlewindow');
  return (
    <span className={`sw-status sw-status-${status}`} data-testid="order-status">
      {t(`status.${status}`)}
    </span>
  );
}

export function History({ history }: { history: readonly OrderChange[] }) {
  const { t, i18n } = useTranslation('singlewindow');
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'kg' ? 'ky' : i18n.resolvedLanguage, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <details className="sw-history">
      <summary>{t('list.history')}</summary>
      <ol>
        {history.map((h, i) => (
          <li key={i}>
            <time dateTime={h.at}>{when.format(new Date(h.at))}</time> — {t(`status.${h.status}`)}
            {h.reason ? `: ${h.reason}` : ''}
          </li>
        ))}
      </ol>
    </details>
  );
}

export const formatDate = (iso: string, lang: string | undefined) =>
  new Intl.DateTimeFormat(lang === 'kg' ? 'ky' : lang, { dateStyle: 'medium' }).format(new Date(iso));
