/**
 * Registration saves of a process go through one queue and are handled in batches: while one batch's
 * transaction runs, the saves arriving meanwhile wait in arrival order, and then go together. A batch
 * reads every save's checks in one statement, and in one transaction locks its students' and
 * subgroups' rows and gives seats and waiting places to all of its saves in one statement, in
 * arrival order. In a rush of a thousand students that is a handful of transactions instead of a
 * thousand queued one behind another on each subgroup's row (bench/README.md, registration); one
 * save alone is a batch of one.
 *
 * A student's second save of the same moment waits for the next batch, so that his saves are
 * checked one after another (the credit ceiling and clashes hold between them).
 */
import type { Language } from '@contract/common';
import type { Saved, SaveRegistrationBody } from '@contract/registration';
import { AppError, serviceUnavailable } from '../../app-error';
import type { AppContext } from '../../context';
import { requestDeadline, type Deadline } from '../../db/client';
import { trackQueue } from '../../lib/queues';
import { REGISTRATION_CHANGED_EVENT } from './registration.events';
import * as repo from './registration.saves.repository';

/** Saves one batch handles at most (the rest wait for the next one). */
export const BATCH_MAX = 500;
/**
 * Saves a process lets wait at most: ten batches, more than it clears within a request's time for the
 * database. A save beyond it is answered at once with 503 and Retry-After (it changed nothing; the
 * screen sends it again after the wait) instead of holding memory and a connection until it times out.
 */
export const SAVES_WAITING_MAX = 10 * BATCH_MAX;
const RETRY_AFTER_S = 1;

export interface SaveRequest {
  studentId: number;
  input: SaveRegistrationBody;
  elective: boolean;
  lang: Language;
}

/** How the service checks a save against its context, and words a refusal. */
export interface SaveRules {
  /** The save's seat query, or throws the refusal of a check that needs no lock. */
  check(req: SaveRequest, context: repo.SaveContextRow): repo.SeatQuery;
  /** The refusal of a verdict that refused. */
  refusal(req: SaveRequest, verdict: repo.SeatVerdictRow, context: repo.SaveContextRow, seat: repo.SeatQuery): AppError;
}

interface Pending {
  req: SaveRequest;
  deadline: Deadline | undefined;
  resolve: (saved: Saved) => void;
  reject: (err: unknown) => void;
}

export class SaveQueue {
  private readonly waiting: Pending[] = [];
  private running = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly rules: SaveRules,
    private readonly maxWaiting = SAVES_WAITING_MAX,
  ) {
    trackQueue('registration_saves', this, (q) => q.waiting.length);
  }

  save(req: SaveRequest): Promise<Saved> {
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(serviceUnavailable(RETRY_AFTER_S));
    return new Promise<Saved>((resolve, reject) => {
      this.waiting.push({ req, deadline: requestDeadline.getStore(), resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  /** Runs batches until no save waits. */
  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.takeBatch();
        // The batch may take as long as the latest of its requests may wait for the database.
        const deadlines = batch.map((p) => p.deadline);
        const run = () => this.handle(batch);
        await (deadlines.some((d) => d === undefined)
          ? requestDeadline.exit(run)
          : requestDeadline.run({ until: Math.max(...(deadlines as Deadline[]).map((d) => d.until)) }, run));
      }
    } finally {
      this.running = false;
    }
  }

  /** The first waiting saves of distinct students, at most BATCH_MAX; the others keep their turn. */
  private takeBatch(): Pending[] {
    const batch: Pending[] = [];
    const students = new Set<number>();
    for (let i = 0; i < this.waiting.length && batch.length < BATCH_MAX;) {
      const p = this.waiting[i];
      if (students.has(p.req.studentId)) {
        i++;
        continue;
      }
      students.add(p.req.studentId);
      batch.push(p);
      this.waiting.splice(i, 1);
    }
    return batch;
  }

  private async handle(batch: Pending[]): Promise<void> {
    // One pooled connection for the whole batch: its checks, its locks and its seats.
    let checked: { p: Pending; context: repo.SaveContextRow; seat: repo.SeatQuery }[] = [];
    let verdicts: repo.SeatVerdictRow[];
    try {
      verdicts = await this.ctx.db.transaction(async (tx) => {
        const contexts = await repo.saveContexts(
          tx,
          batch.map((p) => ({
            studentId: p.req.studentId,
            offeringId: p.req.input.id_disciplineForStudent,
            teacherId: p.req.input.id_teacher,
            number: p.req.input.subgroup,
          })),
        );
        checked = [];
        const refused: { p: Pending; err: unknown }[] = [];
        batch.forEach((p, i) => {
          try {
            checked.push({ p, context: contexts[i], seat: this.rules.check(p.req, contexts[i]) });
          } catch (err) {
            refused.push({ p, err });
          }
        });
        // A refusal of these checks changed nothing: it is answered at once.
        for (const r of refused) r.p.reject(r.err);
        if (checked.length === 0) return [];
        const seats = checked.map((c) => c.seat);
        await repo.lockStudentsAndSubgroups(
          tx,
          seats.map((s) => s.studentId),
          seats.map((s) => s.subgroupId),
        );
        return repo.seatBatch(tx, seats, this.ctx.now());
      });
    } catch (err) {
      // Rejecting a settled promise again does nothing: only the saves not answered yet hear of it.
      for (const p of batch) p.reject(err);
      return;
    }
    const changed = new Map<string, { to: number; subgroup: number }>();
    checked.forEach(({ p, context, seat }, i) => {
      const v = verdicts[i];
      if (v.refused) return p.reject(this.rules.refusal(p.req, v, context, seat));
      if (v.id === null || v.status === null) return p.reject(new AppError(409, 'CONFLICT'));
      p.resolve({ id: v.id, status: v.status, position: v.position });
      if (context.teacherUserId !== null) changed.set(`${context.teacherUserId}:${seat.subgroupId}`, { to: context.teacherUserId, subgroup: seat.subgroupId });
    });
    // The teachers' open views hear of it after the commit: a NOTIFY inside the transaction would
    // make the commits of a rush wait for one another.
    if (changed.size > 0)
      void this.ctx.live.publishCommitted(
        [...changed.values()].map((c) => ({ event: REGISTRATION_CHANGED_EVENT, to: [c.to], data: { id_subgroup: c.subgroup } })),
      );
  }
}
