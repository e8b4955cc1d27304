/** The QR screens' first loads: the own card link, the public card of a link, and the report's period. */
import { describe, expect, it } from 'vitest';
import type { QrCard } from '@contract/qr';
import { initialSessionState } from '@shared/session/session';
import { recordSaga } from '../../test/saga';
import { fail, http, ok, recordRequests, server, student, teacher } from '../../test/server';
import { loadedSettings } from '../../test/settings';
import { mineOpenedSaga, publicCardSaga, reportOpenedSaga } from './qr.saga';
import { initialQrState, qrActions, qrReducer } from './qr.slice';

const TOKEN = 'A'.repeat(32);
const card: QrCard = {
  photo: null,
  fio: 'Сыдыкова Айпери Талантовна',
  group: 'ПИ-1-24',
  code: '240101',
  course: 3,
  semester: 5,
  speciality: 'Программная инженерия',
  orders: [],
};
const signedIn = (user = student) => ({
  session: { ...initialSessionState, status: 'authenticated', user },
  settings: loadedSettings(2026, 1),
  qr: initialQrState,
});

describe('QR first loads', () => {
  it("the student's own QR screen asks for the card link, not a new one", async () => {
    expect(await recordSaga(mineOpenedSaga, signedIn())).toEqual([qrActions.cardRequested({ renew: false })]);
  });

  it('the public card: a valid link shows the card; an unknown one is invalid, a server failure is not', async () => {
    server.use(http.get('/api/misc/getstudentqrinfo', () => ok(card)));
    let actions = await recordSaga(publicCardSaga, {}, qrActions.publicCardOpened({ data: TOKEN }));
    expect(actions).toEqual([qrActions.publicCardSucceeded(card)]);
    expect(actions.reduce(qrReducer, initialQrState).publicCard).toEqual({ view: 'card', card });

    server.use(http.get('/api/misc/getstudentqrinfo', () => fail(404, 'NOT_FOUND')));
    actions = await recordSaga(publicCardSaga, {}, qrActions.publicCardOpened({ data: TOKEN }));
    expect(actions.reduce(qrReducer, initialQrState).publicCard).toEqual({ view: 'invalid', card: null });

    server.use(http.get('/api/misc/getstudentqrinfo', () => fail(500, 'INTERNAL')));
    actions = await recordSaga(publicCardSaga, {}, qrActions.publicCardOpened({ data: TOKEN }));
    expect(actions.reduce(qrReducer, initialQrState).publicCard).toEqual({ view: 'failed', card: null });
  });

  it('a malformed link is invalid without asking the server', async () => {
    const log = recordRequests();
    const actions = await recordSaga(publicCardSaga, {}, qrActions.publicCardOpened({ data: 'short' }));
    log.stop();
    expect(actions).toEqual([qrActions.publicCardRefused({ invalid: true })]);
    expect(log.requests).toEqual([]);
  });

  it("the report starts at the current half-year of the shared settings, at the role's level", async () => {
    const log = recordRequests();
    expect(await recordSaga(reportOpenedSaga, signedIn(teacher))).toEqual([
      qrActions.reportRequested({ level: 'faculty', query: { year: 2026, ws: 1 }, crumbs: [] }),
    ]);
    expect(await recordSaga(reportOpenedSaga, signedIn(student))).toEqual([
      qrActions.reportRequested({ level: 'student', query: { year: 2026, ws: 1 }, crumbs: [] }),
    ]);
    log.stop();
    expect(log.requests).toEqual([]);
  });
});
