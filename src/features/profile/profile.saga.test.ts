import { describe, expect, it } from 'vitest';
import { initialSessionState, sessionStarted } from '@shared/session/session';
import { recordSaga } from '../../test/saga';
import { fail, http, ok, server, student, teacher } from '../../test/server';
import { profileActions } from './profile.slice';
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
    const [failed] = await recordSaga(appsSaga);
    expect(failed).toMatchObject({ type: 'profile/appsFailed', payload: { problem: 'SERVER_ERROR', status: 500 } });
  });
});
