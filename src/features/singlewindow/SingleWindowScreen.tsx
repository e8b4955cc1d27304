/**
 * The single window (/lms/singlewindow, docs/product.md#singlewindow): a student orders documents and
 * follows his orders; a registrar handles his faculty's queue. Changes arrive live.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/Spinner';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { ROLE_STUDENT } from '../../shared/request/roles';
import { selectUser } from '../../shared/session/session';
import { OrderForm } from './components/OrderForm';
import { OrderList } from './components/OrderList';
import { RegistrarQueue } from './components/RegistrarQueue';
import { selectSingleWindow, singlewindowActions } from './singlewindow.slice';
import './singlewindow.css';

export default function SingleWindowScreen() {
  const { t } = useTranslation('singlewindow');
  const dispatch = useAppDispatch();
  const student = useAppSelector(selectUser)?.role === ROLE_STUDENT;
  const { registrar } = useAppSelector(selectSingleWindow);
  useEffect(() => {
    dispatch(singlewindowActions.opened({ student }));
  }, [dispatch, student]);
  return (
    <div className="sw">
      <h1>{t('title')}</h1>
      {student ? (
        <>
          <OrderForm />
          <OrderList />
        </>
      ) : null}
      {registrar.data ? <RegistrarQueue /> : null}
      {!student && registrar.fetching ? <PageSpinner /> : null}
      {!student && registrar.data === false ? <p className="card muted">{t('notRegistrar')}</p> : null}
    </div>
  );
}
