import { useMemo } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '@components/fields';
import { Spinner } from '@components/Spinner';
import { minLength, required, sameAs, validateFields } from '@lib/validation';
import { SIGN_IN_MIN as LOGIN_MIN } from '@api/config';

export interface NewCredentials {
  newlog: string;
  newpas: string;
  confirm: string;
}

interface Props {
  login: string | null;
  passwordMin: number;
  busy: boolean;
  onSubmit: (values: { newlog: string; newpas: string }) => void;
  onCancel: () => void;
}

/** docs/areas/auth.md#for-users: the forced credential update — new login, new password, confirmation; a mismatch sends nothing. */
export function UpdateCredentialsForm({ login, passwordMin, busy, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('auth');
  // The new-password minimum of the one policy (selectPasswordMin), as the server checks it.
  const min = passwordMin;
  // Plain rules rather than yup, as on the login form: this form is part of the login screen.
  const validate = useMemo(
    () =>
      validateFields<NewCredentials>({
        newlog: { trim: true, rules: [required(t('validation.newLoginRequired')), minLength(LOGIN_MIN, t('validation.min', { min: LOGIN_MIN }))] },
        newpas: { rules: [required(t('validation.newPasswordRequired')), minLength(min, t('validation.min', { min }))] },
        // The mismatch first, as yup's oneOf (checked before its other tests) did.
        confirm: { rules: [sameAs('newpas', t('login.passnotmatch')), required(t('validation.confirmRequired'))] },
      }),
    [t, min],
  );
  return (
    <Formik<NewCredentials>
      initialValues={{ newlog: '', newpas: '', confirm: '' }}
      validate={validate}
      onSubmit={(values) => onSubmit({ newlog: values.newlog.trim(), newpas: values.newpas })}
    >
      <Form className="form" data-testid="update-form" aria-label={t('update.heading')} noValidate>
        <p className="form-intro">{login ? t('update.intro', { login }) : t('update.introNoLogin')}</p>
        <TextField name="newlog" label={t('update.newLogin')} autoComplete="username" autoFocus />
        <PasswordField name="newpas" label={t('update.newPassword')} autoComplete="new-password" hint={t('update.hint', { min })} />
        <PasswordField name="confirm" label={t('update.confirm')} autoComplete="new-password" />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner size="sm" /> : null}
          {busy ? t('update.submitting') : t('update.submit')}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={onCancel} disabled={busy}>
          {t('update.back')}
        </button>
      </Form>
    </Formik>
  );
}
