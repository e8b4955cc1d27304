/**
 * The journal's writes through the outbox (outbox.saga.ts): kept with their key before they are
 * sent, sent again with the same key when the connection returns, shown again in their cells when
 * the journal is opened anew, dropped when refused or discarded, and never another user's.
 */
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { JournalData } from '@contract/journal';
import { newWriteKey, outboxAdd, outboxList } from '@lib/outbox';
import { initialSessionState } from '@shared/session/session';
import { makeStore } from '../../test/render';
import { fail, http, HttpResponse, ok, server, student, teacher } from '../../test/server';
import { journalInfo, openJournalState } from './journal.fixtures';
import { journalActions } from './journal.slice';

const DATE = '2026-10-06';
const visit = (mark: string | null) => ({
  id_studentJournalVisit: 1,
  id_student: 100,
  visitDate: DATE,
  id_time: 1,
  otsenka: mark,
  source: 'journal',
  updatedAt: `${DATE}T08:00:00.000Z`,
});
const data: JournalData = {
  info: journalInfo(61),
  journal: [[visit(null)], []] as unknown as JournalData['journal'],
  students: [{ id_student: 100, s_fio: 'Абдыкадыров Азамат', code: '100', group: 'ПИ-1-24', subgroup: 1 }],
  dates: [{ visitDate: DATE, id_time: 1, time: '08:00' }],
  resArray: [],
  finals: [],
};
const KEY = `100|${DATE}|1`;

/** Every write that reached the server's address, with its key; `answer` decides each reply. */
function writes(answer: (path: string, n: number) => Response) {
  const sent: { path: string; key: string | null; body: unknown }[] = [];
  const handle = async ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname;
    sent.push({ path, key: request.headers.get('Idempotency-Key'), body: await request.clone().json() });
    return answer(path, sent.length);
  };
  server.use(
    http.post('/api/visitlog/visit/set.json', handle),
    http.post('/api/visitlog/final/set.json', handle),
    http.post('/api/visitlog/visit/paste.json', handle),
  );
  return sent;
}

function openStore(user = teacher) {
  const marks = { [KEY]: null };
  return makeStore({
    session: { ...initialSessionState, status: 'authenticated', user },
    journal: openJournalState(data, { years: [], times: [] }, { marks }),
  });
}

const away = () => HttpResponse.error();

beforeEach(() => {
  server.use(http.post('/api/chat/count.json', () => ok({ total: 0, contacts: [], groups: [] })));
});

