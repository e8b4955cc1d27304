/**
 * /lms/paymentcode (docs/areas/payment.md#for-users): the paid services and the academic years of the
 * student's study; the chosen service's payment code shown large and copyable (to pay at a bank or a
 * terminal), its payment info, card payment through the provider's page (when the server has one,
 * config.json's cardPayment), each payment's status and receipt, and money paid beyond the code (to
 * be refunded). Coming back from the provider (?payment=<id>, in the same tab or a new one) shows that
 * payment's state; Back from the provider's page opens the service and year chosen before (?service=&year=).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@components/Select';
import { Spinner } from '@components/Spinner';
import { selectCardPayment } from '@shared/config/config';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { describeFailure } from '@shared/request/errors';
import { CodeCard } from './components/CodeCard';
import { ReturnedPayment } from './components/ReturnedPayment';
import { paymentActions as A, selectPayment } from './payment.slice';
import './payment.css';

export default function PaymentScreen() {
  const { t } = useTranslation(['payment', 'cm']);
  const dispatch = useAppDispatch();
  const { services, payer, serviceId, year, code, pay, returned } = useAppSelector(selectPayment);
  const cardPayment = useAppSelector(selectCardPayment);
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    dispatch(A.opened({ paymentId: query.get('payment'), serviceId: Number(query.get('service')) || null, year: Number(query.get('year')) || null }));
  }, [dispatch]);
  const reopen = () => dispatch(A.opened({ paymentId: returned, serviceId, year }));
  const loadError = services.error ?? payer.error;
  const payment = returned ? code.data?.payments.find((p) => p.id === returned) : undefined;
  return (
    <div className="pay-screen" aria-busy={services.fetching || payer.fetching || code.fetching}>
      <h1 className="pay-title">{t('title')}</h1>
      {payment && code.data ? <ReturnedPayment payment={payment} checking={code.fetching} onCheck={() => dispatch(A.returnedRefreshed())} /> : null}
      {loadError ? (
        <LoadFailed failure={loadError} onRetry={reopen} />
      ) : (
        <section className="card pay-filters" aria-label={t('filters')}>
          <div className="pay-fields">
            <Select
              id="pay-service"
              label={t('fields.service')}
              options={services.data.map((s) => ({ id: s.id, name: s.name }))}
              value={serviceId ?? -1}
              loading={!services.loaded}
              onChange={(id) => dispatch(A.serviceSelected({ id: id > 0 ? id : null }))}
            />
            <Select
              id="pay-year"
              label={t('fields.year')}
              options={payer.data?.years ?? []}
              value={year ?? -1}
              blank={false}
              loading={!payer.loaded}
              onChange={(id) => dispatch(A.yearSelected({ year: id }))}
            />
          </div>
          <p className="muted small">{t(cardPayment ? 'hint' : 'hintNoCard')}</p>
        </section>
      )}
      {code.fetching && !code.data ? <Spinner /> : null}
      {code.error ? (
        <LoadFailed failure={code.error} onRetry={() => (returned ? dispatch(A.returnedRefreshed()) : dispatch(A.serviceSelected({ id: serviceId })))} />
      ) : null}
      {code.data ? (
        <CodeCard
          code={code.data}
          cardPayment={cardPayment}
          paying={pay.fetching}
          onPay={() => dispatch(A.payRequested())}
          payError={pay.error ? describeFailure(t, pay.error) : null}
        />
      ) : null}
    </div>
  );
}
