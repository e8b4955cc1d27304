/**
 * The journal asked for before the app started (public/journal-early.js, docs/areas/journal.md#speed):
 * the page, on /lms/journal, sends journal.json and teachertimes.json for the journal its address
 * names or the one this teacher opened last here, while the app's code starts; the first load of that
 * journal takes the replies instead of asking again. Only a success for the same journal, person and
 * language, asked for moments ago, is taken; anything else (a refusal, a failure, another journal)
 * makes the call as usual, so that its errors are handled as every call's are.
 */
import type { ApiResponse } from 'apisauce';
import type { User } from '@contract/auth';
import type { JournalData, TeacherTime } from '@contract/journal';
import { settleResult, toResult, type Result } from '@api/http';
import { currentLanguage } from '../../i18n/languages';
import { STORAGE_KEYS, writeItem } from '@lib/storage';

/** What the page's script left (public/journal-early.js). */
export interface EarlyJournal {
  id: number;
  /** The person (User.uid, with his role) signed in when the journal was remembered. */
  uid: number;
  role: number;
  lang: string;
  /** Date.now() when it was sent. */
  at: number;
  /** journal.json's answer. */
  reply?: Promise<EarlyAnswer>;
  /** teachertimes.json's answer (the journal's lessons in the teacher's timetable). */
  times?: Promise<EarlyAnswer>;
}

/** An answer as the page's script keeps it. */
interface EarlyAnswer {
  status: number;
  body: unknown;
}

declare global {
  interface Window {
    __lmsJournalEarly?: EarlyJournal;
  }
}

/** A reply older than this is not taken (the journal is read afresh). */
export const EARLY_JOURNAL_MS = 15_000;
/**
 * A reply taken later than this after it was asked for is shown and read again at once: changes
 * made meanwhile (another tab, a QR check-in) reach this tab's live stream only once the journal is
 * open. Younger, it is as fresh as a reply still on its way would be.
 */
export const EARLY_FRESH_MS = 1_000;

/** Who a journal is remembered for: the person and role the app keeps in localStorage (`uid`, `role`). */
type Person = Pick<User, 'uid' | 'role'>;

/** The entry the page's script reads: this person's journal, opened last on this device, in this language. */
export function rememberJournal(person: Person, id: number): void {
  writeItem(STORAGE_KEYS.journal, JSON.stringify({ uid: person.uid, role: person.role, id, lang: currentLanguage() }));
}

/** An early reply taken: the journal's data, and whether it is to be read again (EARLY_FRESH_MS). */
export interface TakenJournal {
  data: JournalData;
  stale: boolean;
}

/**
 * One of the early answers (`part`) for journal `id` of `person`, once: classified as every reply
 * is (api/http.ts), or null when there is none to take (the caller then makes the call). Taken or
 * not, it is gone after the first ask, and the entry with the last of them: a later load of the
 * journal reads afresh. `fresh` says whether it was asked for within EARLY_FRESH_MS.
 */
async function takeEarly<T>(part: 'reply' | 'times', id: number, person: Person): Promise<{ result: Result<T>; fresh: boolean } | null> {
  const early = window.__lmsJournalEarly;
  const pending = early?.[part];
  if (!early || !pending) return null;
  delete early[part];
  if (!early.reply && !early.times) delete window.__lmsJournalEarly;
  const fresh = (ms: number) => Date.now() - early.at <= ms;
  if (early.id !== id || early.uid !== person.uid || early.role !== person.role || early.lang !== currentLanguage() || !fresh(EARLY_JOURNAL_MS)) return null;
  const answer = await pending.catch(() => null);
  if (!answer) return null;
  const result = toResult<T>({ ok: answer.status >= 200 && answer.status < 300, status: answer.status, data: answer.body } as ApiResponse<unknown>);
  return { result, fresh: fresh(EARLY_FRESH_MS) };
}

/**
 * The early reply for journal `id` of `person`, once, or null when there is none to take (the
 * caller then makes the call): only a success is taken, anything else is left to the call.
 */
export async function takeEarlyJournal(id: number, person: Person): Promise<TakenJournal | null> {
  const taken = await takeEarly<JournalData>('reply', id, person);
  if (!taken?.result.ok) return null;
  settleResult(taken.result, { session: true });
  return { data: taken.result.data, stale: !taken.fresh };
}

/**
 * The early timetable of journal `id` for `person` (its lessons in his weekly timetable), once, or
 * null when there is none to take: only a success is taken, anything else is left to the call.
 */
export async function takeEarlyTimetable(id: number, person: Person): Promise<TeacherTime[] | null> {
  const taken = await takeEarly<TeacherTime[]>('times', id, person);
  if (!taken?.result.ok) return null;
  settleResult(taken.result, { session: true });
  return taken.result.data ?? [];
}
