/** Create or change a test: title, groups, the draw from the bank's categories, time, attempts, counting, what the student sees, password, networks (formik, checked with yup). */
import { useMemo } from 'react';
import { Field, FieldArray, Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import type { Test } from '@contract/testing';
import { TEST_ATTEMPTS_MAX, TEST_TITLE_MAX } from '@contract/pure/testing-limits';
import { CheckField, SelectField, TextField } from '@components/fields';
import { yupValidator } from '@lib/validation';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { bankActions as K } from '../bank.slice';
import { selectBank } from '../testing.slice';
import { targetChoices, testBody, testValues, type TestValues } from './testForm';
import { FormActions } from '@components/FormActions';
import { useBankForm } from './useBankForm';

const SHOWS = ['never', 'submit', 'close'] as const;

export function TestForm({ test, discipline, onDone }: { test: Test | null; discipline: number; onDone: () => void }) {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const { categories, disciplines } = useAppSelector(selectBank);
  const { saving, sent } = useBankForm(onDone);
  const validate = useMemo(
    () =>
      yupValidator<TestValues>((yup) =>
        yup.object({
          title: yup
            .string()
            .trim()
            .required(t('form.required'))
            .max(TEST_TITLE_MAX, t('form.tooLong', { max: TEST_TITLE_MAX })),
          targets: yup.array().min(1, t('testForm.needGroup')),
          rules: yup.array().of(
            yup.object({
              id_category: yup.string().required(t('form.required')),
              count: yup.number().typeError(t('form.number')).integer(t('form.number')).min(1, t('form.number')),
            }),
          ),
          timeLimit: yup.string().test('n', t('form.number'), (v) => !v || (Number.isInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 1440)),
          opensAt: yup.string().required(t('form.required')),
          closesAt: yup
            .string()
            .required(t('form.required'))
            .test('after', t('testForm.closesAfter'), (v, ctx) => !v || v > (ctx.parent as TestValues).opensAt),
          attempts: yup.number().typeError(t('form.number')).integer(t('form.number')).min(1, t('form.number')).max(TEST_ATTEMPTS_MAX, t('form.number')),
        }),
      ),
    [t],
  );
  const shows = SHOWS.map((s) => ({ id: s, name: t(`testForm.shows.${s}`) }));
  const choices = targetChoices(disciplines.data.find((d) => d.id === discipline));
  return (
    <Formik<TestValues>
      initialValues={testValues(test)}
      validate={validate}
      onSubmit={(v) => {
        sent();
        dispatch(K.testSaved(testBody(v, discipline, test?.id)));
      }}
    >
      {({ values, errors }) => (
        <Form className="ts-form card" noValidate aria-label={t('testForm.title')} data-testid="ts-test-form">
          <h3>{test ? t('testForm.editTitle') : t('testForm.title')}</h3>
          <TextField name="title" label={t('testForm.name')} />
          <fieldset className="ts-targets">
            <legend>{t('testForm.groups')}</legend>
            {choices.map((c) => (
              <label key={c.key} className="ts-option">
                <Field type="checkbox" name="targets" value={c.key} /> {c.name}
              </label>
            ))}
            {typeof errors.targets === 'string' ? <p className="field-error">{errors.targets}</p> : null}
          </fieldset>
          <FieldArray name="rules">
            {(arr) => (
              <fieldset>
                <legend>{t('testForm.draw')}</legend>
                {values.rules.map((_, i) => (
                  <div key={i} className="ts-rule">
                    <SelectField
                      name={`rules.${i}.id_category`}
                      label={t('form.category')}
                      options={categories.data.map((c) => ({ id: String(c.id), name: `${c.name} (${c.questions})` }))}
                    />
                    <TextField name={`rules.${i}.count`} label={t('testForm.count')} />
                    {values.rules.length > 1 ? (
                      <button type="button" className="btn btn-ghost btn-sm" onClick={() => arr.remove(i)}>
                        {t('testForm.removeRule')}
                      </button>
                    ) : null}
                  </div>
                ))}
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => arr.push({ id_category: '', count: '5' })}>
                  {t('testForm.addRule')}
                </button>
              </fieldset>
            )}
          </FieldArray>
          <CheckField name="shuffleAnswers" label={t('testForm.shuffle')} />
          <TextField name="timeLimit" label={t('testForm.timeLimit')} hint={t('testForm.timeLimitHint')} />
          <TextField name="opensAt" type="datetime-local" label={t('my.opensAt')} />
          <TextField name="closesAt" type="datetime-local" label={t('my.closesAt')} />
          <TextField name="attempts" label={t('testForm.attempts')} />
          <SelectField
            name="counts"
            label={t('testForm.counts')}
            options={[
              { id: 'best', name: t('testForm.best') },
              { id: 'last', name: t('testForm.last') },
            ]}
          />
          <SelectField name="showScore" label={t('testForm.showScore')} options={shows} />
          <SelectField name="showAnswers" label={t('testForm.showAnswers')} options={shows} />
          <TextField name="password" label={t('my.password')} hint={t('testForm.optional')} autoComplete="off" />
          <TextField name="networks" label={t('testForm.networks')} hint={t('testForm.networksHint')} multiline />
          <FormActions cancel={t('cancel')} submit={t('form.save')} onCancel={onDone} busy={saving} />
        </Form>
      )}
    </Formik>
  );
}
