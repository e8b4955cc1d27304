import { describe, expect, it } from 'vitest';
import type { JournalData } from '@contract/journal';
import type { Failure } from '@api/http';
import { canRetry, chosenJournal, initialJournalState, journalActions, journalReducer, matchingJournals, type JournalState } from './journal.slice';
import { journalInfo } from './journal.fixtures';
import { cellKey } from './pivot';

const info = journalInfo;

const journal = (id = 1): JournalData => ({
  info: info(id),
  journal: [
    [{ id_studentJournalVisit: 1, id_student: 100, visitDate: '2026-09-07', id_time: 2, otsenka: '4', source: 'seed', updatedAt: '2026-09-07T12:00:00Z' }],
    [],
  ],
  students: [{ id_student: 100, s_fio: 'Абдыкадыров Азамат', code: '24011001', group: 'ПИ-1-24', subgroup: 1 }],
  dates: [{ visitDate: '2026-09-07', id_time: 2, time: '09:30' }],
  resArray: [],
  finals: [],
});

const failure: Failure = { ok: false, problem: 'NETWORK_ERROR', status: null, error: null };
const run = (state: JournalState, ...actions: Parameters<typeof journalReducer>[1][]) => actions.reduce(journalReducer, state);

describe('journal slice', () => {
  it('choosing a lesson type or an education form clears the group, the journal and the student journal; a semester clears everything below it', () => {
    let s = run(
      initialJournalState,
      journalActions.filterChosen({ name: 'semester', id: 5 }),
      journalActions.filterChosen({ name: 'discipline', id: 7 }),
      journalActions.filterChosen({ name: 'lessonType', id: 3 }),
      journalActions.filterChosen({ name: 'educForm', id: 1 }),
      journalActions.filterChosen({ name: 'journal', id: 1 }),
      journalActions.journalSucceeded(journal()),
      journalActions.ownSucceeded([
        {
          id_journal: 1,
          discipline: 'x',
          vid_zaniatiy: 'y',
          teacher: 'z',
          visits: [],
          nb_Count: 0,
          ball_Count: 0,
          ball_average: 0,
          ball_mean: null,
          modules: [],
          final: null,
        },
      ]),
    );
    expect(s.journal.data).not.toBeNull();
    s = run(s, journalActions.filterChosen({ name: 'lessonType', id: 1 }));
    expect(s.filters).toMatchObject({ semester: 5, discipline: 7, lessonType: 1, educForm: -1, journal: -1 });
    expect(s.journal.data).toBeNull();
    expect(s.own.data).toEqual([]);
    s = run(
      s,
      journalActions.filterChosen({ name: 'educForm', id: 1 }),
      journalActions.filterChosen({ name: 'journal', id: 1 }),
      journalActions.filterChosen({ name: 'educForm', id: 2 }),
    );
    expect(s.filters.journal).toBe(-1);
    s = run(s, journalActions.filterChosen({ name: 'semester', id: 3 }));
    expect(s.filters).toMatchObject({ semester: 3, discipline: -1, lessonType: -1, educForm: -1, journal: -1 });
  });

  it('a cell is saving, then saved (its mark stored), or failed keeping what was typed', () => {
    let s = run(initialJournalState, journalActions.journalSucceeded(journal()));
    expect(s.marks[cellKey(100, '2026-09-07', 2)]).toBe('4');
    const write = journalActions.cellWritten({ student: 100, date: '2026-09-07', time: 2, written: '5' });
    s = run(s, write);
    const key = cellKey(100, '2026-09-07', 2);
    expect(s.edits[key]).toMatchObject({ written: '5', status: 'saving' });
    s = run(s, journalActions.cellFailed({ keys: [{ key, seq: write.payload.seq }], error: failure }));
    expect(s.edits[key]).toMatchObject({ written: '5', status: 'failed', error: failure });
    expect(s.marks[key]).toBe('4');
    const again = journalActions.cellWritten({ student: 100, date: '2026-09-07', time: 2, written: '5' });
    s = run(s, again);
    expect(s.edits[key].status).toBe('saving');
    // The answer to the older write does not end the newer one.
    s = run(s, journalActions.cellSaved({ student: 100, date: '2026-09-07', time: 2, seq: write.payload.seq, cell: null }));
    expect(s.edits[key].status).toBe('saving');
    s = run(
      s,
      journalActions.cellSaved({
        student: 100,
        date: '2026-09-07',
        time: 2,
        seq: again.payload.seq,
        cell: { id_studentJournalVisit: 1, id_student: 100, visitDate: '2026-09-07', id_time: 2, otsenka: '5', source: 'journal', updatedAt: '' },
      }),
    );
    expect(s.edits[key]).toBeUndefined();
    expect(s.marks[key]).toBe('5');
    expect(s.savedCount).toBe(2);
  });

  it('a live change updates cells of the open journal, except a cell this tab is still writing', () => {
    let s = run(
      initialJournalState,
      journalActions.journalSucceeded(journal()),
      journalActions.cellWritten({ student: 100, date: '2026-09-08', time: 2, written: '3' }),
    );
    const cell = (date: string, otsenka: string) => ({
      id_student: 100,
      visitDate: date,
      id_time: 2,
      cell: { id_studentJournalVisit: 9, id_student: 100, visitDate: date, id_time: 2, otsenka, source: 'journal', updatedAt: '' },
    });
    s = run(s, journalActions.liveChanged({ id_journal: 1, reload: false, cells: [cell('2026-09-07', 'н/б'), cell('2026-09-08', '5')] }));
    expect(s.marks[cellKey(100, '2026-09-07', 2)]).toBe('н/б');
    expect(s.marks[cellKey(100, '2026-09-08', 2)]).toBeUndefined();
    // A lesson another tab added shows as a column here too.
    s = run(s, journalActions.liveChanged({ id_journal: 1, reload: false, cells: [cell('2026-09-09', '4')] }));
    expect(s.added).toEqual([{ date: '2026-09-09', time: 2 }]);
    expect(s.marks[cellKey(100, '2026-09-09', 2)]).toBe('4');
    s = run(s, journalActions.liveChanged({ id_journal: 2, reload: false, cells: [cell('2026-09-07', '2')] }));
    expect(s.marks[cellKey(100, '2026-09-07', 2)]).toBe('н/б');
  });

  it('a live mark that arrives while the journal is read again survives a reply read before it was written', () => {
    let s = run(initialJournalState, journalActions.journalSucceeded(journal()));
    // Another tab added a lesson: this tab reads the journal again.
    s = run(s, journalActions.journalRequested({ id: 1, keepEdits: true }));
    const mark = {
      id_studentJournalVisit: 9,
      id_student: 100,
      visitDate: '2026-09-08',
      id_time: 1,
      otsenka: '4',
      source: 'journal',
      updatedAt: '2026-09-08T08:00:00Z',
    };
    s = run(s, journalActions.liveChanged({ id_journal: 1, reload: false, cells: [{ id_student: 100, visitDate: '2026-09-08', id_time: 1, cell: mark }] }));
    // The reply was read before the mark was written: it has the new lesson but not the mark.
    const stale = journal();
    stale.dates.push({ visitDate: '2026-09-08', id_time: 1, time: '08:00' });
    s = run(s, journalActions.journalSucceeded(stale));
    expect(s.marks[cellKey(100, '2026-09-08', 1)]).toBe('4');
    expect(s.journal.data?.journal[0].some((v) => v.id_studentJournalVisit === 9)).toBe(true);
    expect(s.marks[cellKey(100, '2026-09-07', 2)]).toBe('4');
    // The next reply stands on its own.
    s = run(s, journalActions.journalRequested({ id: 1, keepEdits: true }), journalActions.journalSucceeded(journal()));
    expect(s.marks[cellKey(100, '2026-09-08', 1)]).toBeUndefined();
  });

  it("a live QR mark carries its source into the journal's rows at once (its badge shows without a reload)", () => {
    let s = run(initialJournalState, journalActions.journalSucceeded(journal()));
    const qr = {
      id_student: 100,
      visitDate: '2026-09-10',
      id_time: 2,
      cell: { id_studentJournalVisit: 12, id_student: 100, visitDate: '2026-09-10', id_time: 2, otsenka: null, source: 'qr' as const, updatedAt: '' },
    };
    s = run(s, journalActions.liveChanged({ id_journal: 1, reload: false, cells: [qr] }));
    expect(s.journal.data!.journal[0].filter((v) => v.visitDate === '2026-09-10')).toEqual([qr.cell]);
    // Cleared by another tab: the row goes too.
    s = run(s, journalActions.liveChanged({ id_journal: 1, reload: false, cells: [{ ...qr, cell: null }] }));
    expect(s.journal.data!.journal[0].filter((v) => v.visitDate === '2026-09-10')).toEqual([]);
  });

  it('a refresh of the open journal keeps it shown with its marks and edits until the reply; another journal starts empty', () => {
    const write = journalActions.cellWritten({ student: 100, date: '2026-09-08', time: 2, written: '3' });
    let s = run(initialJournalState, journalActions.journalSucceeded(journal()), write, journalActions.journalRequested({ id: 1, keepEdits: true }));
    expect(s.journal).toMatchObject({ fetching: true, data: { info: { id_journal: 1 } } });
    expect(s.marks[cellKey(100, '2026-09-07', 2)]).toBe('4');
    expect(s.edits[cellKey(100, '2026-09-08', 2)]).toMatchObject({ status: 'saving' });
    const next = journal();
    next.journal[0][0] = { ...next.journal[0][0], otsenka: '5' };
    s = run(s, journalActions.journalSucceeded(next));
    expect(s.marks[cellKey(100, '2026-09-07', 2)]).toBe('5');
    expect(s.edits[cellKey(100, '2026-09-08', 2)]).toBeDefined();
    s = run(s, journalActions.journalRequested({ id: 2, keepEdits: true }));
    expect(s.journal).toMatchObject({ fetching: true, data: null });
    expect(s.marks).toEqual({});
    expect(s.edits).toEqual({});
  });

  it('a refresh of the open journal that fails keeps it shown, marks and edits, beside the failure; a first load that fails shows nothing', () => {
    const write = journalActions.cellWritten({ student: 100, date: '2026-09-08', time: 2, written: '3' });
    let s = run(initialJournalState, journalActions.journalSucceeded(journal()), write, journalActions.journalRequested({ id: 1, keepEdits: true }));
    s = run(s, journalActions.journalFailed(failure));
    expect(s.journal).toMatchObject({ fetching: false, loaded: false, error: failure, data: { info: { id_journal: 1 } } });
    expect(s.marks[cellKey(100, '2026-09-07', 2)]).toBe('4');
    expect(s.edits[cellKey(100, '2026-09-08', 2)]).toMatchObject({ status: 'saving' });
    // Retry: the next reply replaces it and the failure goes.
    s = run(s, journalActions.journalRequested({ id: 1, keepEdits: true }), journalActions.journalSucceeded(journal()));
    expect(s.journal).toMatchObject({ error: null, loaded: true, data: { info: { id_journal: 1 } } });
    s = run(s, journalActions.journalRequested({ id: 2 }), journalActions.journalFailed(failure));
    expect(s.journal).toMatchObject({ fetching: false, loaded: false, error: failure, data: null });
  });

  it('live changes taken in during a refresh that fails are not laid again over the next reply', () => {
    let s = run(initialJournalState, journalActions.journalSucceeded(journal()), journalActions.journalRequested({ id: 1, keepEdits: true }));
    const mark = { id_studentJournalVisit: 9, id_student: 100, visitDate: '2026-09-07', id_time: 2, otsenka: '2', source: 'journal' as const, updatedAt: '' };
    s = run(s, journalActions.liveChanged({ id_journal: 1, reload: false, cells: [{ id_student: 100, visitDate: '2026-09-07', id_time: 2, cell: mark }] }));
    expect(s.marks[cellKey(100, '2026-09-07', 2)]).toBe('2');
    s = run(s, journalActions.journalFailed(failure));
    expect(s.marks[cellKey(100, '2026-09-07', 2)]).toBe('2');
    // The next reply, read after another change to the cell, is what shows.
    const next = journal();
    next.journal[0][0] = { ...next.journal[0][0], otsenka: '5' };
    s = run(s, journalActions.journalRequested({ id: 1, keepEdits: true }), journalActions.journalSucceeded(next));
    expect(s.marks[cellKey(100, '2026-09-07', 2)]).toBe('5');
  });

  it('the filters narrow the journals; the chosen one is found among those left', () => {
    const list = [info(1), info(2, { subgroup: 2 }), info(3, { id_vid_zaniatiy: 1, isPotok: true, subgroup: 0 }), info(4, { id_discipline: 8 })];
    const f = { ...initialJournalState.filters, discipline: 7, lessonType: 3 };
    expect(matchingJournals(list, f).map((j) => j.id_journal)).toEqual([1, 2]);
    expect(chosenJournal(list, { ...f, journal: 2 })?.id_journal).toBe(2);
    expect(chosenJournal(list, { ...f, journal: 4 })).toBeNull();
  });
});

