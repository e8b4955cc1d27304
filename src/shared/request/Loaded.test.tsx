/** What a screen shows of its loads (Loaded.tsx): progress until the first answer, the failure with Retry, then the content. */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Loaded } from './Loaded';
import { failed, idle, started, succeeded } from './loadable';
import type { Failure } from '@api/http';

const offline: Failure = { ok: false, problem: 'NETWORK_ERROR', status: null, error: null };

const list = (loads: Parameters<typeof Loaded>[0]['of'], onRetry = vi.fn()) =>
  render(
    <Loaded of={loads} onRetry={onRetry} what="Список не загрузился">
      <p>Ничего нет</p>
    </Loaded>,
  );

describe('Loaded', () => {
  it('shows progress, not the content, while nothing has answered yet: before the request and while it is on its way', () => {
    const { rerender } = list(idle([]));
    expect(screen.getByRole('status', { name: 'Загрузка…' })).toBeTruthy();
    expect(screen.queryByText('Ничего нет')).toBeNull();
    rerender(
      <Loaded of={started([])} onRetry={vi.fn()}>
        <p>Ничего нет</p>
      </Loaded>,
    );
    expect(screen.getByRole('status', { name: 'Загрузка…' })).toBeTruthy();
    expect(screen.queryByText('Ничего нет')).toBeNull();
  });

  it('shows the content, an empty one included, once the answer has come', () => {
    list(succeeded([]));
    expect(screen.getByText('Ничего нет')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps the content of an answer while it is asked again', () => {
    list({ ...succeeded([1]), fetching: true });
    expect(screen.getByText('Ничего нет')).toBeTruthy();
  });

  it('waits for every load it is given: progress until the last one has answered', () => {
    list([succeeded([]), idle([])]);
    expect(screen.getByRole('status', { name: 'Загрузка…' })).toBeTruthy();
    expect(screen.queryByText('Ничего нет')).toBeNull();
  });

  it('says a failure with its title and Retry instead of the content, and Retry asks again', async () => {
    const onRetry = vi.fn();
    list([succeeded([]), failed(offline, [])], onRetry);
    const alert = screen.getByTestId('load-failed');
    expect(alert.textContent).toContain('Список не загрузился');
    expect(alert.textContent).toContain('Нет связи с сервером');
    expect(screen.queryByText('Ничего нет')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
