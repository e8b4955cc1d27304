import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@components/fields';
import { SIGN_IN_MIN } from '@api/config';
import type { YupModule } from '@lib/validation';
import { PasswordFlowForm, type PasswordFormKeys } from './PasswordFlowForm';

interface Props {
  currentLogin: string;
  min: number;
  busy: boolean;
  done: boolean;
  onSubmit: (values: { password: string; newlog: string; newpas: string }) => void;
}

const LOGIN_MIN = SIGN_IN_MIN;

const KEYS: PasswordFormKeys = {
  title: 'login.title',
  current: 'login.currentPassword',
  currentRequired: 'login.currentRequired',
  newPassword: 'login.newPassword',
  confirm: 'login.confirm',
  mismatch: 'login.mismatch',
  submit: 'login.submit',
};

/** The login-and-password change: current password, new login, new password, confirmation. */
export function LoginChangeForm({ currentLogin, onSubmit, ...state }: Props) {
  const { t } = useTranslation('password');
  const extra = useMemo(
    () => ({
      initial: { newlog: '' },
      rules: (yup: YupModule) => ({
        newlog: yup
          .string()
          .trim()
          .required(t('login.loginRequired'))
          .min(LOGIN_MIN, t('login.loginMin', { min: LOGIN_MIN })),
      }),
      fields: <TextField name="newlog" label={t('login.newLogin')} autoComplete="username" />,
    }),
    [t],
  );
  return (
    <PasswordFlowForm<{ newlog: string }>
      testId="login-change-form"
      keys={KEYS}
      {...state}
      intro={<p className="muted small">{t('login.current', { login: currentLogin })}</p>}
      extra={extra}
      onSubmit={(values) => onSubmit({ password: values.password, newlog: values.newlog.trim(), newpas: values.newPassword })}
    />
  );
}
