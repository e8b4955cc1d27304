import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useHref, useLocation } from 'react-router-dom';
import { PageSpinner } from '@components/Spinner';
import { useAppSelector } from '@shared/hooks';
import { selectSession } from '@shared/session/session';
import { AREAS, type AreaEntry, type AreaRoute } from './areas';
import { ROUTES } from './routeRegistry';

/** The route of a path that keeps something through sign-in (AreaRoute.keepThroughSignIn), if any. */
const keeperOf = (pathname: string): AreaRoute['keepThroughSignIn'] =>
  (AREAS as readonly AreaEntry[]).flatMap((a) => a.routes ?? []).find((r) => r.path === pathname)?.keepThroughSignIn;

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
    const keeper = from ? keeperOf(location.pathname) : undefined;
    if (from && keeper) return <KeepThenSignIn keeper={keeper} pathname={location.pathname} search={location.search} />;
    return <Navigate to={ROUTES.login} replace state={from ? { from } : null} />;
  }
  return <>{children}</>;
}

/** A page that keeps something through sign-in: first that (its query to return to), then the login page. */
function KeepThenSignIn({ keeper, pathname, search }: { keeper: NonNullable<AreaRoute['keepThroughSignIn']>; pathname: string; search: string }) {
  const [kept, setKept] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    keeper()
      .then((m) => m.default(search))
      .catch(() => search)
      .then((query) => live && setKept(query));
    return () => {
      live = false;
    };
  }, [keeper, search]);
  const from = useHref({ pathname, search: kept ?? search });
  if (kept === null) return <PageSpinner />;
  return <Navigate to={ROUTES.login} replace state={{ from }} />;
}
