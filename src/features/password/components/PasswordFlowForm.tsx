import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Form, Formik, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import type * as Yup from 'yup';
import { PasswordField } from '@components/fields';
import { Spinner } from '@components/Spinner';
import { usePreloadYup, yupValidator, type YupModule } from '@lib/validation';

interface PasswordValues {
  password: string;
  newPassword: string;
  confirm: string;
}

/** The keys (namespace `password`) of the form's own texts; the hint and the "new" rule are `change.*` for every such form. */
export interface PasswordFormKeys {
  title: string;
  current: string;
  currentRequired: string;
  newPassword: string;
  confirm: string;
  mismatch: string;
  submit: string;
}

/** Fields asked between the current password and the new one: their first values, rules and inputs. */
export interface ExtraFields<X extends Record<string, string>> {
  initial: X;
  rules: (yup: YupModule) => { [K in keyof X]: Yup.Schema };
  fields: ReactNode;
}

interface Props<X extends Record<string, string>> {
  testId: string;
  keys: PasswordFormKeys;
  min: number;
  busy: boolean;
  done: boolean;
  /** Shown above the fields. */
  intro?: ReactNode;
  extra?: ExtraFields<X>;
  /** The confirmation is held to the minimum length as well (its error is the mismatch). */
  confirmMin?: boolean;
  onSubmit: (values: X & { password: string; newPassword: string }) => void;
}

/**
 * docs/areas/password.md#for-users: the current password required, the new one at least `min`, the
 * confirmation equal; what a change of the password asks besides (a new login) comes as `extra`.
 */
export function PasswordFlowForm<X extends Record<string, string> = Record<never, string>>(props: Props<X>) {
  const { testId, keys, min, busy, done, intro, extra, confirmMin, onSubmit } = props;
  const { t } = useTranslation('password');
  const formRef = useRef<FormikProps<PasswordValues & X>>(null);
  const rules = extra?.rules;
  const validate = useMemo(
    () =>
      yupValidator<PasswordValues & X>((yup) => {
        const confirm = yup.string().required(t(keys.mismatch));
        return yup.object({
          password: yup.string().required(t(keys.currentRequired)),
          ...rules?.(yup),
          newPassword: yup.string().required(t('change.newRequired', { min })).min(min, t('change.newRequired', { min })),
          confirm: (confirmMin ? confirm.min(min, t(keys.mismatch)) : confirm).oneOf([yup.ref('newPassword')], t(keys.mismatch)),
        });
      }),
    [t, min, keys, rules, confirmMin],
  );
  usePreloadYup();

  useEffect(() => {
    if (done) formRef.current?.resetForm();
  }, [done]);

  return (
    <Formik<PasswordValues & X>
      innerRef={formRef}
      initialValues={{ password: '', ...extra?.initial, newPassword: '', confirm: '' } as PasswordValues & X}
      validate={validate}
      onSubmit={({ confirm: _confirm, ...values }) => onSubmit(values as unknown as X & { password: string; newPassword: string })}
    >
      <Form className="form" data-testid={testId} aria-label={t(keys.title)} noValidate>
        {intro}
        <PasswordField name="password" label={t(keys.current)} autoComplete="current-password" />
        {extra?.fields}
        <PasswordField name="newPassword" label={t(keys.newPassword)} autoComplete="new-password" hint={t('change.hint', { min })} />
        <PasswordField name="confirm" label={t(keys.confirm)} autoComplete="new-password" />
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner size="sm" /> : null}
          {t(keys.submit)}
        </button>
      </Form>
    </Formik>
  );
}
