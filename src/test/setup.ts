import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { resetMemoryOutbox } from '@lib/outbox';
import { initTestI18n } from './i18n';
import { stopStores } from './stores';
import { listenOnce, requestsSettled, server, takeUnhandled } from './server';

// findBy*/waitFor wait for a state; their timeout only bounds a test that will fail anyway. The
// default second is too short when the machine is busy (the state then arrives later, not never):
// a screen's first lazy import took 25 s at a load average of 14 on two cores.
configure({ asyncUtilTimeout: 30000 });

beforeAll(async () => {
  listenOnce();
  await initTestI18n('ru');
});

beforeEach(async () => {
  await initTestI18n('ru');
});

afterEach(async () => {
  // Unmount first (no effect dispatches any more), then stop the sagas (no new request starts),
  // then let every request already made be answered by this test's handlers: a request a screen
  // makes late (e.g. /config.json once the login card is up) belongs to the test that rendered
  // it, and must neither find the next test's handlers nor none at all.
  // A test that moved to a fake clock must not leave it to the teardown or to the next test.
  vi.useRealTimers();
  cleanup();
  stopStores();
  await requestsSettled();
  const leaked = takeUnhandled();
  server.resetHandlers();
  window.localStorage.clear();
  resetMemoryOutbox();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  document.body.className = '';
  // Checked last, so a failing test still leaves a clean slate for the next one.
  expect(leaked, 'requests without an msw handler').toEqual([]);
});
