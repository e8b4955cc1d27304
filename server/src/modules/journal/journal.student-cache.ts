/**
 * The student's own journal (student/journal.json) kept per student, half-year and language in the
 * server process (plugins/reply-cache.ts), around JournalReads.studentJournal, which reads it afresh.
 * A student's kept journal is dropped at once, on every process, when a record of his is written
 * (journal_visits is announced with the students whose records changed, migration
 * 0021_student_journal_reply_cache), so a mark given to one student costs the others' kept journals
 * nothing; a change to the names it shows (disciplines, lesson types, teachers) or to a journal's topics
 * (their modules make the subtotals; announced since migration 0024_journal_reply_cache) drops them all.
 */
import { ROLE_STUDENT, type Language } from '@contract/common';
import type { StudentJournalBody, StudentJournalItem } from '@contract/journal';
import type { AppContext } from '../../context';
import { ReplyCache } from '../../plugins/reply-cache';
import { assertOwn, type AuthInfo } from '../../shared/caller';
import type { JournalReads } from './journal.reads';

/** Students' journals kept per process at most. */
const KEPT_JOURNALS_MAX = 20000;
/** What a student's journal is read from; journal_visits is announced per student. */
const OWN_JOURNAL_TABLES = ['journal_visits', 'journal_lesson_topics', 'disciplines', 'lesson_types', 'teachers'];

export class StudentJournalCache {
  private readonly kept: ReplyCache<StudentJournalItem[]>;

  constructor(
    private readonly ctx: Pick<AppContext, 'dataChanges' | 'config' | 'now'>,
    private readonly reads: Pick<JournalReads, 'studentJournal'>,
  ) {
    this.kept = new ReplyCache(ctx.dataChanges, {
      name: 'journal_student',
      tables: OWN_JOURNAL_TABLES,
      ownedTables: ['journal_visits'],
      ttlMs: ctx.config.replyCacheMs,
      maxEntries: KEPT_JOURNALS_MAX,
    });
  }

  /** The caller's own records in a half-year, kept while none of his records changes. */
  async studentJournal(auth: AuthInfo, input: StudentJournalBody, lang: Language): Promise<StudentJournalItem[]> {
    assertOwn(auth, { role: ROLE_STUDENT });
    if (input.id_student !== undefined) assertOwn(auth, { uid: input.id_student });
    const key = `${auth.uid}:${input.id_a_year}:${input.id_w_s}:${lang}`;
    const at = this.ctx.now().getTime();
    const kept = await this.kept.get(key, at);
    if (kept.value) return kept.value;
    const items = await this.reads.studentJournal(auth, input, lang);
    this.kept.set(key, items, kept.mark, { from: at, owner: auth.uid });
    return items;
  }
}
