/** The creation form's questions: each its kind, text, options (one a line, for a choice) and whether it is required; added and removed. */
import { FieldArray, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { QUESTION_KINDS, QUESTIONS_MAX } from '@contract/pure/questionnaire';
import { CheckField, SelectField, TextField } from '@components/fields';
import { newQuestion, type CreateValues } from './createForm.values';

export function QuestionsEditor() {
  const { t } = useTranslation('questionnaire');
  const { values } = useFormikContext<CreateValues>();
  const kinds = QUESTION_KINDS.map((k) => ({ id: k, name: t(`questionKind.${k}`) }));
  return (
    <FieldArray name="questions">
      {({ push, remove }) => (
        <fieldset className="qn-editor">
          <legend className="qn-heading">{t('create.questions')}</legend>
          <ol className="qn-questions">
            {values.questions.map((q, i) => (
              <li key={i} className="qn-edit-question">
                <SelectField name={`questions.${i}.kind`} label={t('create.questionKind', { n: i + 1 })} options={kinds} />
                <TextField name={`questions.${i}.text`} label={t('create.questionText', { n: i + 1 })} prose />
                {q.kind === 'single' || q.kind === 'multiple' ? (
                  <TextField name={`questions.${i}.options`} label={t('create.options')} hint={t('create.optionsHint')} multiline prose />
                ) : null}
                <CheckField name={`questions.${i}.required`} label={t('create.required')} />
                {values.questions.length > 1 ? (
                  <button type="button" className="btn btn-ghost" onClick={() => remove(i)}>
                    {t('create.removeQuestion', { n: i + 1 })}
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
          {values.questions.length < QUESTIONS_MAX ? (
            <button type="button" className="btn btn-secondary" onClick={() => push(newQuestion())}>
              {t('create.addQuestion')}
            </button>
          ) : null}
        </fieldset>
      )}
    </FieldArray>
  );
}
