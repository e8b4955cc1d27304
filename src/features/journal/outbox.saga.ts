/**
 * The journal's writes go through the outbox (lib/outbox.ts, SECURITY-CHECKS R7): a cell, a pasted
 * block or a final result is kept in IndexedDB for the signed-in user first, then sent; it leaves
 * the outbox once the server answered it (saved, or refused for a reason that would refuse it
 * again). One loop sends the kept writes, in the order they were made, each with its own
 * Idempotency-Key every time (the server writes it once), and stops at the first the server did not
 * answer (no connection, a 5xx): those wait, shown as not saved yet, and go again when the
 * connection returns (the browser's online event, another call answered), when the teacher presses
 * Retry or writes again, when a journal is read, and on their own after a wait that doubles (2 s up
 * to a minute). A write left on one screen is sent from any other, and shows again in its cell
 * wherever its journal is opened, after a reload too. Another user signing in on the same browser
 * neither sees nor sends them.
 *
 * A kind of write plugs in with what sends it and what its answer does to the screen (`KINDS`);
 * the journal's three are here.
 */
import type { Action, PayloadAction } from '@reduxjs/toolkit';
import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { actionChannel, call, delay, put, race, select, take } from 'redux-saga/effects';
import { watchers } from '@shared/request/watchers';
import type { User } from '@contract/auth';
import type { FinalResult, FinalSetBody, JournalInfo, PastedBlock, VisitPasteBody, VisitRow, VisitSetBody } from '@contract/journal';
import { onServerAnswered, type Failure, type Result } from '@api/http';
import { journalApi } from './journal.api';
import { newWriteKey, outboxAdd, outboxList, outboxPut, outboxRemove, type OutboxWrite } from '@lib/outbox';
import { sessionStarted, selectUser } from '@shared/session/session';
import { canRetry, seqAfter } from './cells.slice';
import type { FinalWrite } from './finals.slice';
import { journalActions, selectJournal, type CellWrite, type JournalState } from './journal.slice';
import type { KeptWrites } from './outbox.slice';
import { cellKey } from './pivot';

/** The first wait before kept writes go again on their own, and the longest. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 60_000;

/** What a kept write changes: its cells (by cell key) and its students' final results. */
interface Targets {
  cells: { key: string; written: string | null }[];
  finals: { student: number; written: number | null }[];
}

/** A kind of kept write: how it is sent, what its answer puts, and what of the journal it writes. */
interface OutboxKind<B, T> {
  send: (body: B, key: string) => Promise<Result<T>>;
  saved: (write: OutboxWrite<B>, data: T) => Action;
  failed: (write: OutboxWrite<B>, error: Failure) => Action;
  targets: (body: B) => Targets;
  /** The body less the cells and results not kept (null: nothing left). */
  narrow: (body: B, keepCell: (key: string) => boolean, keepFinal: (student: number) => boolean) => B | null;
  /** Sent with other cells or results in one call (a retry sends them together again). */
  block: boolean;
}

const cellOf = (c: { id_student: number; visitDate: string; id_time: number; otsenka: string | null }) => ({
  key: cellKey(c.id_student, c.visitDate, c.id_time),
  written: c.otsenka,
});

const cellKind: OutboxKind<VisitSetBody, VisitRow | null> = {
  send: (body, key) => journalApi.setVisit(body, key),
  saved: (w, cell) => journalActions.cellSaved({ student: w.body.id_student, date: w.body.visitDate, time: w.body.id_time, seq: w.seq, cell }),
  failed: (w, error) => journalActions.cellFailed({ keys: [{ key: cellOf(w.body).key, seq: w.seq }], error }),
  targets: (body) => ({ cells: [cellOf(body)], finals: [] }),
  narrow: (body, keepCell) => (keepCell(cellOf(body).key) ? body : null),
  block: false,
};

const pasteKind: OutboxKind<VisitPasteBody, PastedBlock> = {
  send: (body, key) => journalApi.paste(body, key),
  saved: (w, block) => journalActions.pasteSaved({ seq: w.seq, block }),
  failed: (w, error) =>
    journalActions.pasteFailed({ seq: w.seq, keys: w.body.cells.map((c) => cellOf(c).key), students: (w.body.finals ?? []).map((f) => f.id_student), error }),
  targets: (body) => ({
    cells: body.cells.map(cellOf),
    finals: (body.finals ?? []).map((f) => ({ student: f.id_student, written: f.points })),
  }),
  narrow: (body, keepCell, keepFinal) => {
    const cells = body.cells.filter((c) => keepCell(cellOf(c).key));
    const finals = (body.finals ?? []).filter((f) => keepFinal(f.id_student));
    if (cells.length === 0 && finals.length === 0) return null;
    return { id_journal: body.id_journal, cells, ...(finals.length ? { finals } : {}) };
  },
  block: true,
};

