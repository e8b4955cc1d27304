/**
 * A new questionnaire (an administrator's, or a dean's office's for his faculty): its title and
 * text, kind (an evaluation names a teacher and his discipline), anonymity, dates, audience and
 * questions, for the current half-year; checked with yup, the server's refusal said above the buttons.
 * The same form edits a questionnaire nobody has answered yet (its half-year kept).
 */
import { useMemo } from 'react';
import { Form, Formik, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireChoices } from '@contract/questionnaire';
import { AUDIENCE_KINDS } from '@contract/pure/questionnaire';
import { CheckField, SelectField, TextField } from '@components/fields';
import { usePreloadYup, yupValidator } from '@lib/validation';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { Loaded } from '@shared/request/Loaded';
import { selectPeriod } from '@shared/settings/settings';
import { questionnaireActions as A, selectQuestionnaire } from '../questionnaire.slice';
import { createBody, createSchema, emptyValues, valuesOf, type CreateValues } from './createForm.values';
import { QuestionsEditor } from './QuestionsEditor';
import { FormButtons } from './FormButtons';

/** The audience's select, its list following the kind chosen; the teacher and discipline of an evaluation. */
function AudienceFields({ choices }: { choices: QuestionnaireChoices }) {
  const { t } = useTranslation('questionnaire');
  const { values } = useFormikContext<CreateValues>();
  const lists = { faculty: choices.faculties, group: choices.groups, discipline: choices.disciplines, teachers: choices.faculties };
  return (
    <>
      <SelectField name="audienceKind" label={t('create.audienceKind')} options={AUDIENCE_KINDS.map((k) => ({ id: k, name: t(`audience.${k}`) }))} />
      <SelectField
        name="audienceId"
        label={t(`create.audienceOf.${values.audienceKind}`)}
        hint={values.audienceKind === 'teachers' ? t('create.allTeachers') : undefined}
        options={lists[values.audienceKind]}
      />
      {values.kind === 'evaluation' ? (
        <>
          <SelectField name="teacherId" label={t('create.teacher')} options={choices.teachers} />
          <SelectField name="disciplineId" label={t('create.discipline')} options={choices.disciplines} />
        </>
      ) : null}
    </>
  );
}

export function CreateForm() {
  const { t } = useTranslation(['questionnaire', 'cm']);
  const dispatch = useAppDispatch();
  const { choices, create, view, draft } = useAppSelector(selectQuestionnaire);
  const current = useAppSelector(selectPeriod);
  usePreloadYup();
  const editing = view.kind === 'edit' ? draft.data : null;
  const initial = useMemo(() => (editing ? valuesOf(editing.body) : emptyValues(new Date())), [editing]);
  const period = editing ? { year: editing.body.id_a_year, ws: editing.body.id_w_s } : current;
  const send = (v: CreateValues) => {
    if (!period) return;
    const body = createBody(v, period.year, period.ws);
    dispatch(editing ? A.updateRequested({ ...body, id: editing.id }) : A.createRequested(body));
  };
  const title = view.kind === 'edit' ? t('manage.editTitle') : t('create.title');
  const validate = useMemo(() => yupValidator<CreateValues>((yup) => createSchema(yup, (key, options) => t(key, options))), [t]);
  const kinds = [
    { id: 'survey', name: t('kind.survey') },
    { id: 'evaluation', name: t('kind.evaluation') },
  ];
  return (
    <section className="card qn-form" aria-labelledby="qn-create-title" data-testid="qn-create-form">
      <h2 id="qn-create-title" className="qn-heading">
        {title}
      </h2>
      <Loaded
        of={view.kind === 'edit' ? [choices, draft] : choices}
        onRetry={() => dispatch(view.kind === 'edit' ? A.editOpened({ id: view.id }) : A.createOpened())}
      >
        {choices.data && period && (view.kind !== 'edit' || editing) ? (
          <Formik<CreateValues> initialValues={initial} validate={validate} onSubmit={send}>
            <Form className="qn-create" noValidate aria-labelledby="qn-create-title">
              <TextField name="title" label={t('create.name')} prose />
              <TextField name="description" label={t('create.description')} hint={t('create.optional')} multiline prose />
              <SelectField name="kind" label={t('create.kind')} options={kinds} />
              <CheckField name="anonymous" label={t('create.anonymous')} />
              <TextField name="opensAt" type="datetime-local" label={t('create.opensAt')} />
              <TextField name="closesAt" type="datetime-local" label={t('create.closesAt')} />
              <AudienceFields choices={choices.data} />
              <QuestionsEditor />
              {create.failure ? (
                <p className="field-error" role="alert">
                  {describeFailure(t, create.failure)}
                </p>
              ) : null}
              <FormButtons busy={create.busy} label={editing ? t('manage.save') : t('create.submit')} testId="qn-create-submit" />
            </Form>
          </Formik>
        ) : null}
      </Loaded>
    </section>
  );
}
