import { describe, expect, it } from 'vitest';
import type { JournalData } from '@contract/journal';
import type { SubgroupList } from './journal.api';
import { recordSaga } from '../../test/saga';
import { fail, http, ok, recordRequests, server } from '../../test/server';
import { initialJournalState, journalActions, journalReducer } from './journal.slice';
import { planTopicsSaveSaga, planTopicsSaga, subgroupsSaga, subgroupsSaveSaga } from './setup.saga';
import { journalInfo } from './journal.fixtures';

const info = journalInfo(41);
const data: JournalData = { info, journal: [[], []], students: [], dates: [], resArray: [], finals: [] };
const open = { journal: { ...initialJournalState, journal: { data, fetching: false, error: null } } };
const none = { journal: initialJournalState };

const list: SubgroupList = {
  subgroups: [{ number: 1, name: 'Первая', students: [100] }],
  students: [
    { id_student: 100, s_fio: 'Абдыкадыров Азамат', code: '1', group: 'ПИ-1-24', subgroup: 1 },
    { id_student: 101, s_fio: 'Бекова Айжан', code: '2', group: 'ПИ-1-24', subgroup: 2 },
  ],
};

describe('journal setup sagas', () => {
  it("subgroups: asks for the open journal's subgroups; nothing without a journal", async () => {
    const log = recordRequests();
    server.use(http.post('/api/visitlog/subgroup/students.json', () => ok(list)));
    expect(await recordSaga(subgroupsSaga, open)).toEqual([journalActions.subgroupsSucceeded(list)]);
    expect(await recordSaga(subgroupsSaga, none)).toEqual([]);
    log.stop();
    expect(log.requests.map((r) => r.body)).toEqual([{ id_journal: 41 }]);
  });

  it('subgroups save: one call with the whole split, then the journal reloads keeping the marks being saved', async () => {
    const log = recordRequests();
    server.use(http.post('/api/visitlog/subgroup/update.json', () => ok(list)));
    const split = [
      { number: 1, name: 'Первая', students: [100] },
      { number: 2, name: 'Вторая', students: [101] },
    ];
    const actions = await recordSaga(subgroupsSaveSaga, open, journalActions.subgroupsSaveRequested(split));
    log.stop();
    expect(log.requests.map((r) => [r.path, r.body])).toEqual([['/api/visitlog/subgroup/update.json', { id_journal: 41, subgroups: split }]]);
    expect(actions).toEqual([journalActions.subgroupsSaved(list), journalActions.journalRequested({ id: 41, keepEdits: true })]);
  });

  it('subgroups save: a refusal is kept with its code and nothing reloads', async () => {
    server.use(http.post('/api/visitlog/subgroup/update.json', () => fail(400, 'BAD_REQUEST')));
    const actions = await recordSaga(subgroupsSaveSaga, open, journalActions.subgroupsSaveRequested([]));
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ type: 'journal/setupSaveFailed', payload: { status: 400, error: { code: 'BAD_REQUEST' } } });
  });

  it('planned topics: loads them; the save numbers them 1, 2, 3… in the order given', async () => {
    const topics = [{ number: 1, topic: 'HTTP', hours: 2, id_module: 1 }];
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/visitlog/inputtopics.json', () => ok(topics)),
      http.post('/api/visitlog/inputtopics/save.json', async ({ request }) => {
        bodies.push(await request.json());
        return ok([
          { number: 1, topic: 'HTML', hours: 4, id_module: null },
          { number: 2, topic: 'HTTP', hours: 2, id_module: 1 },
        ]);
      }),
    );
    expect(await recordSaga(planTopicsSaga, open)).toEqual([journalActions.planTopicsSucceeded(topics)]);
    const actions = await recordSaga(
      planTopicsSaveSaga,
      open,
      journalActions.planTopicsSaveRequested([
        { number: 7, topic: 'HTML', hours: 4, id_module: null },
        { number: 1, topic: 'HTTP', hours: 2, id_module: 1 },
      ]),
    );
    expect(bodies).toEqual([
      {
        id_journal: 41,
        topics: [
          { number: 1, topic: 'HTML', hours: 4, id_module: null },
          { number: 2, topic: 'HTTP', hours: 2, id_module: 1 },
        ],
      },
    ]);
    expect(actions.map((a) => a.type)).toEqual(['journal/planTopicsSaved']);
  });

  it('planned topics: a failed load and a failed save are kept (the save keeps its count of successes)', async () => {
    server.use(
      http.post('/api/visitlog/inputtopics.json', () => fail(403, 'FORBIDDEN')),
      http.post('/api/visitlog/inputtopics/save.json', () => fail(400, 'BAD_REQUEST')),
    );
    const [loadFailed] = await recordSaga(planTopicsSaga, open);
    expect(loadFailed).toMatchObject({ type: 'journal/planTopicsFailed', payload: { status: 403 } });
    const [saveFailed] = await recordSaga(
      planTopicsSaveSaga,
      open,
      journalActions.planTopicsSaveRequested([{ number: 1, topic: 'x', hours: 2, id_module: 99 }]),
    );
    let s = [journalActions.planTopicsSaveRequested([]), journalActions.planTopicsSaved([])].reduce(journalReducer, initialJournalState);
    expect(s.setup.save).toMatchObject({ saved: 1, fetching: false, error: null });
    s = [journalActions.planTopicsSaveRequested([]), saveFailed as ReturnType<typeof journalActions.setupSaveFailed>].reduce(journalReducer, s);
    expect(s.setup.save).toMatchObject({ saved: 1, fetching: false, error: { status: 400 } });
    // Opening a dialog again starts without the old error.
    s = journalReducer(s, journalActions.subgroupsRequested());
    expect(s.setup.save).toMatchObject({ saved: 1, error: null });
    expect(s.setup.subgroups).toMatchObject({ data: null, fetching: true });
  });
});
