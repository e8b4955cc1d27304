import type { UnknownAction } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';
import { describe, expect, it } from 'vitest';
import type { JournalData, VisitRow } from '@contract/journal';
import { succeeded } from '@shared/request/loadable';
import { waitFor } from '@testing-library/react';
import { initialSessionState } from '@shared/session/session';
import { makeStore } from '../../test/render';
import { runOnChannel } from '../../test/saga';
import { fail, http, HttpResponse, ok, recordRequests, server, teacher } from '../../test/server';
import { journalInfo } from './journal.fixtures';
import { initialJournalState, journalActions, journalReducer, type JournalState } from './journal.slice';
import { cellKey } from './pivot';
import { recordCellSaga, recordFinalSaga, recordPasteSaga, redoSaga, restoreSaga, undoSaga } from './undo.saga';
import type { UndoStep } from './undo.slice';

const date = '2026-09-07';
const key = (student: number) => cellKey(student, date, 1);
/** The teacher writes `written` in the first student's cell. */
const writeFirst = (written: string) => journalActions.cellWritten({ student: 1, date, time: 1, written });
const row = (student: number, otsenka: string | null): VisitRow => ({
  id_studentJournalVisit: student,
  id_student: student,
  visitDate: date,
  id_time: 1,
  otsenka,
  source: 'grid',
  updatedAt: '2026-09-07T08:00:00Z',
});
const data = {
  info: journalInfo(41),
  students: [],
  journal: [[], []],
  dates: [],
} as unknown as JournalData;

function open(marks: Record<string, string | null>, done: UndoStep[] = [], undone: UndoStep[] = []): JournalState {
  return {
    ...initialJournalState,
    journal: succeeded(data),
    marks,
    undo: { ...initialJournalState.undo, done, undone },
  };
}
/**
 * Runs a saga against a journal state that every action it puts goes through (the reducer), as the
 * store would: `apply` gives the state an action as the app would, `channel` answers what the saga waits for.
 */
function runLive<A extends UnknownAction>(initial: JournalState, saga: Saga<[A]>, action: A) {
  let state = initial;
  const { channel, task } = runOnChannel(
    {
      getState: () => ({ journal: state }),
      onPut: (a) => {
        state = journalReducer(state, a);
      },
    },
    saga,
    action,
  );
  return {
    channel,
    task,
    get state() {
      return state;
    },
    apply(a: UnknownAction) {
      state = journalReducer(state, a);
    },
  };
}

/**
 * Undo (or redo) in the app's store: its write goes through the outbox (outbox.saga.ts) like any
 * other; done when the undo is no longer busy and nothing is saving.
 */
const run = async (saga: typeof undoSaga, state: JournalState) => {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher }, journal: state });
  store.dispatch(saga === redoSaga ? journalActions.redoRequested() : journalActions.undoRequested());
  await waitFor(() => {
    const now = store.getState().journal;
    expect(now.undo.busy).toBe(false);
    expect(Object.values(now.edits).filter((e) => e.status === 'saving')).toEqual([]);
  });
  return { state: store.getState().journal };
};

