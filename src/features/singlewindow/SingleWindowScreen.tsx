/**
 * The single window (/lms/singlewindow, docs/areas/singlewindow.md#for-users): a student orders documents and
 * follows his orders; a registrar handles his faculty's queue. Changes arrive live.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { Loaded } from '@shared/request/Loaded';
import { ROLE_STUDENT } from '@shared/request/roles';
import { selectUser } from '@shared/session/session';
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
  // The order a notification opens (?order=<number>).
  const [params] = useSearchParams();
  const focus = /^\d+$/.test(params.get('order') ?? '') ? Number(params.get('order')) : null;
  useEffect(() => {
    dispatch(singlewindowActions.opened({ student }));
  }, [dispatch, student]);
  return (
    <div className="sw">
      <h1>{t('title')}</h1>
      {student ? (
        <>
          <OrderForm />
          <OrderList focus={focus} />
        </>
      ) : null}
      {student ? (
        registrar.data && <RegistrarQueue focus={focus} />
      ) : (
        // Until the server says whether the teacher handles orders: progress, or the failure with Retry.
        <Loaded of={registrar} onRetry={() => dispatch(singlewindowActions.opened({ student }))}>
          {registrar.data ? <RegistrarQueue focus={focus} /> : <p className="card muted">{t('notRegistrar')}</p>}
        </Loaded>
      )}
    </div>
  );
}
