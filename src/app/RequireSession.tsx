import type { ReactNode } from 'react';
import { Navigate, useHref, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/Spinner';
import { useAppSelector } from '../shared/hooks';
import { selectSession } from '../shared/session/session';
import { ROUTES } from './routeRegistry';

/**
 * /lms needs a session: wait for the boot check, send the anonymous to /lms/login (which returns to
 * this page with its query after sign-in, unless the user logged out), the unreachable to /lms/offline.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status, endReason } = useAppSelector(selectSession);
  const location = useLocation();
  // The full path (with the router's base) of the page that asked for the session.
  const here = useHref({ pathname: location.pathname, search: location.search });
  if (status === 'idle' || status === 'checking') return <PageSpinner />;
  if (status === 'unreachable') return <Navigate to={ROUTES.offline} replace />;
  if (status !== 'authenticated') {
    const from = endReason === 'logout' ? undefined : here;
    return <Navigate to={ROUTES.login} replace state={from ? { from } : null} />;
  }
  return <>{children}</>;
}
