/** Catches render errors so that the user sees a way out instead of a white screen (docs/product.md#shell). */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, RefreshIcon } from './icons';

/** Indirection so tests can observe the reload. */
export const page = {
  reload(): void {
    window.location.reload();
  },
};

export function reloadPage(): void {
  page.reload();
}

/** 'Ошибка, обновите страницу!' with a reload button. */
export function CrashScreen() {
  const { t } = useTranslation('cm', { useSuspense: false });
  return (
    <main className="fullpage-message">
      <div className="fullpage-alert" role="alert">
        <AlertIcon size={40} className="fullpage-icon danger" />
        <h1>{t('errors.crash', 'Ошибка, обновите страницу!')}</h1>
        <button type="button" className="btn btn-primary" onClick={reloadPage}>
          <RefreshIcon size={18} />
          {t('actions.reload', 'Обновить')}
        </button>
      </div>
    </main>
  );
}

interface Props {
  children: ReactNode;
  fallback?: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  render() {
    if (this.state.error) return this.props.fallback ?? <CrashScreen />;
    return this.props.children;
  }
}
