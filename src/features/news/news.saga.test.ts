import { describe, expect, it } from 'vitest';
import { currentLanguage } from '../../i18n/languages';
import { PAGE_DATA_ELEMENT_ID, rereadPageData } from '@shared/session/pageData';
import { initialSessionState } from '@shared/session/session';
import { loadedSettings } from '../../test/settings';
import { recordSaga } from '../../test/saga';
import { fail, http, HttpResponse, ok, recordRequests, server, teacher } from '../../test/server';
import { deleteSaga, draftForm, facultiesSaga, loadSaga, postSaga } from './news.saga';
import { newsActions } from './news.slice';
import { item } from './testData';

const signedIn = { session: { ...initialSessionState, status: 'authenticated', user: teacher } };

describe('news sagas', () => {
  it('load: sends the session user (id, uid, role) and the page; the reply lands with its page', async () => {
    const log = recordRequests();
    server.use(http.post('/api/news/data.json', () => ok([item(5), item(4)])));
    const actions = await recordSaga(loadSaga, signedIn, newsActions.loadRequested({ page: 2 }));
    log.stop();
    expect(actions).toEqual([newsActions.loadSucceeded({ page: 2, items: [item(5), item(4)] })]);
    expect(log.requests[0].body).toEqual({ id: 10, uid: 501, role: 1, page: 2 });
  });

  it('load: page 1 the page arrived with (signed-in /news) lands without a call, once', async () => {
    const script = Object.assign(document.createElement('script'), { type: 'application/json', id: PAGE_DATA_ELEMENT_ID });
    script.textContent = JSON.stringify({ lang: currentLanguage(), user: teacher, news: [item(9)] });
    document.body.append(script);
    rereadPageData();
    const log = recordRequests();
    server.use(http.post('/api/news/data.json', () => ok([item(8)])));
    expect(await recordSaga(loadSaga, signedIn, newsActions.loadRequested({ page: 1 }))).toEqual([newsActions.loadSucceeded({ page: 1, items: [item(9)] })]);
    expect(log.requests).toEqual([]);
    expect(await recordSaga(loadSaga, signedIn, newsActions.loadRequested({ page: 1 }))).toEqual([newsActions.loadSucceeded({ page: 1, items: [item(8)] })]);
    log.stop();
    expect(log.requests).toHaveLength(1);
    rereadPageData();
  });

  it('load: a failure is put as loadFailed with its class', async () => {
    server.use(http.post('/api/news/data.json', () => fail(403, 'FORBIDDEN')));
    const [failed] = await recordSaga(loadSaga, signedIn, newsActions.loadRequested({ page: 1 }));
    expect(failed).toMatchObject({ type: 'news/loadFailed', payload: { problem: 'CLIENT_ERROR', status: 403, error: { code: 'FORBIDDEN' } } });
  });

  it('post: multipart fields and files, then success and a reload from page 1', async () => {
    let received: Record<string, unknown> = {};
    server.use(
      http.post('/api/news/insert.json', async ({ request }) => {
        expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
        const form = await request.formData();
        const file = form.get('files') as File;
        received = {
          message: form.get('message'),
          audience: form.get('audience'),
          faculty: form.get('faculty'),
          pinned: form.get('pinned'),
          publishAt: form.get('publishAt'),
          // (jsdom's XMLHttpRequest loses the part's file name on the way to msw; draftForm keeps it, see below)
          file: await file.text(),
        };
        return ok(item(77, { message: 'Экзамен' }));
      }),
    );
    const draft = {
      message: 'Экзамен',
      audience: 2 as const,
      faculty: 3,
      pinned: true,
      publishAt: '2026-12-01T03:00:00.000Z',
      files: [new File(['Список вопросов'], 'вопросы.txt', { type: 'text/plain' })],
    };
    const actions = await recordSaga(postSaga, signedIn, newsActions.postRequested(draft));
    expect(actions).toEqual([newsActions.postSucceeded(item(77, { message: 'Экзамен' })), newsActions.loadRequested({ page: 1 })]);
    expect(received).toEqual({
      message: 'Экзамен',
      audience: '2',
      faculty: '3',
      pinned: 'true',
      publishAt: '2026-12-01T03:00:00.000Z',
      file: 'Список вопросов',
    });
  });

  it('post: a refusal (413) is put as postFailed and nothing reloads', async () => {
    server.use(http.post('/api/news/insert.json', () => fail(413, 'TOO_LARGE', 'too large', { maxSizeMb: 25 })));
    const actions = await recordSaga(
      postSaga,
      signedIn,
      newsActions.postRequested({ message: 'x', audience: 0, faculty: -1, pinned: false, publishAt: null, files: [] }),
    );
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ type: 'news/postFailed', payload: { status: 413, error: { code: 'TOO_LARGE', params: { maxSizeMb: 25 } } } });
  });

  it('draftForm: every file under `files` with its name; no publishAt field when publishing now', () => {
    const files = [new File(['a'], 'план.pdf'), new File(['b'], 'notes.txt')];
    const form = draftForm({ message: 'm', audience: 0, faculty: -1, pinned: false, publishAt: null, files });
    expect([...form.keys()]).toEqual(['message', 'audience', 'faculty', 'pinned', 'files', 'files']);
    expect(form.getAll('files').map((f) => (f as File).name)).toEqual(['план.pdf', 'notes.txt']);
  });

  it('delete: success removes; a reply without data is a failure with no message; a refusal is kept', async () => {
    server.use(http.post('/api/news/delete.json', () => ok({ id: 7, deleted: true })));
    expect(await recordSaga(deleteSaga, signedIn, newsActions.deleteRequested({ id: 7 }))).toEqual([newsActions.deleteSucceeded({ id: 7 })]);

    server.use(http.post('/api/news/delete.json', () => ok(null)));
    expect(await recordSaga(deleteSaga, signedIn, newsActions.deleteRequested({ id: 7 }))).toEqual([
      newsActions.deleteFailed({ ok: false, problem: 'UNKNOWN_ERROR', status: null, error: null }),
    ]);

    server.use(http.post('/api/news/delete.json', () => fail(403, 'FORBIDDEN')));
    const [refused] = await recordSaga(deleteSaga, signedIn, newsActions.deleteRequested({ id: 7 }));
    expect(refused).toMatchObject({ type: 'news/deleteFailed', payload: { status: 403 } });
  });

  it('faculties: those of the current year (the shared settings, not asked for again); a failed list is put as facultiesFailed', async () => {
    const log = recordRequests();
    server.use(http.post('/api/misc/faculties.json', () => ok([{ id: 1, name: 'ФИТ' }])));
    const withSettings = { ...signedIn, settings: loadedSettings(2026, 1) };
    expect(await recordSaga(facultiesSaga, withSettings)).toEqual([newsActions.facultiesSucceeded([{ id: 1, name: 'ФИТ' }])]);
    log.stop();
    expect(log.paths()).toEqual(['/api/misc/faculties.json']);
    expect(log.requests[0].body).toEqual({ id: 2026 });

    server.use(http.post('/api/misc/faculties.json', () => HttpResponse.error()));
    const [failed] = await recordSaga(facultiesSaga, withSettings);
    expect(failed.type).toBe('news/facultiesFailed');
  });
});