describe('the outbox of the journal', () => {
  it('a mark written while the server is away is kept with its key and shown as not saved; the connection back sends it once more with the same key', async () => {
    let up = false;
    const sent = writes(() => (up ? ok(visit('5')) : away()));
    const store = openStore();
    store.dispatch(journalActions.cellWritten({ student: 100, date: DATE, time: 1, written: '5' }));
    await waitFor(() => expect(store.getState().journal.edits[KEY]).toMatchObject({ written: '5', status: 'failed', error: { problem: 'NETWORK_ERROR' } }));
    const kept = await outboxList(teacher.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ kind: 'journal/cell', scope: 61, body: { id_journal: 61, id_student: 100, visitDate: DATE, id_time: 1, otsenka: '5' } });

    up = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(store.getState().journal.edits).toEqual({}));
    expect(store.getState().journal.marks[KEY]).toBe('5');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0].key).toBe(kept[0].key);
    expect(await outboxList(teacher.id)).toEqual([]);
  });

  it('writes kept on an earlier page show in their cells when the journal is open, and go in the order they were made; another user’s stay unseen and unsent', async () => {
    let up = false;
    const sent = writes((path) => {
      if (!up) return away();
      return path.endsWith('/final/set.json') ? ok({ id_student: 100, points: 80, ekv_num: 3.33, ekv_bukv: 'B+' }) : ok(visit('4'));
    });
    const cell = { id_journal: 61, id_student: 100, visitDate: DATE, id_time: 1, otsenka: '4' };
    await outboxAdd({ user: teacher.id, kind: 'journal/cell', scope: 61, body: cell, key: newWriteKey(), seq: 7 });
    await outboxAdd({ user: teacher.id, kind: 'journal/final', scope: 61, body: { id_journal: 61, id_student: 100, points: 80 }, key: newWriteKey(), seq: 8 });
    await outboxAdd({ user: student.id, kind: 'journal/cell', scope: 61, body: { ...cell, otsenka: '2' }, key: newWriteKey(), seq: 9 });
    const store = openStore();
    // Shown in their cells, not saved yet (the server is away).
    await waitFor(() => expect(store.getState().journal.edits[KEY]).toMatchObject({ written: '4', status: 'failed', seq: 7 }));
    expect(store.getState().journal.finals.edits[100]).toMatchObject({ written: 80, status: 'failed', seq: 8 });

    up = true;
    store.dispatch(journalActions.retryRequested());
    await waitFor(() => expect(store.getState().journal.finals.edits).toEqual({}));
    expect(store.getState().journal.edits).toEqual({});
    expect(store.getState().journal.marks[KEY]).toBe('4');
    const last = sent.slice(-2);
    expect(last.map((s) => s.path)).toEqual(['/api/visitlog/visit/set.json', '/api/visitlog/final/set.json']);
    expect(sent.every((s) => (s.body as { otsenka?: string }).otsenka !== '2')).toBe(true);
    expect(await outboxList(teacher.id)).toEqual([]);
    expect(await outboxList(student.id)).toHaveLength(1);
    // A new write comes after the kept ones' numbers: its answer is not taken for theirs.
    const next = journalActions.cellWritten({ student: 100, date: DATE, time: 1, written: '3' });
    expect(next.payload.seq).toBeGreaterThan(8);
  });

  it('a refusal takes the write out of the outbox and shows why; it is not sent again', async () => {
    const sent = writes(() => fail(400, 'FUTURE_DATE'));
    const store = openStore();
    store.dispatch(journalActions.cellWritten({ student: 100, date: DATE, time: 1, written: '5' }));
    await waitFor(() => expect(store.getState().journal.edits[KEY]).toMatchObject({ status: 'failed', error: { status: 400 } }));
    expect(await outboxList(teacher.id)).toEqual([]);
    store.dispatch(journalActions.outboxFlushRequested());
    store.dispatch(journalActions.retryRequested());
    window.dispatchEvent(new Event('online'));
    // A write made after them goes alone: the refused one is not sent again before it.
    store.dispatch(journalActions.cellWritten({ student: 100, date: DATE, time: 1, written: '4' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((s) => (s.body as { otsenka: string }).otsenka)).toEqual(['5', '4']);
  });

  it('a failed cell discarded drops its kept write; a pasted block keeps the cells not discarded, under a new key', async () => {
    writes(() => away());
    const store = openStore();
    store.dispatch(journalActions.cellWritten({ student: 100, date: DATE, time: 1, written: '5' }));
    store.dispatch(journalActions.finalWritten({ student: 100, points: 75 }));
    await waitFor(() => expect(store.getState().journal.finals.edits[100]).toMatchObject({ status: 'failed' }));
    store.dispatch(journalActions.editsDiscarded([KEY]));
    await waitFor(async () => expect((await outboxList(teacher.id)).map((w) => w.kind)).toEqual(['journal/final']));

    store.dispatch(journalActions.finalsDiscarded());
    await waitFor(async () => expect(await outboxList(teacher.id)).toEqual([]));

    store.dispatch(journalActions.pasteRequested([{ student: 100, date: DATE, time: 1, written: '3' }], [{ student: 100, points: 60 }]));
    await waitFor(() => expect(store.getState().journal.finals.edits[100]).toMatchObject({ status: 'failed' }));
    const [block] = await outboxList(teacher.id);
    store.dispatch(journalActions.finalsDiscarded([100]));
    await waitFor(async () =>
      expect((await outboxList(teacher.id))[0].body).toEqual({ id_journal: 61, cells: [{ id_student: 100, visitDate: DATE, id_time: 1, otsenka: '3' }] }),
    );
    const [narrowed] = await outboxList(teacher.id);
    expect(narrowed.id).toBe(block.id);
    expect(narrowed.key).not.toBe(block.key);
  });
});
