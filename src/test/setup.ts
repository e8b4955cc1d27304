import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { initTestI18n } from './i18n';
import { stopStores } from './stores';
import { server } from './server';

/** Requests no handler answered: a test fails if it made any. */
const unhandled: string[] = [];

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:unhandled', ({ request }) => {
    unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  await initTestI18n('ru');
});

beforeEach(async () => {
  await initTestI18n('ru');
});

afterEach(() => {
  cleanup();
  const leaked = unhandled.splice(0);
  expect(leaked, 'requests without an msw handler').toEqual([]);
  stopStores();
  server.resetHandlers();
  window.localStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  document.body.className = '';
});

afterAll(() => server.close());
