/**
 * /lms/paymentcode (docs/product.md#payment): the paid services; the chosen service's payment code
 * shown large and copyable (to pay at a bank or a terminal), its payment info, card payment through
 * the provider's page and each payment's status and receipt.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../components/Select';
import { Spinner } from '../../components/Spinner';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { LoadFailed } from '../../shared/request/LoadFailed';
import { describeFailure } from '../../shared/request/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { CodeCard } from './components/CodeCard';
import { LAST_SERVICE_KEY } from './payment.saga';
import { paymentActions as A, selectPayment } from './payment.slice';
import './payment.css';

export default function PaymentScreen() {
  const { t } = useTranslation(['payment', 'cm']);
  const dispatch = useAppDispatch();
  const { services, serviceId, code, pay } = useAppSelector(selectPayment);
  usePageTitle(t('title'));
  useEffect(() => {
    const back = new URLSearchParams(window.location.search).has('payment') ? Number(sessionStorage.getItem(LAST_SERVICE_KEY)) || null : null;
    dispatch(A.opened({ serviceId: back }));
  }, [dispatch]);
  return (
    <div className="pay-screen" aria-busy={services.fetching || code.fetching}>
      <h1 className="pay-title">{t('title')}</h1>
      {services.error ? (
        <LoadFailed failure={services.error} onRetry={() => dispatch(A.opened({ serviceId }))} />
      ) : (
        <section className="card pay-filters" aria-label={t('filters')}>
          <Select
            id="pay-service"
            label={t('fields.service')}
            options={services.data.map((s) => ({ id: s.id, name: s.name }))}
            value={serviceId ?? -1}
            onChange={(id) => dispatch(A.serviceSelected({ id: id > 0 ? id : null }))}
          />
          <p className="muted small">{t('hint')}</p>
        </section>
      )}
      {code.fetching ? <Spinner /> : null}
      {code.error ? <LoadFailed failure={code.error} onRetry={() => dispatch(A.serviceSelected({ id: serviceId }))} /> : null}
      {pay.error ? (
        <p className="pay-error" role="alert">
          {describeFailure(t, pay.error)}
        </p>
      ) : null}
      {code.data ? <CodeCard code={code.data} paying={pay.fetching} onPay={() => dispatch(A.payRequested())} /> : null}
    </div>
  );
}