const finalKind: OutboxKind<FinalSetBody, FinalResult | null> = {
  send: (body, key) => journalApi.setFinal(body, key),
  saved: (w, result) => journalActions.finalSaved({ student: w.body.id_student, seq: w.seq, result: result ?? null }),
  failed: (w, error) => journalActions.finalFailed({ student: w.body.id_student, seq: w.seq, error }),
  targets: (body) => ({ cells: [], finals: [{ student: body.id_student, written: body.points }] }),
  narrow: (body, _keepCell, keepFinal) => (keepFinal(body.id_student) ? body : null),
  block: false,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind's body and reply are its own
const KINDS: Record<string, OutboxKind<any, any>> = { 'journal/cell': cellKind, 'journal/paste': pasteKind, 'journal/final': finalKind };

/**
 * Whether a failed send leaves the write kept, to go again: the server was not reached or did not
 * decide (canRetry: no answer, a 5xx), or it put the write off (401: signed in again, it goes;
 * 408, 409: the first send still under way; 429). Any other refusal would refuse it again.
 */
export function keepsWrite(error: Failure): boolean {
  return canRetry(error) || [401, 408, 409, 429].includes(error.status ?? 0);
}

function* openJournalId(): Generator<unknown, number | null, unknown> {
  const state = (yield select(selectJournal)) as JournalState;
  return state.journal.data?.info.id_journal ?? null;
}

/** Keeps a write of the open journal for the signed-in user, then asks the loop to send it. */
function* keep(kind: keyof typeof KINDS, body: VisitSetBody | VisitPasteBody | FinalSetBody, seq: number) {
  const user = (yield select(selectUser)) as User | null;
  if (!user) return;
  yield call(outboxAdd, { user: user.id, kind, scope: body.id_journal, body, key: newWriteKey(), seq });
  yield put(journalActions.outboxFlushRequested());
}

function* openInfo() {
  const state = (yield select(selectJournal)) as JournalState;
  return state.journal.data?.info ?? null;
}

/** One cell written: kept, then sent by the loop; its state says saving, then saved or failed (what was typed stays). */
export function* cellSaga(action: PayloadAction<CellWrite & { seq: number }>) {
  const info = (yield* openInfo()) as JournalInfo | null;
  if (!info) return;
  const { student, date, time, written, seq } = action.payload;
  const body: VisitSetBody = { id_journal: info.id_journal, id_student: student, visitDate: date, id_time: time, otsenka: written };
  yield* keep('journal/cell', body, seq);
}

/** A pasted block: one write, its cells and the final results it reaches all saved, or none (each shows the refusal). */
export function* pasteSaga(action: PayloadAction<{ cells: CellWrite[]; finals: FinalWrite[]; seq: number }>) {
  const info = (yield* openInfo()) as JournalInfo | null;
  if (!info) return;
  const { cells, finals, seq } = action.payload;
  const body: VisitPasteBody = {
    id_journal: info.id_journal,
    cells: cells.map((c) => ({ id_student: c.student, visitDate: c.date, id_time: c.time, otsenka: c.written })),
    ...(finals.length ? { finals: finals.map((f) => ({ id_student: f.student, points: f.points })) } : {}),
  };
  yield* keep('journal/paste', body, seq);
}

/** One student's final result; the cell says saving, then saved or failed (what was typed stays, with the server's reason). */
export function* finalSaga(action: PayloadAction<{ student: number; points: number | null; seq: number }>) {
  const info = (yield* openInfo()) as JournalInfo | null;
  if (!info) return;
  const { student, points, seq } = action.payload;
  const body: FinalSetBody = { id_journal: info.id_journal, id_student: student, points };
  yield* keep('journal/final', body, seq);
}

/** The open journal's part of the kept writes, as its cells show them. */
function keptOf(journal: number, writes: OutboxWrite[]): KeptWrites {
  const kept: KeptWrites = { journal, cells: [], finals: [] };
  for (const w of writes) {
    const kind = KINDS[w.kind];
    if (!kind || w.scope !== journal) continue;
    const { cells, finals } = kind.targets(w.body);
    for (const c of cells) kept.cells.push({ ...c, seq: w.seq, block: kind.block });
    for (const f of finals) kept.finals.push({ ...f, seq: w.seq, block: kind.block });
  }
  return kept;
}

/** Whether kept writes hold the page: leaving it (a reload, closing the tab) asks first. */
let holding = false;
const warnOnLeave = (e: BeforeUnloadEvent) => {
  e.preventDefault();
  e.returnValue = '';
};
function holdPage(on: boolean) {
  if (on === holding || typeof window === 'undefined') return;
  holding = on;
  if (on) window.addEventListener('beforeunload', warnOnLeave);
  else window.removeEventListener('beforeunload', warnOnLeave);
}

/**
 * One pass over the signed-in user's kept writes, oldest first: the open journal's show in their
 * cells, then each is sent. 'stalled' when one was not answered (it and those after it wait, their
 * cells saying why), 'done' when none is left to send.
 */
export function* sendKept(): Generator<unknown, 'done' | 'stalled', unknown> {
  const user = (yield select(selectUser)) as User | null;
  if (!user) {
    holdPage(false);
    return 'done';
  }
  const writes = (yield call(outboxList, user.id)) as OutboxWrite[];
  holdPage(writes.length > 0);
  if (writes.length === 0) return 'done';
  seqAfter(Math.max(...writes.map((w) => w.seq)));
  const open = yield* openJournalId();
  if (open !== null) yield put(journalActions.outboxRestored(keptOf(open, writes)));
  for (let i = 0; i < writes.length; i++) {
    const w = writes[i];
    const kind = KINDS[w.kind];
    if (!kind) continue;
    const result = (yield call(kind.send, w.body, w.key)) as Result<unknown>;
    const shown = yield* openJournalId();
    if (!result.ok && keepsWrite(result)) {
      for (const waiting of writes.slice(i)) {
        const k = KINDS[waiting.kind];
        if (k && waiting.scope === shown) yield put(k.failed(waiting, result));
      }
      return 'stalled';
    }
    yield call(outboxRemove, [w.id]);
    if (w.scope === shown) yield put(result.ok ? kind.saved(w, result.data) : kind.failed(w, result));
  }
  const left = (yield call(outboxList, user.id)) as OutboxWrite[];
  holdPage(left.length > 0);
  return 'done';
}

/**
 * Failed cells or results dropped by the teacher (Esc, "Discard unsaved"): their kept writes go
 * too. A kept write of the open journal whose cell no longer shows a write is dropped; a pasted
 * block that keeps part of its cells is kept with those only, under a new key (it is another write).
 */
export function* discardKept() {
  const user = (yield select(selectUser)) as User | null;
  const state = (yield select(selectJournal)) as JournalState;
  const open = state.journal.data?.info.id_journal;
  if (!user || open === undefined) return;
  const writes = (yield call(outboxList, user.id)) as OutboxWrite[];
  const keepCell = (key: string) => key in state.edits;
  const keepFinal = (student: number) => student in state.finals.edits;
  const dropped: number[] = [];
  for (const w of writes) {
    const kind = KINDS[w.kind];
    if (!kind || w.scope !== open) continue;
    const { cells, finals } = kind.targets(w.body);
    if (cells.every((c) => keepCell(c.key)) && finals.every((f) => keepFinal(f.student))) continue;
    const body = kind.narrow(w.body, keepCell, keepFinal);
    if (body === null) dropped.push(w.id);
    else yield call(outboxPut, { ...w, body, key: newWriteKey() });
  }
  yield call(outboxRemove, dropped);
  const left = (yield call(outboxList, user.id)) as OutboxWrite[];
  holdPage(left.length > 0);
}

/** The browser's online event (the network is back). */
function onlineEvents(): EventChannel<true> {
  return eventChannel((emit) => {
    const back = () => emit(true);
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  });
}

/** A call answered with success while writes wait: the server is back. */
function answers(): EventChannel<true> {
  return eventChannel((emit) => onServerAnswered(() => emit(true)));
}

/** What makes waiting writes go again: the network or the server back. */
function* connectionBack() {
  const online = (yield call(onlineEvents)) as EventChannel<true>;
  const answered = (yield call(answers)) as EventChannel<true>;
  try {
    for (;;) {
      yield race([take(online), take(answered)]);
      if (stalled) yield put(journalActions.outboxFlushRequested());
    }
  } finally {
    online.close();
    answered.close();
  }
}

/** Whether the last pass stopped on a write the server did not answer. */
let stalled = false;

/**
 * The one loop that sends and drops kept writes, one thing at a time (a pass never overlaps a
 * discard or another pass): passes on request, and after a stalled pass on its own too, after a
 * wait that doubles each time.
 */
export function* outboxLoop() {
  const requests = (yield actionChannel(
    [
      journalActions.outboxFlushRequested.type,
      journalActions.retryRequested.type,
      journalActions.editsDiscarded.type,
      journalActions.finalsDiscarded.type,
      sessionStarted.type,
    ],
    buffers.expanding(),
  )) as EventChannel<Action>;
  // Writes kept before this page (a reload, a sign-in) go at once.
  let wait = 0;
  yield put(journalActions.outboxFlushRequested());
  try {
    for (;;) {
      const next = (yield wait ? race({ action: take(requests), timer: delay(wait) }) : race({ action: take(requests) })) as { action?: Action };
      if (next.action && (journalActions.editsDiscarded.match(next.action) || journalActions.finalsDiscarded.match(next.action))) {
        yield call(discardKept);
        continue;
      }
      stalled = false;
      const outcome = (yield call(sendKept)) as 'done' | 'stalled';
      stalled = outcome === 'stalled';
      wait = stalled ? Math.min(wait ? wait * 2 : RETRY_FIRST_MS, RETRY_MAX_MS) : 0;
    }
  } finally {
    stalled = false;
    holdPage(false);
  }
}

export function outboxWatchers() {
  return watchers(
    {
      every: [
        [journalActions.cellWritten, cellSaga],
        [journalActions.pasteRequested, pasteSaga],
        [journalActions.finalWritten, finalSaga],
        [
          journalActions.journalSucceeded,
          function* () {
            yield put(journalActions.outboxFlushRequested());
          },
        ],
      ],
    },
    [call(outboxLoop), call(connectionBack)],
  );
}
