/** One question of the answer form: a fieldset whose legend is the question, its choices as radio buttons or checkboxes, or a text area; its error announced. */
import { Field, useField } from 'formik';
import { useTranslation } from 'react-i18next';
import type { Question } from '@contract/questionnaire';
import { SCALE_MAX, SCALE_MIN } from '@contract/pure/questionnaire';

export function QuestionField({ question, number, name }: { question: Question; number: number; name: string }) {
  const { t } = useTranslation('questionnaire');
  const [, meta] = useField<string | string[]>(name);
  const errorId = `${name}-error`;
  const invalid = Boolean(meta.touched && meta.error);
  const legend = (
    <legend className="qn-question">
      {number}. {question.text}
      {question.required ? <span className="qn-required"> ({t('form.requiredMark')})</span> : null}
    </legend>
  );
  const described = invalid ? errorId : undefined;
  let body;
  if (question.kind === 'text')
    body = (
      <label className="qn-text">
        <span className="sr-only">{question.text}</span>
        <Field as="textarea" name={name} className="input" rows={3} aria-invalid={invalid || undefined} aria-describedby={described} />
      </label>
    );
  else {
    const choices =
      question.kind === 'scale'
        ? Array.from({ length: SCALE_MAX - SCALE_MIN + 1 }, (_, i) => ({
            value: String(SCALE_MIN + i),
            label: String(SCALE_MIN + i),
            hint: t(`scale.${SCALE_MIN + i}`),
          }))
        : question.options.map((o, i) => ({ value: String(i), label: o, hint: '' }));
    const type = question.kind === 'multiple' ? 'checkbox' : 'radio';
    body = (
      <div className={question.kind === 'scale' ? 'qn-scale' : 'qn-choices'} role={type === 'radio' ? 'radiogroup' : 'group'} aria-describedby={described}>
        {choices.map((c) => (
          <label key={c.value} className="qn-choice">
            <Field type={type} name={name} value={c.value} aria-invalid={invalid || undefined} />
            <span>{c.label}</span>
            {c.hint ? <span className="sr-only">{` — ${c.hint}`}</span> : null}
          </label>
        ))}
        {question.kind === 'scale' ? (
          <p className="qn-scale-ends muted small" aria-hidden="true">
            <span>{t('scale.1')}</span>
            <span>{t('scale.5')}</span>
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <fieldset className="qn-fieldset" data-testid={`qn-question-${number}`}>
      {legend}
      {body}
      <p id={errorId} className="field-error" role={invalid ? 'alert' : undefined}>
        {invalid ? meta.error : ''}
      </p>
    </fieldset>
  );
}
