/** The journal filters (docs/areas/journal.md#for-users): what each choice clears and the journals left. */
import type { JournalInfo } from '@contract/journal';

export const FILTERS = ['semester', 'discipline', 'control', 'credit', 'lessonType', 'educForm', 'journal'] as const;
export type FilterName = (typeof FILTERS)[number];
export type Filters = Record<FilterName, number>;

/** What each choice clears (the lists below it). */
export const CLEARS: Record<FilterName, FilterName[]> = {
  semester: ['discipline', 'control', 'credit', 'lessonType', 'educForm', 'journal'],
  discipline: ['control', 'credit', 'lessonType', 'educForm', 'journal'],
  control: ['credit', 'lessonType', 'educForm', 'journal'],
  credit: ['lessonType', 'educForm', 'journal'],
  lessonType: ['educForm', 'journal'],
  educForm: ['journal'],
  journal: [],
};

export const NONE = -1;
/** The journals that match the filters chosen so far (the journal filter aside). */
export function matchingJournals(journals: readonly JournalInfo[], f: Filters, upTo: FilterName = 'journal'): JournalInfo[] {
  const order = FILTERS.slice(0, FILTERS.indexOf(upTo));
  const test: Record<FilterName, (j: JournalInfo) => number> = {
    semester: (j) => j.id_semester,
    discipline: (j) => j.id_discipline,
    control: (j) => j.id_examination,
    credit: (j) => j.credits,
    lessonType: (j) => j.id_vid_zaniatiy,
    educForm: (j) => j.id_f_educ,
    journal: (j) => j.id_journal,
  };
  return journals.filter((j) => order.every((name) => f[name] === NONE || test[name](j) === f[name]));
}

/** The journal the filters point at: the one chosen, or the only one left. */
export function chosenJournal(journals: readonly JournalInfo[], f: Filters): JournalInfo | null {
  const left = matchingJournals(journals, f);
  if (f.journal !== NONE) return left.find((j) => j.id_journal === f.journal) ?? null;
  return null;
}
