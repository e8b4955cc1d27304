/** The testing area's calls (docs/areas/testing.md#calls). */
import type {
  AnswerBody,
  AttemptDeviceBody,
  AttemptEventBody,
  AttemptLogEntry,
  Category,
  CategorySaveBody,
  GradeBody,
  ImportBody,
  MyTest,
  Paper,
  Question,
  QuestionSaveBody,
  Results,
  Review,
  StartBody,
  Test,
  TestingDiscipline,
  TestJournals,
  TestSheets,
  TestSaveBody,
  ToJournalBody,
  ToJournalResult,
  ToSheetBody,
  ToSheetResult,
} from '@contract/testing';
import { post } from '@api/http';

const base = 'api/testing';
const s = { session: true } as const;

export interface ImportOutcome {
  imported: number;
  kinds: Record<string, number>;
  problems: { line: number; reason: string }[];
}

export const testingApi = {
  disciplines: () => post<TestingDiscipline[]>(`${base}/disciplines.json`, {}, s),
  categories: (id_discipline: number) => post<Category[]>(`${base}/categories.json`, { id_discipline }, s),
  categorySave: (body: CategorySaveBody) => post<Category[]>(`${base}/category-save.json`, body, s),
  categoryDelete: (id_category: number) => post<Category[]>(`${base}/category-delete.json`, { id_category }, s),
  questions: (id_discipline: number, id_category?: number) => post<Question[]>(`${base}/questions.json`, { id_discipline, id_category }, s),
  questionSave: (body: QuestionSaveBody) => post<{ question: Question; regraded: number }>(`${base}/question-save.json`, body, s),
  questionDelete: (id_question: number) => post<null>(`${base}/question-delete.json`, { id_question }, s),
  questionImage: (form: FormData) => post<Question>(`${base}/question-image.json`, form, { session: true, idempotent: true }),
  questionImageDelete: (id_question: number) => post<Question>(`${base}/question-image-delete.json`, { id_question }, s),
  import: (body: ImportBody) => post<ImportOutcome>(`${base}/import.json`, body, s),
  tests: (id_discipline: number) => post<Test[]>(`${base}/tests.json`, { id_discipline }, s),
  testSave: (body: TestSaveBody) => post<Test>(`${base}/test-save.json`, body, s),
  testDelete: (id_test: number) => post<null>(`${base}/test-delete.json`, { id_test }, s),
  preview: (id_test: number) => post<Paper>(`${base}/preview.json`, { id_test }, s),
  results: (id_test: number) => post<Results>(`${base}/results.json`, { id_test }, s),
  review: (id_attempt: number) => post<Review>(`${base}/review.json`, { id_attempt }, s),
  grade: (body: GradeBody) => post<Review>(`${base}/grade.json`, body, s),
  testJournals: (id_test: number) => post<TestJournals>(`${base}/journals.json`, { id_test }, s),
  toJournal: (body: ToJournalBody) => post<ToJournalResult>(`${base}/to-journal.json`, body, s),
  testSheets: (id_test: number) => post<TestSheets>(`${base}/sheets.json`, { id_test }, s),
  toSheet: (body: ToSheetBody) => post<ToSheetResult>(`${base}/to-sheet.json`, body, s),
  log: (id_attempt: number) => post<AttemptLogEntry[]>(`${base}/log.json`, { id_attempt }, s),
  my: () => post<MyTest[]>(`${base}/my.json`, {}, s),
  start: (body: StartBody) => post<Paper>(`${base}/start.json`, body, s),
  resume: (body: AttemptDeviceBody) => post<Paper>(`${base}/resume.json`, body, s),
  answer: (body: AnswerBody) =>
    post<{ slot: number; version: number; saved: boolean; deadline: string }>(`${base}/answer.json`, body, { session: true, toast: false }),
  event: (body: AttemptEventBody) => post<null>(`${base}/event.json`, body, { session: true, toast: false }),
  submit: (body: AttemptDeviceBody) => post<Review>(`${base}/submit.json`, body, s),
};

export const exportGiftUrl = (id_category: number) => `/${base}/export.gift?id_category=${id_category}`;
export const resultsXlsxUrl = (id_test: number) => `/${base}/results.xlsx?id_test=${id_test}`;
