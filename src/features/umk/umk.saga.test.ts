import { describe, expect, it } from 'vitest';
import type { UmkItem } from '@contract/umk';
import { initialSessionState } from '@shared/session/session';
import { settingsActions } from '@shared/settings/settings';
import { recordSaga } from '../../test/saga';
import { failedSettings, loadedSettings, settingsFailure } from '../../test/settings';
import { fail, http, ok, recordRequests, server, student, teacher } from '../../test/server';
import { deleteSaga, disciplinesSaga, itemsSaga, openedSaga, umkForm } from './umk.saga';
import { initialUmkState, umkActions, type UmkDraft, type UmkState } from './umk.slice';

const as = (user: typeof teacher, umk: Partial<UmkState> = {}) => ({
  session: { ...initialSessionState, status: 'authenticated', user },
  config: { data: { maxSizeMb: 25 } },
  settings: loadedSettings(2025, 2),
  umk: { ...initialUmkState, ...umk },
});

const draft: UmkDraft = {
  id: -1,
  typeId: 2,
  name: 'Лабораторные работы',
  author: 'Асанов Б. К.',
  description: 'Пять работ по SQL.',
  totalPages: 18,
  examTypeId: 1,
  audience: 2,
  forEBooks: true,
  bookCategoryId: 4,
  file: new File(['%PDF-1.4'], 'labs.pdf', { type: 'application/pdf' }),
};

describe('UMK sagas', () => {
  const years = [
    { id: 2024, name: '2024-25' },
    { id: 2025, name: '2025-26' },
  ];

  it('opened: the years to switch to, then the current year and half-year of the shared settings choose the lists', async () => {
    const log = recordRequests();
    server.use(http.get('/api/misc/years.json', () => ok(years)));
    const actions = await recordSaga(openedSaga, as(student));
    log.stop();
    // The current period is not asked for again: the settings loaded at sign-in carry it.
    expect(log.paths()).toEqual(['/api/misc/years.json']);
    expect(actions).toEqual([umkActions.yearsLoaded(years), umkActions.halfSelected({ year: 2025, ws: 2 })]);
  });

  it('opened again: the chosen year and half-year stay, the years are not asked twice, the list reloads', async () => {
    const log = recordRequests();
    const actions = await recordSaga(openedSaga, as(student, { years, half: { year: 2024, ws: 1 }, disciplineId: 7, semesterId: 3 }));
    log.stop();
    expect(log.requests).toEqual([]);
    expect(actions).toEqual([umkActions.semesterSelected({ id: 3 })]);
  });

  it('opened: settings that failed are asked for again; still failed, the failure is put as halfFailed and nothing more loads', async () => {
    server.use(http.get('/api/misc/years.json', () => fail(500, 'INTERNAL')));
    const actions = await recordSaga(openedSaga, { ...as(student), settings: failedSettings() });
    expect(actions.map((a) => a.type)).toEqual([umkActions.yearsFailed.type, settingsActions.loadRequested.type, umkActions.halfFailed.type]);
    expect(actions.slice(1)).toEqual([settingsActions.loadRequested(), umkActions.halfFailed(settingsFailure)]);
  });

  it('disciplines: a student asks the student call, and the first discipline is chosen', async () => {
    const log = recordRequests();
    server.use(
      http.post('/api/umk/disciplinesforstud', () =>
        ok([
          { id: 7, name: 'Базы данных', kredit: 5 },
          { id: 8, name: 'Сети', kredit: 4 },
        ]),
      ),
    );
    const actions = await recordSaga(disciplinesSaga, as(student), umkActions.halfSelected({ year: 2025, ws: 1 }));
    log.stop();
    expect(log.requests.map((r) => [r.path, r.body])).toEqual([['/api/umk/disciplinesforstud', { year: 2025, ws: 1 }]]);
    expect(actions).toEqual([
      umkActions.disciplinesSucceeded([
        { id: 7, name: 'Базы данных', kredit: 5 },
        { id: 8, name: 'Сети', kredit: 4 },
      ]),
      umkActions.disciplineSelected({ id: 7 }),
    ]);
  });

  it("items: a teacher's list of the chosen discipline and semester; a refusal is put as itemsFailed", async () => {
    const log = recordRequests();
    server.use(http.post('/api/umk/umklist', () => ok([] as UmkItem[])));
    expect(await recordSaga(itemsSaga, as(teacher, { disciplineId: 7 }), umkActions.semesterSelected({ id: 3 }))).toEqual([umkActions.itemsSucceeded([])]);
    log.stop();
    expect(log.requests[0]).toMatchObject({ path: '/api/umk/umklist', body: { id_discipline: 7, id_semester: 3 } });

    server.use(http.post('/api/umk/getumklistforstud', () => fail(403, 'FORBIDDEN')));
    const [refused] = await recordSaga(itemsSaga, as(student, { disciplineId: 9 }), umkActions.semesterSelected({ id: 3 }));
    expect(refused).toMatchObject({ type: 'umk/itemsFailed', payload: { status: 403, error: { code: 'FORBIDDEN' } } });
  });

  it('delete: the session user and the material; the reply removes it', async () => {
    const log = recordRequests();
    server.use(http.post('/api/umk/deletebook', () => ok({ id_books: 12, deleted: true })));
    const actions = await recordSaga(deleteSaga, as(teacher), umkActions.deleteRequested({ id: 12 }));
    log.stop();
    expect(log.requests[0].body).toEqual({ id_human: teacher.uid, id_humanType: 1, id_books: 12 });
    expect(actions).toEqual([umkActions.deleteSucceeded({ id: 12 })]);
  });

  it('delete: without a session nothing is sent and the 401 failure is put', async () => {
    const log = recordRequests();
    const actions = await recordSaga(deleteSaga, { session: initialSessionState, umk: initialUmkState }, umkActions.deleteRequested({ id: 12 }));
    log.stop();
    expect(log.requests).toEqual([]);
    expect(actions[0]).toMatchObject({ type: 'umk/deleteFailed', payload: { status: 401 } });
  });

  it('the save form carries the full payload: the chosen year, semester and discipline, the library category only when shared', () => {
    const state = {
      ...initialUmkState,
      half: { year: 2025, ws: 1 as const },
      disciplineId: 7,
      semesterId: 3,
      disciplines: { data: [{ id: 7, name: 'Базы данных', kredit: 5 }], fetching: false, error: null, loaded: true },
    };
    const form = umkForm(draft, teacher, state);
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'files'))).toEqual({
      idBook: '-1',
      id_human: String(teacher.uid),
      id_humanType: '1',
      idUser: String(teacher.id),
      id_a_year: '2025',
      id_semester: '3',
      id_discipline: '7',
      id_examination: '1',
      id_speciality: '-1',
      id_typeUmk: '2',
      isHTMLBook: 'false',
      bookName: 'Лабораторные работы',
      author: 'Асанов Б. К.',
      description: 'Пять работ по SQL.',
      totalPages: '18',
      id_bookCategory: '4',
      isForEBooks: 'true',
      kredits: '5',
      id_forStudentKind: '2',
      fileName: 'labs.pdf',
    });
    expect((form.get('files') as File).name).toBe('labs.pdf');
    const unshared = umkForm({ ...draft, forEBooks: false, file: null }, teacher, state);
    expect([unshared.get('isForEBooks'), unshared.get('id_bookCategory'), unshared.get('files')]).toEqual(['false', '-1', null]);
  });
});
