import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { ErrorBoundary, page } from './ErrorBoundary';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, lazyScreen, withTimeout } from './lazyScreen';

function Boom(): never {
  throw new Error('render failed');
}

describe('ErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows 'Ошибка, обновите страницу!' with a reload button instead of a white screen", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Ошибка, обновите страницу!' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(reload).toHaveBeenCalledTimes(1);
    // Reloading the same address may fail again: the way home is there too.
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', import.meta.env.BASE_URL);
  });

  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>fine</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeInTheDocument();
  });
});

describe('lazy screens', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('a chunk that fails to load shows a friendly message with Reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    const Screen = lazyScreen(() => Promise.reject(new ChunkLoadError('Loading chunk 7 failed')), 'journal');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Не удалось загрузить страницу' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(reload).toHaveBeenCalled();
  });

  it('a chunk that never answers gives up after the time-out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // The time-out runs on a fake clock: the test moves it past the limit instead of waiting.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const Screen = lazyScreen(() => new Promise<never>(() => {}), 'slow', 30);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    await act(() => vi.advanceTimersByTimeAsync(29));
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('heading', { name: 'Не удалось загрузить страницу' })).toBeInTheDocument();
  });

  it('the time-out is 120 s and rejects with a ChunkLoadError', async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    const pending = withTimeout(new Promise(() => {}), CHUNK_TIMEOUT_MS, 'login');
    const check = expect(pending).rejects.toMatchObject({ name: 'ChunkLoadError', message: expect.stringContaining('Loading chunk login failed') });
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS);
    await check;
  });

  it('a chunk that loads renders its screen', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ default: () => <h1>Journal</h1> }), 'journal');
    render(
      <Suspense fallback={null}>
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Journal' })).toBeInTheDocument();
  });

  it('a chunk loaded before its first render shows at once, without the fallback; it is loaded once', async () => {
    const factory = vi.fn(() => Promise.resolve({ default: ({ title }: { title: string }) => <h1>{title}</h1> }));
    const Screen = lazyScreen(factory, 'journal');
    await Screen.preload();
    await Screen.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen title="Journal" />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Journal' })).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(factory).toHaveBeenCalledTimes(1);
  });
});
