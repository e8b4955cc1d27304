/** Journal calls under /api/visitlog/ (docs/areas/journal.md#calls) and the export's download URL. */
import type { IdName } from '@contract/common';
import type {
  FinalHistoryBody,
  FinalHistoryEntry,
  FinalResult,
  FinalSetBody,
  HiddenStudent,
  HistoryBody,
  HistoryEntry,
  InsertAllBody,
  JournalBody,
  JournalData,
  JournalDeleteBody,
  JournalInfo,
  JournalsBody,
  JournalStart,
  LessonAddBody,
  LessonTopic,
  PastedBlock,
  MARK_ABSENT,
  MARK_EXCUSED,
  MARK_PRESENT,
  MARK_SCALES,
  MarkScale,
  ScaleBody,
  PlanTopic,
  PlanTopicsBody,
  StudentDeleteBody,
  StudentJournalBody,
  StudentJournalItem,
  Subgroup,
  SubgroupsUpdateBody,
  JournalStudent,
  TeacherTime,
  TopicUpdateBody,
  VisitPasteBody,
  VisitRow,
  VisitSetBody,
} from '@contract/journal';
import { get, post } from '@api/http';

const session = { session: true } as const;

// The client takes only types from the contract: these copies are checked against it by tsc.
export const ABSENT: typeof MARK_ABSENT = 'н/б';
export const EXCUSED: typeof MARK_EXCUSED = 'ув';
export const PRESENT: typeof MARK_PRESENT = '+';
/** The mark scales a journal can use (the whole numbers its cells take). */
export const SCALES: typeof MARK_SCALES = { '2-5': { min: 2, max: 5 }, '0-100': { min: 0, max: 100 } };
export type { MarkScale };

/** A journal's own subgroups and every student of its group(s) they may hold. */
export interface SubgroupList {
  subgroups: Subgroup[];
  students: JournalStudent[];
}

export const journalApi = {
  lessonTypes: () => get<IdName[]>('api/visitlog/lessontypes.json', session),
  educationForms: () => get<IdName[]>('api/visitlog/educforms.json', session),
  modules: () => get<IdName[]>('api/visitlog/modules.json', session),
  times: () => get<IdName[]>('api/visitlog/times.json', session),
  /** The teacher's first view: years, current year and half-year, his journals in them, times, modules. */
  start: () => get<JournalStart>('api/visitlog/start.json', session),
  journals: (body: JournalsBody) => post<JournalInfo[]>('api/visitlog/journals.json', body, session),
  journal: (body: JournalBody) => post<JournalData>('api/visitlog/journal.json', body, session),
  /** A cell; with the outbox's key when it is one of its writes (sent again with the same key, it is written once). */
  setVisit: (body: VisitSetBody, key?: string) => post<VisitRow | null>('api/visitlog/visit/set.json', body, { ...session, idempotencyKey: key }),
  /** A pasted block (cells, and final results when it reaches that column): all written or none. */
  paste: (body: VisitPasteBody, key?: string) => post<PastedBlock>('api/visitlog/visit/paste.json', body, { ...session, idempotencyKey: key }),
  addLesson: (body: LessonAddBody) => post<{ visitDate: string; id_time: number; time: string }>('api/visitlog/lesson/add.json', body, session),
  teacherTimes: (body: JournalBody) => post<TeacherTime[]>('api/visitlog/teachertimes.json', body, session),
  insertAll: (body: InsertAllBody) => post<{ inserted: number }>('api/visitlog/visit/insertall.json', body, session),
  setFinal: (body: FinalSetBody, key?: string) => post<FinalResult | null>('api/visitlog/final/set.json', body, { ...session, idempotencyKey: key }),
  finalHistory: (body: FinalHistoryBody) => post<FinalHistoryEntry[]>('api/visitlog/final/history.json', body, session),
  history: (body: HistoryBody) => post<HistoryEntry[]>('api/visitlog/visit/history.json', body, session),
  updateTopic: (body: TopicUpdateBody) => post<LessonTopic>('api/visitlog/topictime/update.json', body, session),
  deleteLesson: (body: JournalDeleteBody) => post<{ deleted: number }>('api/visitlog/journal/delete.json', body, session),
  deleteStudent: (body: StudentDeleteBody) => post<{ deleted: number }>('api/visitlog/student/delete.json', body, session),
  restoreLesson: (body: LessonAddBody) => post<{ restored: number }>('api/visitlog/lesson/restore.json', body, session),
  restoreStudent: (body: StudentDeleteBody) => post<{ restored: number }>('api/visitlog/student/restore.json', body, session),
  hiddenStudents: (body: JournalBody) => post<HiddenStudent[]>('api/visitlog/student/hidden.json', body, session),
  subgroups: (body: JournalBody) => post<SubgroupList>('api/visitlog/subgroup/students.json', body, session),
  updateSubgroups: (body: SubgroupsUpdateBody) => post<SubgroupList>('api/visitlog/subgroup/update.json', body, session),
  planTopics: (body: JournalBody) => post<PlanTopic[]>('api/visitlog/inputtopics.json', body, session),
  savePlanTopics: (body: PlanTopicsBody) => post<PlanTopic[]>('api/visitlog/inputtopics/save.json', body, session),
  setScale: (body: ScaleBody) => post<{ scale: MarkScale }>('api/visitlog/scale.json', body, session),
  studentJournal: (body: StudentJournalBody) => post<StudentJournalItem[]>('api/visitlog/student/journal.json', body, session),
};

/** The journal as an .xlsx file, texts in the given language. */
export function journalExportUrl(journalId: number, lang: string): string {
  return `/api/visitlog/export.xlsx?id_journal=${journalId}&lang=${encodeURIComponent(lang)}`;
}
