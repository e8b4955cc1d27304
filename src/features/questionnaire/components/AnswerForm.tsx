/**
 * Answering a questionnaire (Formik, checked with yup): a scale of 1 to 5 or a single choice as a
 * group of radio buttons, a multiple choice as checkboxes, free text as a text area; every required
 * question must be answered. The server's refusal (answered already, closed…) is said above the buttons.
 */
import { useMemo } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import type { AnswerBody, Question, QuestionnaireForm } from '@contract/questionnaire';
import { ANSWER_TEXT_MAX } from '@contract/pure/questionnaire';
import { usePreloadYup, yupValidator } from '@lib/validation';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { Loaded } from '@shared/request/Loaded';
import { questionnaireActions as A, selectQuestionnaire } from '../questionnaire.slice';
import { QuestionField } from './QuestionField';
import { FormButtons } from './FormButtons';

export type Values = Record<string, string | string[]>;

export const keyOf = (q: Question) => `q${q.id}`;

export function initialValues(questions: Question[]): Values {
  return Object.fromEntries(questions.map((q) => [keyOf(q), q.kind === 'multiple' ? [] : '']));
}

/** The form's values as the server's answers: unanswered questions left out. */
export function bodyOf(form: QuestionnaireForm, values: Values): AnswerBody {
  const answers: AnswerBody['answers'] = [];
  for (const q of form.questions) {
    const v = values[keyOf(q)];
    if (q.kind === 'multiple' && Array.isArray(v) && v.length > 0) answers.push({ id_question: q.id, choices: v.map(Number).sort((a, b) => a - b) });
    if ((q.kind === 'scale' || q.kind === 'single') && typeof v === 'string' && v !== '') answers.push({ id_question: q.id, choice: Number(v) });
    if (q.kind === 'text' && typeof v === 'string' && v.trim() !== '') answers.push({ id_question: q.id, text: v.trim() });
  }
  return { id: form.item.id, answers };
}

export function AnswerForm() {
  const { t } = useTranslation(['questionnaire', 'cm']);
  const dispatch = useAppDispatch();
  const { form, answer, view } = useAppSelector(selectQuestionnaire);
  usePreloadYup();
  const data = form.data;
  const validate = useMemo(
    () =>
      yupValidator<Values>((yup) => {
        const required = t('form.required');
        const shape = Object.fromEntries(
          (data?.questions ?? []).map((q) => {
            if (q.kind === 'multiple') return [keyOf(q), q.required ? yup.array().min(1, required) : yup.array()];
            const text = yup
              .string()
              .trim()
              .max(ANSWER_TEXT_MAX, t('form.tooLong', { max: ANSWER_TEXT_MAX }));
            return [keyOf(q), q.required ? text.required(required) : text];
          }),
        );
        return yup.object(shape);
      }),
    [data, t],
  );
  const retry = () => view.kind === 'answer' && dispatch(A.answerOpened({ id: view.id }));

  return (
    <section className="card qn-form" aria-labelledby="qn-form-title" data-testid="qn-form">
      <Loaded of={form} onRetry={retry}>
        {data ? (
          <Formik<Values>
            initialValues={initialValues(data.questions)}
            validate={validate}
            onSubmit={(values) => void dispatch(A.answerRequested(bodyOf(data, values)))}
          >
            <Form noValidate aria-labelledby="qn-form-title">
              <h2 id="qn-form-title" className="qn-heading">
                {data.item.title}
              </h2>
              {data.item.teacher ? (
                <p className="qn-line">
                  {data.item.teacher} · {data.item.discipline}
                </p>
              ) : null}
              {data.description ? <p className="muted">{data.description}</p> : null}
              {data.item.anonymous ? <p className="qn-note">{t('form.anonymousNote')}</p> : null}
              <ol className="qn-questions">
                {data.questions.map((q, i) => (
                  <li key={q.id}>
                    <QuestionField question={q} number={i + 1} name={keyOf(q)} />
                  </li>
                ))}
              </ol>
              {answer.failure ? (
                <p className="field-error" role="alert" data-testid="qn-answer-error">
                  {describeFailure(t, answer.failure)}
                </p>
              ) : null}
              <FormButtons busy={answer.busy} label={t('form.submit')} testId="qn-submit" />
            </Form>
          </Formik>
        ) : null}
      </Loaded>
    </section>
  );
}
