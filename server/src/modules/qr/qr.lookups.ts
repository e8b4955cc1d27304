/**
 * What a student's scan and mark read about a lesson that changes rarely: its timetable entry, its
 * teacher's account and its room's own networks, kept in memory for LOOKUP_TTL_MS per key (marks
 * come in bursts, a class's at once).
 */
import type { BlockList } from 'node:net';
import { ROLE_TEACHER } from '@contract/common';
import type { AppContext } from '../../context';
import { accountOfPerson } from '../../shared/academic/academic.repository';
import * as timetable from '../../shared/timetable.repository';
import * as repo from './qr.session.repository';
import { Batcher } from '../../lib/batcher';
import { blockListOf } from '../../lib/networks';

/** A value is read again after this long. */
export const LOOKUP_TTL_MS = 60_000;
/**
 * From this age on, a value still served is read again in the background, so that a burst of marks
 * does not wait for the reads when it expires (the value served is never older than LOOKUP_TTL_MS).
 */
const REFRESH_AFTER_MS = LOOKUP_TTL_MS * 0.75;
/** More keys than this: the map starts again. */
const MAX_KEYS = 5000;

interface Kept<T> {
  at: number;
  value: Promise<T>;
  /** A background read under way (REFRESH_AFTER_MS). */
  refreshing?: boolean;
}

/** Values by key, each read at most once a LOOKUP_TTL_MS (and once more in the background before it expires). */
class KeptValues<T> {
  private readonly map = new Map<number, Kept<T>>();

  constructor(
    private readonly load: (key: number) => Promise<T>,
    private readonly clock: () => number = Date.now,
  ) {}

  get(key: number): Promise<T> {
    const now = this.clock();
    const hit = this.map.get(key);
    if (hit && now - hit.at < LOOKUP_TTL_MS) {
      if (now - hit.at >= REFRESH_AFTER_MS && !hit.refreshing) {
        hit.refreshing = true;
        const value = this.load(key);
        // The new value replaces the old one once it is read; a failed read leaves the old one to expire.
        value.then(
          () => this.map.get(key) === hit && this.map.set(key, { at: now, value }),
          () => (hit.refreshing = false),
        );
      }
      return hit.value;
    }
    if (this.map.size > MAX_KEYS) this.map.clear();
    const value = this.load(key);
    const kept = { at: now, value };
    this.map.set(key, kept);
    value.catch(() => this.map.get(key) === kept && this.map.delete(key));
    return value;
  }
}

export class LessonLookups {
  private readonly entries: KeptValues<timetable.EntryRow | undefined>;
  private readonly teachers: KeptValues<{ userId: number } | undefined>;
  private readonly rooms: KeptValues<BlockList | null>;

  constructor(ctx: Pick<AppContext, 'db'>) {
    // The entries asked for together (a burst's scans and marks, for many lessons at once) are read
    // together: one statement, planned once, not one per lesson.
    const entries = new Batcher<number, timetable.EntryRow | undefined>(
      async (ids) => {
        const found = await timetable.findEntries(ctx.db, ids);
        return ids.map((id) => ({ ok: true, value: found.get(id) }));
      },
      { lanes: 1, max: 500, name: 'qr_lesson_entries' },
    );
    this.entries = new KeptValues((id) => entries.submit(id));
    this.teachers = new KeptValues((id) => accountOfPerson(ctx.db, ROLE_TEACHER, id));
    this.rooms = new KeptValues(async (id) => blockListOf((await repo.roomNetworks(ctx.db, id)) ?? []));
  }

  /** A timetable entry. */
  entry(id: number): Promise<timetable.EntryRow | undefined> {
    return this.entries.get(id);
  }

  /** A teacher's account. */
  teacherAccount(teacherId: number): Promise<{ userId: number } | undefined> {
    return this.teachers.get(teacherId);
  }

  /** A room's own networks (auditoria.qr_networks); null: the campus list applies. */
  roomNetworks(auditoriumId: number): Promise<BlockList | null> {
    return this.rooms.get(auditoriumId);
  }

  /**
   * Reads the lesson's teacher's account and room's networks ahead (a scan does, for the marks that
   * follow it: a class's marks then find them in memory).
   */
  warm(entry: timetable.EntryRow): void {
    void this.teacherAccount(entry.teacherId);
    void this.roomNetworks(entry.auditoriumId);
  }

  /**
   * A batch's lessons with their teachers' accounts and rooms' networks, the entries read first and
   * then the teachers and rooms at once.
   */
  async ofEntries(ids: Iterable<number>): Promise<{
    entries: Map<number, timetable.EntryRow | undefined>;
    teachers: Map<number, { userId: number } | undefined>;
    rooms: Map<number, BlockList | null>;
  }> {
    const entries = new Map(await Promise.all([...new Set(ids)].map(async (id) => [id, await this.entry(id)] as const)));
    const found = [...entries.values()].flatMap((e) => (e ? [e] : []));
    const [teachers, rooms] = await Promise.all([
      Promise.all([...new Set(found.map((e) => e.teacherId))].map(async (id) => [id, await this.teacherAccount(id)] as const)),
      Promise.all([...new Set(found.map((e) => e.auditoriumId))].map(async (id) => [id, await this.roomNetworks(id)] as const)),
    ]);
    return { entries, teachers: new Map(teachers), rooms: new Map(rooms) };
  }
}
