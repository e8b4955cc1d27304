/** Add or correct a question of the bank: its category, kind, text, points and its answers by kind (formik, checked with yup). */
import { useMemo } from 'react';
import { Form, Formik, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import type { Category, Question } from '@contract/testing';
import { IMAGE_ALT_MAX, QUESTION_IMAGE_TYPES, QUESTION_KINDS, QUESTION_POINTS_MAX, QUESTION_TEXT_MAX } from '@contract/pure/testing-limits';
import { SelectField, TextField } from '@components/fields';
import { yupValidator } from '@lib/validation';
import { useAppDispatch } from '@shared/hooks';
import { bankActions as K } from '../bank.slice';
import { imageChange, linesProblem, toContent, toValues, type QuestionValues } from './questionForm';
import { QuestionImageField, TextPreview } from './QuestionImageField';
import { FormActions } from '@components/FormActions';
import { useBankForm } from './useBankForm';

function KindFields({ inUse }: { inUse: boolean }) {
  const { t } = useTranslation('testing');
  const { values } = useFormikContext<QuestionValues>();
  switch (values.kind) {
    case 'truefalse':
      return (
        <SelectField
          name="truth"
          label={t('form.truth')}
          options={[
            { id: 'true', name: t('attempt.true') },
            { id: 'false', name: t('attempt.false') },
          ]}
        />
      );
    case 'numeric':
      return (
        <>
          <TextField name="value" label={t('form.value')} />
          <TextField name="tolerance" label={t('form.tolerance')} />
        </>
      );
    case 'essay':
      return <p className="muted">{t('form.essayHint')}</p>;
    default:
      return <TextField name="lines" label={t(`form.lines.${values.kind}`)} hint={inUse ? t('form.inUse') : t(`form.hints.${values.kind}`)} multiline />;
  }
}

export function QuestionForm({
  question,
  categories,
  category,
  onDone,
}: {
  question: Question | null;
  categories: Category[];
  category: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const { saving, sent } = useBankForm(onDone);
  const validate = useMemo(
    () =>
      yupValidator<QuestionValues>((yup) =>
        yup.object({
          id_category: yup.string().required(t('form.required')),
          text: yup
            .string()
            .trim()
            .required(t('form.required'))
            .max(QUESTION_TEXT_MAX, t('form.tooLong', { max: QUESTION_TEXT_MAX })),
          points: yup
            .number()
            .typeError(t('form.number'))
            .moreThan(0, t('form.points', { max: QUESTION_POINTS_MAX }))
            .max(QUESTION_POINTS_MAX, t('form.points', { max: QUESTION_POINTS_MAX })),
          lines: yup.string().test('lines', (_v, ctx) => {
            const problem = linesProblem(ctx.parent as QuestionValues);
            return problem ? ctx.createError({ message: t(problem) }) : true;
          }),
          value: yup.string().when('kind', {
            is: 'numeric',
            then: (s) => s.required(t('form.required')).test('n', t('form.number'), (v) => Number.isFinite(Number(v?.replace(',', '.')))),
          }),
          tolerance: yup.string().when('kind', { is: 'numeric', then: (s) => s.test('n', t('form.number'), (v) => Number(v?.replace(',', '.')) >= 0) }),
          imageFile: yup
            .mixed()
            .nullable()
            .test('type', t('form.imageType'), (f) => !(f instanceof File) || QUESTION_IMAGE_TYPES.includes(f.type)),
          imageAlt: yup
            .string()
            .max(IMAGE_ALT_MAX, t('form.tooLong', { max: IMAGE_ALT_MAX }))
            .test('alt', t('form.altRequired'), (alt, ctx) => {
              const v = ctx.parent as QuestionValues;
              return !(v.imageFile || (question?.image && !v.removeImage)) || !!alt?.trim();
            }),
        }),
      ),
    [t, question],
  );
  return (
    <Formik<QuestionValues>
      initialValues={toValues(question, category)}
      validate={validate}
      onSubmit={(v) => {
        sent();
        const body = {
          ...(question ? { id: question.id } : {}),
          id_category: Number(v.id_category),
          text: v.text.trim(),
          points: Number(v.points),
          content: toContent(v),
        };
        dispatch(K.questionSaved({ body, file: v.imageFile, image: imageChange(v, question) }));
      }}
    >
      <Form className="ts-form card" noValidate aria-label={question ? t('form.editTitle') : t('form.addTitle')} data-testid="ts-question-form">
        <h3>{question ? t('form.editTitle') : t('form.addTitle')}</h3>
        <SelectField name="id_category" label={t('form.category')} options={categories.map((c) => ({ id: String(c.id), name: c.name }))} />
        {question?.inUse ? null : <SelectField name="kind" label={t('form.kind')} options={QUESTION_KINDS.map((k) => ({ id: k, name: t(`kinds.${k}`) }))} />}
        <TextField name="text" label={t('form.text')} hint={t('form.formulas')} multiline prose />
        <TextPreview />
        <QuestionImageField image={question?.image ?? null} />
        <TextField name="points" label={t('form.pointsLabel')} />
        <KindFields inUse={!!question?.inUse} />
        <FormActions cancel={t('cancel')} submit={t('form.save')} onCancel={onDone} busy={saving} />
      </Form>
    </Formik>
  );
}
