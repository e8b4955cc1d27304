/**
 * The teacher's journal (journal.json) kept per journal, language and reopening right in the server
 * process (plugins/reply-cache.ts), around JournalReads.journalReply, which reads it afresh. A kept
 * journal is dropped at once, on every process, when anything it shows changes: its records, topics
 * and added lessons are announced with the journals they belong to (migration
 * 0024_journal_reply_cache), so a mark in one journal costs the other kept journals nothing; a change
 * to its setup (scale, subgroups, hidden students), its students, their final results or the names
 * it shows drops them all. A kept journal holds until its half-year closes for the caller (its
 * `readOnly`), and is kept per teacher: another teacher's call reads it afresh and is refused.
 */
import type { Language } from '@contract/common';
import type { JournalBody } from '@contract/journal';
import type { AppContext } from '../../context';
import { ReplyCache } from '../../plugins/reply-cache';
import { mayReopen } from '../../shared/academic/journal-period';
import { asTeacher, type AuthInfo } from '../../shared/caller';
import type { JournalReads } from './journal.reads';

/** Teachers' journals kept per process at most (a journal of 150 students and 60 lessons is about 1.4 MB of JSON)… */
const KEPT_JOURNALS_MAX = 100;
/** …and their JSON texts' total length: about 32 MB, so that a university's largest journals cannot grow a process without bound. */
const KEPT_JOURNAL_CHARS_MAX = 32 * 1024 * 1024;
/** Tables announced with the journals whose rows a statement wrote. */
const PER_JOURNAL_TABLES = ['journal_visits@journal', 'journal_lesson_topics', 'journal_lessons'];
/** What journal.json is read from (journal_visits through its per-journal announcement). */
const JOURNAL_TABLES = [
  ...PER_JOURNAL_TABLES,
  'teaching_assignments',
  'disciplines',
  'lesson_types',
  'control_forms',
  'semesters',
  'teachers',
  'groups',
  'streams',
  'stream_groups',
  'education_forms',
  'students',
  'journal_subgroups',
  'journal_subgroup_students',
  'journal_removed_students',
  'lesson_times',
  'final_results',
  'grade_scale',
  // The half-year's last day of marks (when the journal closes).
  'registration_periods',
];

export class TeacherJournalCache {
  private readonly kept: ReplyCache<{ json: string; closesAt: number | null }>;

  constructor(
    private readonly ctx: Pick<AppContext, 'dataChanges' | 'config' | 'now'>,
    private readonly reads: Pick<JournalReads, 'journalReply'>,
  ) {
    this.kept = new ReplyCache(ctx.dataChanges, {
      name: 'journal_teacher',
      tables: JOURNAL_TABLES,
      ownedTables: PER_JOURNAL_TABLES,
      ttlMs: ctx.config.replyCacheMs,
      maxEntries: KEPT_JOURNALS_MAX,
      maxWeight: { max: KEPT_JOURNAL_CHARS_MAX, of: (kept) => kept.json.length },
    });
  }

  /**
   * journal.json's text, kept while nothing it shows changes; the calls of one teacher that miss it
   * at once share one read (a burst of reloads after a mark reads the journal once).
   */
  async journalJson(auth: AuthInfo, input: JournalBody, lang: Language): Promise<string> {
    const teacherId = asTeacher(auth);
    const reopens = mayReopen(auth.login, this.ctx.config.journalReopenLogins);
    const key = `${input.id_journal}:${teacherId}:${lang}:${reopens ? 1 : 0}`;
    const at = this.ctx.now().getTime();
    const kept = await this.kept.get(key, at);
    if (kept.value) return kept.value.json;
    const owner = input.id_journal;
    let reply = await this.kept.shared(key, kept.mark, owner, () => this.reads.journalReply(auth, input, lang));
    // A shared read's period was judged at its own moment: read again if the half-year closed since.
    if (reply.closesAt !== null && at >= reply.closesAt) reply = await this.reads.journalReply(auth, input, lang);
    this.kept.set(key, reply, kept.mark, { from: at, until: reply.closesAt ?? Infinity, owner });
    return reply.json;
  }
}
