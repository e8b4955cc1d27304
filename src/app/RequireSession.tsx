import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/Spinner';
import { useAppSelector } from '../shared/hooks';
import { selectSession } from '../shared/session/session';
import { ROUTES } from './routeRegistry';

/** /lms needs a session: wait for the boot check, send the anonymous to /lms/login, the unreachable to /lms/offline. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status, endReason } = useAppSelector(selectSession);
  const location = useLocation();
  if (status === 'idle' || status === 'checking') return <PageSpinner />;
  if (status === 'unreachable') return <Navigate to={ROUTES.offline} replace />;
  if (status !== 'authenticated') {
    const from = endReason === 'expired' ? `${location.pathname}${location.search}` : undefined;
    return <Navigate to={ROUTES.login} replace state={from ? { from } : null} />;
  }
  return <>{children}</>;
}
