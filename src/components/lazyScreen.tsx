/**
 * Lazy route chunks that never end in a white screen: a chunk that fails to load (ChunkLoadError,
 * a network error, or no answer within 120 s, docs/product.md#shell) renders a friendly message with Reload.
 */
import { lazy, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadPage } from './ErrorBoundary';
import { RefreshIcon, WifiOffIcon } from './icons';

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk ${what} failed (timeout: ${ms} ms)`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export function ChunkErrorScreen() {
  const { t } = useTranslation('cm', { useSuspense: false });
  return (
    <div className="fullpage-message" role="alert">
      <WifiOffIcon size={40} className="fullpage-icon" />
      <h1>{t('errors.chunkTitle', 'Не удалось загрузить страницу')}</h1>
      <p>{t('errors.chunk', 'Часть приложения не загрузилась. Проверьте подключение и обновите страницу.')}</p>
      <button type="button" className="btn btn-primary" onClick={reloadPage}>
        <RefreshIcon size={18} />
        {t('actions.reload', 'Обновить')}
      </button>
    </div>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyScreen<C extends ComponentType<any>>(
  factory: () => Promise<{ default: C }>,
  name = 'screen',
  timeoutMs = CHUNK_TIMEOUT_MS,
) {
  return lazy(() =>
    withTimeout(factory(), timeoutMs, name).catch((error: unknown) => {
      console.error(`Loading chunk ${name} failed`, error);
      return { default: ChunkErrorScreen as unknown as C };
    }),
  );
}