describe('undo and redo of the teacher’s own writes', () => {
  const step: UndoStep = [{ student: 1, date, time: 1, before: '4', after: '5' }];

  it('a saved write is recorded with what the cell held before it, and a new write ends what could be redone', async () => {
    const write = writeFirst('5');
    const saved = journalActions.cellSaved({
      student: 1,
      date,
      time: 1,
      seq: write.payload.seq,
      cell: row(1, '5'),
    });
    const live = runLive(open({ [key(1)]: '4' }, [], [step]), recordCellSaga, write);
    live.apply(write);
    live.channel.put(saved);
    await live.task.toPromise();
    expect(live.state.undo.done).toEqual([step]);
    expect(live.state.undo.undone).toEqual([]);
  });

  it('a refused write is not recorded', async () => {
    const write = writeFirst('9');
    const live = runLive(open({ [key(1)]: '4' }), recordCellSaga, write);
    live.channel.put(
      journalActions.cellFailed({
        keys: [{ key: key(1), seq: write.payload.seq }],
        error: {
          ok: false,
          problem: 'CLIENT_ERROR',
          status: 400,
          error: null,
        } as never,
      }),
    );
    await live.task.toPromise();
    expect(live.state.undo.done).toEqual([]);
  });

  it('Undo writes the value from before as a new write; Redo writes the mark again', async () => {
    const log = recordRequests();
    server.use(
      http.post('/api/visitlog/visit/set.json', async ({ request }) => {
        const body = (await request.json()) as { otsenka: string };
        return ok(row(1, body.otsenka));
      }),
    );
    const undone = await run(undoSaga, open({ [key(1)]: '5' }, [step]));
    expect(undone.state.marks[key(1)]).toBe('4');
    expect(undone.state.undo).toMatchObject({
      done: [],
      undone: [step],
      busy: false,
      notice: null,
    });
    const redone = await run(redoSaga, undone.state);
    log.stop();
    expect(redone.state.marks[key(1)]).toBe('5');
    expect(redone.state.undo).toMatchObject({ done: [step], undone: [] });
    expect(log.requests.map((r) => r.body)).toMatchObject([{ id_journal: 41, id_student: 1, otsenka: '4' }, { otsenka: '5' }]);
  });

  it('an undo made while the server is away goes through the outbox: kept (pending), the step undone, and sent when the server answers again', async () => {
    let away = true;
    const log = recordRequests();
    server.use(
      http.post('/api/visitlog/visit/set.json', async ({ request }) => {
        if (away) return HttpResponse.error();
        const body = (await request.json()) as { otsenka: string };
        return ok(row(1, body.otsenka));
      }),
    );
    const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher }, journal: open({ [key(1)]: '5' }, [step]) });
    store.dispatch(journalActions.undoRequested());
    await waitFor(() => expect(store.getState().journal.edits[key(1)]).toMatchObject({ written: '4', status: 'failed' }));
    expect(store.getState().journal.undo).toMatchObject({ done: [], undone: [step], busy: false, notice: null });
    expect(store.getState().journal.marks[key(1)]).toBe('5');
    away = false;
    store.dispatch(journalActions.outboxFlushRequested());
    await waitFor(() => expect(store.getState().journal.marks[key(1)]).toBe('4'));
    expect(store.getState().journal.edits[key(1)]).toBeUndefined();
    log.stop();
    expect(log.requests.filter((r) => r.path === '/api/visitlog/visit/set.json').at(-1)?.body).toMatchObject({ id_student: 1, otsenka: '4' });
  });

  it('a refused undo says why and leaves both stacks as they were', async () => {
    server.use(http.post('/api/visitlog/visit/set.json', () => fail(409, 'PERIOD_CLOSED')));
    const { state } = await run(undoSaga, open({ [key(1)]: '5' }, [step]));
    expect(state.marks[key(1)]).toBe('5');
    expect(state.undo).toMatchObject({
      done: [step],
      undone: [],
      busy: false,
      notice: { error: { status: 409, error: { code: 'PERIOD_CLOSED' } } },
    });
  });

  it('a pasted block is one step: cells changed by someone else since are skipped and counted, the rest written in one call', async () => {
    const paste: UndoStep = [
      { student: 1, date, time: 1, before: false, after: '5' },
      { student: 2, date, time: 1, before: null, after: '4' },
      { student: 3, date, time: 1, before: 'н/б', after: '3' },
    ];
    const log = recordRequests();
    server.use(
      http.post('/api/visitlog/visit/paste.json', () =>
        ok({
          cells: [
            { id_student: 1, visitDate: date, id_time: 1, cell: null },
            { id_student: 3, visitDate: date, id_time: 1, cell: row(3, 'н/б') },
          ],
          finals: [],
        }),
      ),
    );
    const { state } = await run(undoSaga, open({ [key(1)]: '5', [key(2)]: '2', [key(3)]: '3' }, [paste]));
    log.stop();
    expect(log.paths()).toEqual(['/api/visitlog/visit/paste.json']);
    expect(log.requests[0].body).toMatchObject({
      cells: [
        { id_student: 1, otsenka: null },
        { id_student: 3, otsenka: 'н/б' },
      ],
    });
    expect(state.marks).toEqual({ [key(2)]: '2', [key(3)]: 'н/б' });
    expect(state.undo).toMatchObject({
      done: [],
      undone: [paste],
      notice: { error: null, skipped: 1 },
    });
  });

  it('a block that reached the final-result column is one step with its results: Undo writes the cells and the results back in one call', async () => {
    const result = (student: number, points: number) => ({ id_student: student, points, ekv_num: 3, ekv_bukv: 'B' });
    const paste = journalActions.pasteRequested(
      [{ student: 1, date, time: 1, written: '5' }],
      [
        { student: 1, points: 90 },
        { student: 2, points: null },
      ],
    );
    const live = runLive({ ...open({ [key(1)]: '4' }), journal: succeeded({ ...data, finals: [result(1, 70), result(2, 60)] }) }, recordPasteSaga, paste);
    live.apply(paste);
    const saved = journalActions.pasteSaved({
      seq: paste.payload.seq,
      block: {
        cells: [{ id_student: 1, visitDate: date, id_time: 1, cell: row(1, '5') }],
        finals: [
          { id_student: 1, result: result(1, 90) },
          { id_student: 2, result: null },
        ],
      },
    });
    live.apply(saved);
    live.channel.put(saved);
    await live.task.toPromise();
    const step: UndoStep = [
      { student: 1, date, time: 1, before: '4', after: '5' },
      { student: 1, final: true, before: 70, after: 90 },
      { student: 2, final: true, before: 60, after: null },
    ];
    expect(live.state.undo.done).toEqual([step]);
    expect(live.state.finals.edits).toEqual({});

    const log = recordRequests();
    server.use(
      http.post('/api/visitlog/visit/paste.json', () =>
        ok({
          cells: [{ id_student: 1, visitDate: date, id_time: 1, cell: row(1, '4') }],
          finals: [
            { id_student: 1, result: result(1, 70) },
            { id_student: 2, result: result(2, 60) },
          ],
        }),
      ),
    );
    const undone = await run(undoSaga, live.state);
    log.stop();
    expect(log.paths()).toEqual(['/api/visitlog/visit/paste.json']);
    expect(log.requests[0].body).toEqual({
      id_journal: 41,
      cells: [{ id_student: 1, visitDate: date, id_time: 1, otsenka: '4' }],
      finals: [
        { id_student: 1, points: 70 },
        { id_student: 2, points: 60 },
      ],
    });
    expect(undone.state.marks[key(1)]).toBe('4');
    expect(undone.state.finals.saved).toEqual({ 1: result(1, 70), 2: result(2, 60) });
    expect(undone.state.undo).toMatchObject({ done: [], undone: [step], notice: null });
  });

  it('a final result typed on its own is one step once saved: Undo writes the points from before; a refused one is not recorded', async () => {
    const result = (student: number, points: number) => ({ id_student: student, points, ekv_num: 3, ekv_bukv: 'B' });
    const journal = succeeded({ ...data, finals: [result(1, 70)] });
    const write = journalActions.finalWritten({ student: 1, points: 85 });
    const live = runLive({ ...open({}), journal }, recordFinalSaga, write);
    live.apply(write);
    const saved = journalActions.finalSaved({ student: 1, seq: write.payload.seq, result: result(1, 85) });
    live.apply(saved);
    live.channel.put(saved);
    await live.task.toPromise();
    const step: UndoStep = [{ student: 1, final: true, before: 70, after: 85 }];
    expect(live.state.undo.done).toEqual([step]);

    const log = recordRequests();
    server.use(http.post('/api/visitlog/visit/paste.json', () => ok({ cells: [], finals: [{ id_student: 1, result: result(1, 70) }] })));
    const undone = await run(undoSaga, live.state);
    log.stop();
    expect(log.requests.map((r) => r.body)).toEqual([{ id_journal: 41, cells: [], finals: [{ id_student: 1, points: 70 }] }]);
    expect(undone.state.finals.saved).toEqual({ 1: result(1, 70) });
    expect(undone.state.undo).toMatchObject({ done: [], undone: [step] });

    const refused = journalActions.finalWritten({ student: 1, points: 90 });
    const other = runLive({ ...open({}), journal }, recordFinalSaga, refused);
    other.apply(refused);
    const failure = journalActions.finalFailed({
      student: 1,
      seq: refused.payload.seq,
      error: { ok: false, problem: 'CLIENT_ERROR', status: 400, error: null } as never,
    });
    other.apply(failure);
    other.channel.put(failure);
    await other.task.toPromise();
    expect(other.state.undo.done).toEqual([]);
  });

  it('Restore in a cell’s history writes the old value as an ordinary write, then reads the history again', async () => {
    const cell = { student: 1, date, time: 1, written: '4' };
    const { put, task } = runOnChannel(
      {
        getState: () => ({ journal: open({ [key(1)]: '5' }) }),
        onPut: (a, channel) => {
          if (journalActions.cellWritten.match(a))
            queueMicrotask(() => channel.put(journalActions.cellSaved({ student: 1, date, time: 1, seq: a.payload.seq, cell: row(1, '4') })));
        },
      },
      restoreSaga,
      journalActions.historyRestoreRequested(cell),
    );
    await task.toPromise();
    expect(put.map((a) => a.type)).toEqual([journalActions.cellWritten.type, journalActions.historyRequested.type]);
    expect(put[0].payload).toMatchObject(cell);
    expect(put[1].payload).toEqual({ student: 1, date, time: 1, written: null });
  });
});
