/** The app root: providers, router (basename /lms), boot, connectivity banner, toasts. */
import { StrictMode, Suspense, useEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';
import { ErrorBoundary } from '@components/ErrorBoundary';
import { PageSpinner } from '@components/Spinner';
import { ToastHost } from '@components/ToastHost';
import { OfflineBanner } from './shell/OfflineBanner';
import { useAppDispatch } from '@shared/hooks';
import { PORTAL_BASE } from '@shared/session/returnPath';
import { sessionCheckRequested } from '@shared/session/session';
import { ROUTES } from './routeRegistry';
import { AppRoutes } from './routes';
import type { AppStore } from './store';

export const BASENAME = PORTAL_BASE;

export function App() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    dispatch(sessionCheckRequested());
  }, [dispatch]);

  // Starting without a network goes to the offline page (docs/product.md#shell).
  useEffect(() => {
    if (navigator.onLine === false && location.pathname !== ROUTES.offline) navigate(ROUTES.offline, { replace: true });
    // Only at start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <OfflineBanner />
      <ErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <AppRoutes />
        </Suspense>
      </ErrorBoundary>
      <ToastHost />
    </>
  );
}

export function Root({ store }: { store: AppStore }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <Provider store={store}>
          <BrowserRouter basename={BASENAME}>
            <App />
          </BrowserRouter>
        </Provider>
      </ErrorBoundary>
    </StrictMode>
  );
}
