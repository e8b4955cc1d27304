/**
 * The new account of a member of staff (docs/areas/admin.md#for-users): his name, gender, position,
 * department, teacher code and login. A refusal of one field (the login or the teacher code taken, a
 * field the server refused) is said under that field, which gets the focus, until its value changes;
 * any other refusal is said above the buttons. Once made, the account opens in the list with its
 * one-time password (AccountPanel).
 */
import { useEffect, useMemo, useRef } from 'react';
import { Form, Formik, useFormikContext, type FormikErrors } from 'formik';
import { useTranslation } from 'react-i18next';
import type { NewAccountBody } from '@contract/admin';
import { SIGN_IN_MIN as LOGIN_MIN } from '@api/config';
import type { Failure } from '@api/http';
import { SelectField, TextField } from '@components/fields';
import { Spinner } from '@components/Spinner';
import { usePreloadYup, yupValidator } from '@lib/validation';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { LoadFailed } from '@shared/request/LoadFailed';
import { pending } from '@shared/request/loadable';
import { LOGIN_MAX, LOGIN_PATTERN, NAME_MAX, TEACHER_CODE_MAX } from '../admin.api';
import { adminActions as A, selectAdmin } from '../admin.slice';

interface Values {
  surname: string;
  name: string;
  patronymic: string;
  gender: string;
  positionId: string;
  departmentId: string;
  code: string;
  login: string;
}

const EMPTY: Values = { surname: '', name: '', patronymic: '', gender: '', positionId: '', departmentId: '', code: '', login: '' };
const FIELDS = Object.keys(EMPTY) as (keyof Values)[];

/** The field a refusal is about, if it is about one. */
function refusedField(failure: Failure | null): keyof Values | null {
  const code = failure?.error?.code;
  if (code === 'LOGIN_TAKEN') return 'login';
  if (code === 'TEACHER_CODE_TAKEN') return 'code';
  const field = failure?.error?.params?.field;
  return code === 'BAD_REQUEST' && FIELDS.includes(field as keyof Values) ? (field as keyof Values) : null;
}

const bodyOf = (v: Values): NewAccountBody => ({
  surname: v.surname.trim(),
  name: v.name.trim(),
  ...(v.patronymic.trim() ? { patronymic: v.patronymic.trim() } : {}),
  gender: v.gender as 'm' | 'f',
  positionId: Number(v.positionId),
  departmentId: Number(v.departmentId),
  ...(v.code.trim() ? { code: v.code.trim() } : {}),
  login: v.login.trim(),
});

/** After a refusal of one field: the field is marked, its error shown, and it gets the focus. */
function RefusalShown({ field, failure }: { field: keyof Values; failure: Failure }) {
  const { setFieldTouched } = useFormikContext<Values>();
  useEffect(() => {
    void setFieldTouched(field, true, true);
    document.querySelector<HTMLElement>(`[data-testid="admin-new-form"] [name="${field}"]`)?.focus();
  }, [field, failure, setFieldTouched]);
  return null;
}

export function NewAccountForm({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'cm']);
  const dispatch = useAppDispatch();
  const { newAccount, staffLists } = useAppSelector(selectAdmin);
  const { busy, failure } = newAccount;
  usePreloadYup();
  const field = refusedField(failure);
  /** The values last sent: a field's refusal stands while its value is the one refused. */
  const sent = useRef<Values>(EMPTY);
  const refusal = failure && field ? { field, message: describeFailure(t, failure) } : null;

  const validate = useMemo(() => {
    const rules = yupValidator<Values>((yup) => {
      const text = (max: number) => yup.string().trim().max(max, t('newAccount.tooLong', { max }));
      const required = (max: number) => text(max).required(t('newAccount.required'));
      return yup.object({
        surname: required(NAME_MAX),
        name: required(NAME_MAX),
        patronymic: text(NAME_MAX),
        gender: yup.string().required(t('newAccount.required')),
        positionId: yup.string().required(t('newAccount.required')),
        departmentId: yup.string().required(t('newAccount.required')),
        code: text(TEACHER_CODE_MAX),
        login: required(LOGIN_MAX)
          .min(LOGIN_MIN, t('newAccount.loginMin', { min: LOGIN_MIN }))
          .matches(LOGIN_PATTERN, t('newAccount.loginChars')),
      });
    });
    return async (values: Values): Promise<FormikErrors<Values>> => {
      const errors = await rules(values);
      if (refusal && !errors[refusal.field] && values[refusal.field] === sent.current[refusal.field]) errors[refusal.field] = refusal.message;
      return errors;
    };
  }, [t, refusal?.field, refusal?.message]); // eslint-disable-line react-hooks/exhaustive-deps

  const genders = [
    { id: 'f', name: t('gender.f') },
    { id: 'm', name: t('gender.m') },
  ];
  const loading = pending(staffLists);
  const generalError = failure && !field ? 'admin-new-error' : undefined;

  return (
    <section id={id} className="card adm-new" aria-labelledby={`${id}-title`} data-testid="admin-new">
      <h2 id={`${id}-title`} className="adm-new-title">
        {t('newAccount.title')}
      </h2>
      <p className="muted small">{t('newAccount.intro')}</p>
      {staffLists.error ? <LoadFailed failure={staffLists.error} onRetry={() => dispatch(A.newAccountShown(true))} /> : null}
      <Formik<Values>
        initialValues={EMPTY}
        validate={validate}
        onSubmit={(values) => {
          sent.current = values;
          dispatch(A.newAccountRequested(bodyOf(values)));
        }}
      >
        <Form className="adm-new-form" noValidate aria-label={t('newAccount.title')} aria-describedby={generalError} data-testid="admin-new-form">
          {refusal && failure ? <RefusalShown field={refusal.field} failure={failure} /> : null}
          <TextField name="surname" label={t('newAccount.surname')} autoComplete="off" autoFocus prose />
          <TextField name="name" label={t('newAccount.name')} autoComplete="off" prose />
          <TextField name="patronymic" label={t('newAccount.patronymic')} hint={t('newAccount.optional')} autoComplete="off" prose />
          <SelectField name="gender" label={t('newAccount.gender')} options={genders} />
          <SelectField name="positionId" label={t('newAccount.position')} options={staffLists.data.positions} loading={loading} />
          <SelectField name="departmentId" label={t('newAccount.department')} options={staffLists.data.departments} loading={loading} />
          <TextField name="code" label={t('newAccount.code')} hint={t('newAccount.codeHint')} autoComplete="off" />
          <TextField name="login" label={t('newAccount.login')} hint={t('newAccount.loginHint', { min: LOGIN_MIN })} autoComplete="off" />
          {generalError ? (
            <p id={generalError} className="field-error adm-new-wide" role="alert" data-testid="admin-new-error">
              {describeFailure(t, failure)}
            </p>
          ) : null}
          <div className="adm-actions adm-new-wide">
            <button type="submit" className="btn btn-primary" disabled={busy || loading} aria-busy={busy} data-testid="admin-new-submit">
              {busy ? <Spinner size="sm" /> : null}
              {busy ? t('newAccount.submitting') : t('newAccount.submit')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
              {t('newAccount.cancel')}
            </button>
          </div>
        </Form>
      </Formik>
    </section>
  );
}
