/** What the questionnaire area adds to the store when the signed-in shell loads (see app/areas.ts). */
export { questionnaireReducer as reducer } from './questionnaire.slice';
export { questionnaireSaga as saga } from './questionnaire.saga';
