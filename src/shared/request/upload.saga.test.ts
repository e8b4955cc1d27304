/** Upload progress comes from the browser's progress events; cancelling aborts the request; a save needs the signed-in user. */
import { describe, expect, it, vi } from 'vitest';
import { createAction } from '@reduxjs/toolkit';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { Result } from '@api/http';
import type { UploadOptions } from '@api/upload';
import { runOnChannel } from '../../test/saga';

const calls: Array<{ url: string; options: UploadOptions; resolve: (r: Result<{ id: number }>) => void }> = [];
vi.mock('@api/upload', () => ({
  upload: (url: string, _form: FormData, options: UploadOptions) =>
    new Promise<Result<{ id: number }>>((resolve) => {
      calls.push({ url, options, resolve });
      options.signal.addEventListener('abort', () => resolve({ ok: false, problem: 'CANCEL_ERROR', status: null, error: null }));
    }),
}));

const { cancellable, uploadAsUser } = await import('./upload.saga');

const progress = createAction<{ loaded: number; total: number }>('t/progress');
const succeeded = createAction<{ id: number }>('t/succeeded');
const failed = createAction<unknown>('t/failed');
const cancel = createAction('t/cancel');

const teacher = { id: 1, uid: 10, role: 2 };

function start(user: unknown = teacher) {
  const { put, task, channel } = runOnChannel(
    { getState: () => ({ session: { user } }), echo: true },
    cancellable(function* () {
      yield* uploadAsUser<{ id: number }>('api/x', () => new FormData(), { progress, succeeded, failed });
    }, cancel.type),
    { type: 'save' },
  );
  return { put, task, emit: (a: UnknownAction) => channel.put(a) };
}

describe('uploadAsUser', () => {
  it('puts each progress event of the browser, then the reply', async () => {
    calls.length = 0;
    const run = start();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0].options.onProgress(0, 3000);
    calls[0].options.onProgress(1500, 3000);
    calls[0].options.onProgress(3000, 3000);
    calls[0].resolve({ ok: true, data: { id: 7 } });
    await run.task.toPromise();
    expect(run.put).toEqual([
      progress({ loaded: 0, total: 3000 }),
      progress({ loaded: 1500, total: 3000 }),
      progress({ loaded: 3000, total: 3000 }),
      succeeded({ id: 7 }),
    ]);
    expect(calls[0].options.signal.aborted).toBe(false);
  });

  it('a cancel aborts the request and puts no outcome', async () => {
    calls.length = 0;
    const run = start();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0].options.onProgress(100, 3000);
    run.emit(cancel());
    await run.task.toPromise();
    expect(calls[0].options.signal.aborted).toBe(true);
    expect(run.put.filter((a) => a.type !== cancel.type)).toEqual([progress({ loaded: 100, total: 3000 })]);
  });

  it('without a signed-in user nothing is sent and the save fails as unauthorized', async () => {
    calls.length = 0;
    const run = start(null);
    await run.task.toPromise();
    expect(calls).toHaveLength(0);
    expect(run.put).toEqual([failed({ ok: false, problem: 'CLIENT_ERROR', status: 401, error: { code: 'UNAUTHORIZED', message: '' } })]);
  });
});
