/**
 * A payment code shown large and copyable, its payment info, the card button (when card payment is
 * available), its card payments with status and receipt, and money paid beyond it (to be refunded).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentCode } from '@contract/payment';
import { formatDateTime } from '@lib/dates';

const grouped = (account: string) => account.replace(/(\d{4})(\d{2})(\d{6})(\d)/, '$1 $2 $3 $4');

interface Props {
  code: PaymentCode;
  cardPayment: boolean;
  paying: boolean;
  onPay: () => void;
  /** Why starting the card payment failed, said beside its button. */
  payError: string | null;
}

export function CodeCard({ code, cardPayment, paying, onPay, payError }: Props) {
  const { t, i18n } = useTranslation(['payment', 'cm']);
  const [copied, setCopied] = useState(false);
  const locale = i18n.language === 'kg' ? 'ky' : i18n.language;
  const money = (n: number) => t('som', { amount: n.toLocaleString(locale) });
  const copy = async () => {
    await navigator.clipboard?.writeText(code.account).catch(() => undefined);
    setCopied(true);
  };
  return (
    <section className="card pay-code" aria-labelledby="pay-code-title" data-testid="pay-code">
      <h2 id="pay-code-title" className="pay-code-title">
        {t('code.title', { service: code.service })}
      </h2>
      <p className="pay-account" data-testid="pay-account" aria-label={t('code.account')}>
        {grouped(code.account)}
      </p>
      <div className="pay-actions">
        <button type="button" className="btn btn-secondary" onClick={copy} data-testid="pay-copy">
          {copied ? t('code.copied') : t('code.copy')}
        </button>
        {code.status === 'unpaid' && cardPayment ? (
          <button type="button" className="btn btn-primary" onClick={onPay} disabled={paying} aria-busy={paying} data-testid="pay-card">
            {t('code.payCard', { amount: money(code.amount - code.paid) })}
          </button>
        ) : null}
      </div>
      {payError ? (
        <div className="pay-error" role="alert" data-testid="pay-error">
          <p>{payError}</p>
          <button type="button" className="btn btn-secondary" onClick={onPay} disabled={paying}>
            {t('cm:actions.retry')}
          </button>
        </div>
      ) : null}
      <p className={`pay-status pay-status-${code.status}`} data-testid="pay-status" role="status">
        {code.status === 'paid' ? t('code.paid') : t('code.unpaid', { amount: money(code.amount), paid: money(code.paid) })}
      </p>
      {code.overpaid > 0 ? (
        <p className="pay-overpaid" data-testid="pay-overpaid" role="alert">
          {t('code.overpaid', { amount: money(code.overpaid) })}
        </p>
      ) : null}
      <dl className="pay-info">
        {code.info.map((i) => (
          <div key={i.label}>
            <dt>{i.label}</dt>
            <dd>{i.value}</dd>
          </div>
        ))}
      </dl>
      {code.payments.length ? (
        <>
          <h3 className="pay-sub">{t('payments.title')}</h3>
          <ul className="pay-list">
            {code.payments.map((p) => (
              <li key={p.id} data-testid="pay-payment" data-status={p.status}>
                <span>{formatDateTime(p.createdAt, i18n.language)}</span> · <span>{money(p.amount)}</span> · <strong>{t(`payments.status.${p.status}`)}</strong>
                {p.receiptNo ? <span data-testid="pay-receipt"> · {t('payments.receipt', { no: p.receiptNo })}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
