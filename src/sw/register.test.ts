/**
 * The installable app's update notice: a new version installed while this one runs is announced once,
 * for the next start; the worker is registered only once the first screen is up and the browser is idle.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@lib/notify';
import { registerServiceWorker, registerWhenSettled } from './register';

const workbox = vi.hoisted(() => ({
  made: [] as { url: string; options: unknown; listeners: Map<string, () => void>; registered: boolean }[],
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    listeners = new Map<string, () => void>();
    registered = false;
    constructor(
      public url: string,
      public options: unknown,
    ) {
      workbox.made.push(this);
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener);
    }
    async register() {
      this.registered = true;
    }
  },
}));
vi.mock('@lib/notify', async (importOriginal) => ({ ...(await importOriginal<object>()), notify: vi.fn() }));

describe('registerServiceWorker', () => {
  beforeEach(() => {
    workbox.made.length = 0;
    vi.mocked(notify).mockClear();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('in a built portal registers the worker under /lms and tells the user when a new version waits for the next start', async () => {
    vi.stubEnv('PROD', true);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    await registerServiceWorker();
    expect(workbox.made).toHaveLength(1);
    const [wb] = workbox.made;
    expect(wb.url).toBe(`${import.meta.env.BASE_URL}sw.js`);
    expect(wb.options).toEqual({ scope: import.meta.env.BASE_URL });
    expect(wb.registered).toBe(true);
    expect(notify).not.toHaveBeenCalled();
    wb.listeners.get('waiting')!();
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('Установлена новая версия портала. Она откроется при следующем запуске.', 'info');
  });

  it('does nothing in development or in a browser without service workers', async () => {
    vi.stubEnv('PROD', false);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    await registerServiceWorker();
    vi.stubEnv('PROD', true);
    Reflect.deleteProperty(navigator, 'serviceWorker');
    await registerServiceWorker();
    expect(workbox.made).toHaveLength(0);
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('registerWhenSettled', () => {
  beforeEach(() => {
    workbox.made.length = 0;
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('waits until the first screen has replaced the splash and its page spinner, then for an idle moment, and only then registers the worker', async () => {
    vi.stubEnv('PROD', true);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const root = document.createElement('div');
    root.innerHTML = '<div class="splash"></div>';
    document.body.append(root);
    try {
      const done = registerWhenSettled(root);
      root.innerHTML = '<div class="page-spinner"></div>';
      for (let i = 0; i < 5; i++) await Promise.resolve();
      expect(idle).toHaveLength(0);
      expect(workbox.made).toHaveLength(0);
      root.innerHTML = '<form data-testid="login-form"></form>';
      await vi.waitFor(() => expect(idle).toHaveLength(1));
      expect(workbox.made).toHaveLength(0);
      idle[0]();
      await done;
      expect(workbox.made).toHaveLength(1);
      expect(workbox.made[0].registered).toBe(true);
    } finally {
      root.remove();
    }
  });

  it('a screen already shown registers at the first idle moment', async () => {
    vi.stubEnv('PROD', true);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => callback());
    const root = document.createElement('div');
    root.innerHTML = '<main></main>';
    await registerWhenSettled(root);
    expect(workbox.made).toHaveLength(1);
  });
});
