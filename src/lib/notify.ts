/**
 * Toasts without putting react-toastify in the first paint: the library and its container are
 * loaded on the first notification (toastify queues toasts until its container mounts).
 */
export type NotifyType = 'success' | 'error' | 'info' | 'warning';

type Listener = () => void;
let requested = false;
const listeners = new Set<Listener>();

/** True once a toast was asked for; ToastHost then mounts the container. */
export function toastsRequested(): boolean {
  return requested;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notify(message: string, type: NotifyType = 'success'): void {
  if (!message) return;
  if (!requested) {
    requested = true;
    listeners.forEach((l) => l());
  }
  void import('react-toastify/unstyled').then(({ toast }) => {
    toast(message, { type });
  });
}

/**
 * A toast with one button (e.g. Undo): resolves true when the button is pressed (the toast then
 * closes), false when the toast closes without it.
 */
export function notifyWithAction(message: string, action: string): Promise<boolean> {
  if (!requested) {
    requested = true;
    listeners.forEach((l) => l());
  }
  return Promise.all([import('react'), import('react-toastify/unstyled')]).then(
    ([{ createElement, Fragment }, { toast }]) =>
      new Promise<boolean>((resolve) => {
        let pressed = false;
        toast(
          ({ closeToast }) =>
            createElement(
              Fragment,
              null,
              createElement('span', { className: 'toast-text' }, message),
              ' ',
              createElement(
                'button',
                {
                  type: 'button',
                  className: 'btn btn-secondary btn-small toast-action',
                  onClick: () => {
                    pressed = true;
                    closeToast();
                  },
                },
                action,
              ),
            ),
          { type: 'info', onClose: () => resolve(pressed) },
        );
      }),
  );
}
