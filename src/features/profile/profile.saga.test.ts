import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { initialSessionState, sessionStarted } from '@shared/session/session';
import { shellActions } from '@shared/shell/shell.slice';
import { makeStore } from '../../test/render';
import { recordSaga } from '../../test/saga';
import { fail, http, ok, server, student, teacher } from '../../test/server';
import { profileActions } from './profile.slice';
import { PAGE_DATA_ELEMENT_ID, rereadPageData } from '@shared/session/pageData';
import { currentLanguage } from '../../i18n/languages';
import { appsSaga, photoSaga, photoSrc, positionSaga, sessionStartedSaga } from './profile.saga';

const signedIn = (user = teacher) => ({ session: { ...initialSessionState, status: 'authenticated', user } });

describe('profile sagas', () => {
  it('after a teacher signs in: photo, position and apps load', async () => {
    const actions = await recordSaga(sessionStartedSaga, {}, sessionStarted(teacher));
    expect(actions).toEqual([profileActions.photoRequested(), profileActions.positionRequested(), profileActions.appsRequested()]);
  });

  it('a student has no position call (the group comes with the user)', async () => {
    const actions = await recordSaga(sessionStartedSaga, {}, sessionStarted(student));
    expect(actions.map((a) => a.type)).not.toContain('profile/positionRequested');
  });

  it('photo: base64 + mime become a data URL (cached as `image`); no photo → null', async () => {
    server.use(http.post('/api/misc/photo.json', () => ok({ photo: 'iVBORw0K', mime: 'image/png' })));
    expect(await recordSaga(photoSaga, signedIn())).toEqual([profileActions.photoSucceeded('data:image/png;base64,iVBORw0K')]);
    expect(localStorage.getItem('image')).toBe('data:image/png;base64,iVBORw0K');
    expect(photoSrc({ photo: null, mime: null })).toBeNull();
  });

  it('position: the first row; failures are kept', async () => {
    server.use(http.post('/api/misc/position.json', () => ok([{ position: 'Профессор', department: 'Кафедра физики' }])));
    expect(await recordSaga(positionSaga, signedIn())).toEqual([profileActions.positionSucceeded({ position: 'Профессор', department: 'Кафедра физики' })]);
    server.use(http.post('/api/misc/dinurls.json', () => fail(500, 'INTERNAL')));
    const [failed] = await recordSaga(appsSaga, signedIn());
    expect(failed).toMatchObject({ type: 'profile/appsFailed', payload: { problem: 'SERVER_ERROR', status: 500 } });
  });
});

describe('the shell data a page arrives with', () => {
  afterEach(() => {
    document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
    rereadPageData();
  });

  it('photo, position and apps come from the page, once: no call is made for them', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_DATA_ELEMENT_ID;
    const apps = [{ id: 1, name: { kg: 'Китепкана', ru: 'Библиотека', en: 'Library' }, url: 'https://lib.example.edu', icon: 'library' }];
    script.textContent = JSON.stringify({
      lang: currentLanguage(),
      user: teacher,
      photo: { photo: 'AAAA', mime: 'image/png' },
      position: [{ position: 'Доцент', department: 'Кафедра ПИ' }],
      apps,
    });
    document.body.append(script);
    rereadPageData();
    let calls = 0;
    server.use(
      http.post('/api/misc/photo.json', () => (calls++, ok({ photo: null, mime: null }))),
      http.post('/api/misc/position.json', () => (calls++, ok([]))),
      http.post('/api/misc/dinurls.json', () => (calls++, ok([]))),
    );
    expect(await recordSaga(photoSaga, signedIn())).toEqual([profileActions.photoSucceeded('data:image/png;base64,AAAA')]);
    expect(await recordSaga(positionSaga, signedIn())).toEqual([profileActions.positionSucceeded({ position: 'Доцент', department: 'Кафедра ПИ' })]);
    expect(await recordSaga(appsSaga, signedIn())).toEqual([profileActions.appsSucceeded(apps)]);
    expect(calls).toBe(0);
    // Taken once: the next load asks the server.
    await recordSaga(photoSaga, signedIn());
    expect(calls).toBe(1);
  });
});

describe('the position line follows the language', () => {
  it("a teacher's position is asked again in a new language, once per change", async () => {
    const answers = ['Professor', 'Профессор'];
    let asked = 0;
    server.use(http.post('/api/misc/position.json', () => ok([{ position: answers[asked++] ?? 'again', department: null }])));
    const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher } });
    store.dispatch(shellActions.languageChanged('en'));
    await waitFor(() => expect(store.getState().profile.position.data?.position).toBe('Professor'));
    // The same language again asks nothing; back in Russian it is asked once more.
    store.dispatch(shellActions.languageChanged('en'));
    store.dispatch(shellActions.languageChanged('ru'));
    await waitFor(() => expect(store.getState().profile.position.data?.position).toBe('Профессор'));
    expect(asked).toBe(2);
  });

  it("a student's line is his group, which comes with the user: nothing is asked", async () => {
    const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: student } });
    store.dispatch(shellActions.languageChanged('en'));
    expect(store.getState().profile.position.fetching).toBe(false);
  });
});
