/** Catches render errors so that the user sees a way out instead of a white screen (docs/product.md#shell). */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, RefreshIcon } from './icons';
import { HomeIcon } from './shellIcons';

/** Indirection so tests can observe the reload. */
export const page = {
  reload(): void {
    window.location.reload();
  },
};

export function reloadPage(): void {
  page.reload();
}

/**
 * 'Ошибка, обновите страницу!' with a reload button and the way home (a plain link: the page may have
 * failed outside the router, and a reload of the same address may fail again).
 */
export function CrashScreen() {
  const { t } = useTranslation('cm', { useSuspense: false });
  return (
    <main className="fullpage-message">
      <div className="fullpage-alert" role="alert">
        <AlertIcon size={40} className="fullpage-icon danger" />
        <h1>{t('errors.crash', 'Ошибка, обновите страницу!')}</h1>
        <div className="fullpage-actions">
          <button type="button" className="btn btn-primary" onClick={reloadPage}>
            <RefreshIcon size={18} />
            {t('actions.reload', 'Обновить')}
          </button>
          <a href={import.meta.env.BASE_URL} className="btn btn-secondary">
            <HomeIcon size={18} />
            {t('notFound.home', 'На главную')}
          </a>
        </div>
      </div>
    </main>
  );
}

/**
 * One area's screen failed to render: said inside the shell, which stays usable, with Retry (renders
 * the screen again) and the way home.
 */
export function AreaCrashScreen({ retry, home }: { retry: () => void; home: ReactNode }) {
  const { t } = useTranslation('cm', { useSuspense: false });
  return (
    <div className="fullpage-message" role="alert" data-testid="area-crash">
      <AlertIcon size={40} className="fullpage-icon danger" />
      <h1>{t('errors.areaTitle', 'Этот раздел не открылся')}</h1>
      <p>{t('errors.area')}</p>
      <div className="fullpage-actions">
        <button type="button" className="btn btn-primary" onClick={retry}>
          <RefreshIcon size={18} />
          {t('actions.retry', 'Повторить')}
        </button>
        {home}
      </div>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** What shows instead of the children; a function gets `retry`, which renders them again. */
  fallback?: ReactNode | ((retry: () => void) => ReactNode);
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  retry = () => this.setState({ error: null });

  render() {
    if (this.state.error) {
      const { fallback } = this.props;
      if (typeof fallback === 'function') return fallback(this.retry);
      return fallback ?? <CrashScreen />;
    }
    return this.props.children;
  }
}
