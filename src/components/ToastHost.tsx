/** Mounts the toast container once the first toast is asked for (keeps toastify out of the first paint). */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToasts, toastsRequested } from '@lib/notify';

const Toasts = lazy(() => import('./Toasts'));

export function ToastHost() {
  const requested = useSyncExternalStore(subscribeToasts, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