describe('refused saves', () => {
  const refused = (code: 'FUTURE_DATE' | 'INVALID_MARK', status = 400): Failure => ({
    ok: false,
    problem: 'CLIENT_ERROR',
    status,
    error: { code, message: code },
  });

  it('only a failure that can succeed is retried: network, timeout, 5xx; a refusal with its reason is not', () => {
    expect(canRetry(failure)).toBe(true);
    expect(canRetry({ ok: false, problem: 'TIMEOUT_ERROR', status: null, error: null })).toBe(true);
    expect(canRetry({ ok: false, problem: 'SERVER_ERROR', status: 503, error: { code: 'SERVICE_UNAVAILABLE', message: '' } })).toBe(true);
    expect(canRetry(refused('FUTURE_DATE'))).toBe(false);
    expect(canRetry({ ok: false, problem: 'CLIENT_ERROR', status: 403, error: { code: 'PERIOD_CLOSED', message: '' } })).toBe(false);
  });

  it('a discarded failed cell goes back to its stored mark and holds nothing; cells still saving stay', () => {
    const a = cellKey(100, '2026-09-07', 2);
    const b = cellKey(100, '2026-09-14', 2);
    const written = run(
      { ...initialJournalState },
      journalActions.journalSucceeded(journal()),
      journalActions.cellWritten({ student: 100, date: '2026-09-07', time: 2, written: '44' }),
      journalActions.cellWritten({ student: 100, date: '2026-09-14', time: 2, written: '5' }),
    );
    const seqA = written.edits[a].seq;
    const failed = run(written, journalActions.cellFailed({ keys: [{ key: a, seq: seqA }], error: refused('INVALID_MARK') }));
    expect(failed.edits[a]).toMatchObject({ status: 'failed', written: '44' });
    const dropped = run(failed, journalActions.editsDiscarded([a, b]));
    expect(dropped.edits[a]).toBeUndefined();
    expect(dropped.edits[b]).toMatchObject({ status: 'saving' });
    expect(dropped.marks[a]).toBe('4');
    expect(Object.keys(run(failed, journalActions.editsDiscarded()).edits)).toEqual([b]);
  });
});
