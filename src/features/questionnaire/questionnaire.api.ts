/** Questionnaires: the lists, one to answer, the answer, the results and their workbook (docs/areas/questionnaire.md#calls). */
import type { AnswerBody, CreateBody, QuestionnaireChoices, QuestionnaireForm, QuestionnaireLists, QuestionnaireResults } from '@contract/questionnaire';
import { post } from '@api/http';

export const questionnaireApi = {
  lists: () => post<QuestionnaireLists>('api/questionnaire/list.json', {}, { session: true }),
  form: (id: number) => post<QuestionnaireForm>('api/questionnaire/questionnaire.json', { id }, { session: true }),
  answer: (body: AnswerBody) => post<{ answered: true }>('api/questionnaire/answer.json', body, { session: true }),
  results: (id: number) => post<QuestionnaireResults>('api/questionnaire/results.json', { id }, { session: true }),
  choices: () => post<QuestionnaireChoices>('api/questionnaire/choices.json', {}, { session: true }),
  create: (body: CreateBody) => post<{ id: number }>('api/questionnaire/create.json', body, { session: true }),
};

/** The results as an .xlsx file, texts in the given language. */
export const resultsXlsxUrl = (id: number, lang: string) => `/api/questionnaire/export.xlsx?id=${id}&lang=${encodeURIComponent(lang)}`;
