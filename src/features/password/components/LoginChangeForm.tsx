import { useEffect, useMemo, useRef } from 'react';
import { Form, Formik, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '../../../components/fields';
import { Spinner } from '../../../components/Spinner';
import { usePreloadYup, yupValidator } from '../../../lib/validation';
import { SIGN_IN_MIN } from '../../../api/config';

export interface LoginChangeValues {
  password: string;
  newlog: string;
  newpas: string;
  confirm: string;
}

interface Props {
  currentLogin: string;
  min: number;
  busy: boolean;
  done: boolean;
  onSubmit: (values: { password: string; newlog: string; newpas: string }) => void;
}

const LOGIN_MIN = SIGN_IN_MIN;

/** The login-and-password change: current password, new login, new password, confirmation. */
export function LoginChangeForm({ currentLogin, min, busy, done, onSubmit }: Props) {
  const { t } = useTranslation('password');
  const formRef = useRef<FormikProps<LoginChangeValues>>(null);
  const validate = useMemo(
    () =>
      yupValidator<LoginChangeValues>((yup) =>
        yup.object({
          password: yup.string().required(t('login.currentRequired')),
          newlog: yup
            .string()
            .trim()
            .required(t('login.loginRequired'))
            .min(LOGIN_MIN, t('login.loginMin', { min: LOGIN_MIN })),
          newpas: yup.string().required(t('change.newRequired', { min })).min(min, t('change.newRequired', { min })),
          confirm: yup
            .string()
            .required(t('login.mismatch'))
            .oneOf([yup.ref('newpas')], t('login.mismatch')),
        }),
      ),
    [t, min],
  );
  usePreloadYup();

  useEffect(() => {
    if (done) formRef.current?.resetForm();
  }, [done]);

  return (
    <Formik<LoginChangeValues>
      innerRef={formRef}
      initialValues={{ password: '', newlog: '', newpas: '', confirm: '' }}
      validate={validate}
      onSubmit={(values) => onSubmit({ password: values.password, newlog: values.newlog.trim(), newpas: values.newpas })}
    >
      <Form className="form" data-testid="login-change-form" aria-label={t('login.title')} noValidate>
        <p className="muted small">{t('login.current', { login: currentLogin })}</p>
        <PasswordField name="password" label={t('login.currentPassword')} autoComplete="current-password" />
        <TextField name="newlog" label={t('login.newLogin')} autoComplete="username" />
        <PasswordField name="newpas" label={t('login.newPassword')} autoComplete="new-password" hint={t('change.hint', { min })} />
        <PasswordField name="confirm" label={t('login.confirm')} autoComplete="new-password" />
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner size="sm" /> : null}
          {t('login.submit')}
        </button>
      </Form>
    </Formik>
  );
}
