import { useMemo } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '@components/fields';
import { Spinner } from '@components/Spinner';
import { minLength, required, validateFields } from '@lib/validation';
import { SIGN_IN_MIN } from '@api/config';
import type { Credentials } from '../auth.slice';

/**
 * docs/areas/auth.md#for-users: login and password are required, at least SIGN_IN_MIN characters; the
 * new-password rule is not this form's (contract/password-policy.ts).
 */
const LOGIN_MIN = SIGN_IN_MIN;

export function LoginForm({ busy, onSubmit }: { busy: boolean; onSubmit: (values: Credentials) => void }) {
  const { t } = useTranslation('auth');
  // Plain rules rather than yup: the login screen is the portal's first download.
  const validate = useMemo(
    () =>
      validateFields<Credentials>({
        login: { trim: true, rules: [required(t('validation.loginRequired')), minLength(LOGIN_MIN, t('validation.min', { min: LOGIN_MIN }))] },
        password: { rules: [required(t('validation.passwordRequired')), minLength(LOGIN_MIN, t('validation.min', { min: LOGIN_MIN }))] },
      }),
    [t],
  );
  return (
    <Formik<Credentials>
      initialValues={{ login: '', password: '' }}
      validate={validate}
      onSubmit={(values) => onSubmit({ login: values.login.trim(), password: values.password })}
    >
      <Form className="form" data-testid="login-form" aria-label={t('login.title')} noValidate>
        <TextField name="login" label={t('login.login')} autoComplete="username" />
        <PasswordField name="password" label={t('login.password')} autoComplete="current-password" />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner size="sm" /> : null}
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </Form>
    </Formik>
  );
}
