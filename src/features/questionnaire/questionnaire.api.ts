/** Questionnaires: the lists, one to answer, the answer, the results and their workbook, and the authors' creation and corrections (docs/areas/questionnaire.md#calls). */
import type {
  AnswerBody,
  ClosingBody,
  CreateBody,
  QuestionnaireChoices,
  QuestionnaireDraft,
  QuestionnaireForm,
  QuestionnaireLists,
  QuestionnaireResults,
  UpdateBody,
} from '@contract/questionnaire';
import { post } from '@api/http';

export const questionnaireApi = {
  lists: () => post<QuestionnaireLists>('api/questionnaire/list.json', {}, { session: true }),
  form: (id: number) => post<QuestionnaireForm>('api/questionnaire/questionnaire.json', { id }, { session: true }),
  answer: (body: AnswerBody) => post<{ answered: true }>('api/questionnaire/answer.json', body, { session: true }),
  results: (id: number) => post<QuestionnaireResults>('api/questionnaire/results.json', { id }, { session: true }),
  choices: () => post<QuestionnaireChoices>('api/questionnaire/choices.json', {}, { session: true }),
  create: (body: CreateBody) => post<{ id: number }>('api/questionnaire/create.json', body, { session: true }),
  draft: (id: number) => post<QuestionnaireDraft>('api/questionnaire/draft.json', { id }, { session: true }),
  update: (body: UpdateBody) => post<{ id: number }>('api/questionnaire/update.json', body, { session: true }),
  closing: (body: ClosingBody) => post<{ id: number }>('api/questionnaire/closing.json', body, { session: true }),
  close: (id: number) => post<{ id: number }>('api/questionnaire/close.json', { id }, { session: true }),
  remove: (id: number) => post<{ id: number }>('api/questionnaire/delete.json', { id }, { session: true }),
};

/** The results as an .xlsx file, texts in the given language. */
export const resultsXlsxUrl = (id: number, lang: string) => `/api/questionnaire/export.xlsx?id=${id}&lang=${encodeURIComponent(lang)}`;
