/**
 * Lazy route chunks that never end in a white screen: a chunk that fails to load (ChunkLoadError,
 * a network error, or no answer within 120 s, docs/product.md#shell) renders a friendly message with Reload.
 */
import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';
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

/** A lazy screen that can be loaded ahead of its first render. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LazyScreen<C extends ComponentType<any>> = ComponentType<ComponentProps<C>> & { preload(): Promise<unknown> };

/**
 * A route's screen as a lazy chunk. `preload()` starts loading it (once); a screen whose chunk has
 * arrived renders at once instead of suspending, so a page whose chunks were loaded before its first
 * render (main.tsx) shows no spinner in between: React holds back the content of a boundary that
 * showed its fallback for a while after it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyScreen<C extends ComponentType<any>>(factory: () => Promise<{ default: C }>, name = 'screen', timeoutMs = CHUNK_TIMEOUT_MS): LazyScreen<C> {
  let loaded: C | null = null;
  let loading: Promise<{ default: C }> | null = null;
  const load = () =>
    (loading ??= withTimeout(factory(), timeoutMs, name)
      .catch((error: unknown) => {
        console.error(`Loading chunk ${name} failed`, error);
        return { default: ChunkErrorScreen as unknown as C };
      })
      .then((module) => {
        loaded = module.default;
        return module;
      }));
  const Lazy = lazy(load);
  function Screen(props: ComponentProps<C>) {
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  Screen.preload = load;
  return Screen as LazyScreen<C>;
}
