/**
 * The journal's live event on the bus. Two areas write visit records: the journal itself and QR
 * attendance (an accepted scan is a present mark). Both announce the changed cells under this
 * event, and the journal's live mapper (modules/journal/journal.live.ts) sends them to the
 * journal's teacher, so a QR mark appears in an open journal at once.
 */
import type { LiveJournalChange } from '@contract/journal';

export const JOURNAL_CHANGED_EVENT = 'journal.changed';

type WrittenVisit = { id: number; studentId: number; visitDate: string; lessonTimeId: number };

/** A present mark written by a QR scan (or a join of the lesson's online meeting: 'webinar'), as the journal's teacher sees it arrive. */
export function qrPresence(journalId: number, visit: WrittenVisit, at: Date, source: 'qr' | 'webinar' = 'qr'): LiveJournalChange {
  return qrCell(journalId, visit, null, at, source);
}

/** An absence ('н/б') written when a QR mark under review expired, as the journal's teacher sees it arrive. */
export function qrAbsence(journalId: number, visit: WrittenVisit, at: Date): LiveJournalChange {
  return qrCell(journalId, visit, 'н/б', at);
}

function qrCell(journalId: number, visit: WrittenVisit, mark: string | null, at: Date, source: 'qr' | 'webinar' = 'qr'): LiveJournalChange {
  return {
    id_journal: journalId,
    cells: [
      {
        id_student: visit.studentId,
        visitDate: visit.visitDate,
        id_time: visit.lessonTimeId,
        cell: {
          id_studentJournalVisit: visit.id,
          id_student: visit.studentId,
          visitDate: visit.visitDate,
          id_time: visit.lessonTimeId,
          otsenka: mark,
          source,
          updatedAt: at.toISOString(),
        },
      },
    ],
    reload: false,
  };
}
