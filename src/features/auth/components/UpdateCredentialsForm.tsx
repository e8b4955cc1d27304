import { useMemo } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '../../../components/fields';
import { Spinner } from '../../../components/Spinner';
import { usePreloadYup, yupValidator } from '../../../lib/validation';
import { LOGIN_MIN } from './LoginForm';

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

/** docs/product.md#auth: the forced credential update — new login, new password, confirmation; a mismatch sends nothing. */
export function UpdateCredentialsForm({ login, passwordMin, busy, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('auth');
  const min = Math.max(LOGIN_MIN, passwordMin);
  const validate = useMemo(
    () =>
      yupValidator<NewCredentials>((yup) =>
        yup.object({
          newlog: yup.string().trim().required(t('validation.newLoginRequired')).min(LOGIN_MIN, t('validation.min', { min: LOGIN_MIN })),
          newpas: yup.string().required(t('validation.newPasswordRequired')).min(min, t('validation.min', { min })),
          confirm: yup
            .string()
            .required(t('validation.confirmRequired'))
            .oneOf([yup.ref('newpas')], t('login.passnotmatch')),
        }),
      ),
    [t, min],
  );
  usePreloadYup();
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
