/** The card payment the student came back from the provider with: paid (with its receipt), still pending (check again), declined, or taken twice. */
import { useTranslation } from 'react-i18next';
import type { CardPayment } from '@contract/payment';

export function ReturnedPayment({ payment, checking, onCheck }: { payment: CardPayment; checking: boolean; onCheck: () => void }) {
  const { t, i18n } = useTranslation('payment');
  const locale = i18n.language === 'kg' ? 'ky' : i18n.language;
  const amount = t('som', { amount: payment.amount.toLocaleString(locale) });
  return (
    <section
      className={`card pay-returned pay-returned-${payment.status}`}
      role="status"
      aria-labelledby="pay-returned-title"
      data-testid="pay-returned"
      data-status={payment.status}
    >
      <h2 id="pay-returned-title" className="pay-returned-title">
        {t(`returned.${payment.status}.title`)}
      </h2>
      <p>{t(`returned.${payment.status}.text`, { amount, no: payment.receiptNo ?? '' })}</p>
      {payment.status === 'pending' ? (
        <button type="button" className="btn btn-secondary" onClick={onCheck} disabled={checking} aria-busy={checking} data-testid="pay-returned-check">
          {t('returned.check')}
        </button>
      ) : null}
    </section>
  );
}
