/**
 * The journal asked for before the app started (src/shared/request/early.ts, docs/areas/journal.md#speed):
 * the page, on /lms/journal, sends journal.json and teachertimes.json for the journal its address
 * names (?j=) or the one this teacher opened last here, while the app's code starts; the first load
 * of that journal takes the replies instead of asking again.
 */
import type { JournalData, TeacherTime } from '@contract/journal';
import { rememberEarly, takeEarly, type EarlyPerson, type Taken } from '@shared/request/early';

/** The entry the page's script reads: this person's journal, opened last on this device, in this language. */
export function rememberJournal(person: EarlyPerson, id: number): void {
  rememberEarly('journal', person, id);
}

/** An early reply taken: the journal's data, and whether it is to be read again (EARLY_FRESH_MS). */
export type TakenJournal = Taken<JournalData>;

/**
 * The early reply for journal `id` of `person`, once, or null when there is none to take (the
 * caller then makes the call): only a success is taken, anything else is left to the call.
 */
export function takeEarlyJournal(id: number, person: EarlyPerson): Promise<TakenJournal | null> {
  return takeEarly<JournalData>('journal', 'reply', id, person);
}

/**
 * The early timetable of journal `id` for `person` (its lessons in his weekly timetable), once, or
 * null when there is none to take: only a success is taken, anything else is left to the call.
 */
export async function takeEarlyTimetable(id: number, person: EarlyPerson): Promise<TeacherTime[] | null> {
  const taken = await takeEarly<TeacherTime[] | null>('journal', 'times', id, person);
  return taken ? (taken.data ?? []) : null;
}
