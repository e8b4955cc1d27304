import { useEffect, useMemo, useRef } from 'react';
import { Form, Formik, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/fields';
import { Spinner } from '../../../components/Spinner';
import { usePreloadYup, yupValidator } from '../../../lib/validation';

export interface PasswordChangeValues {
  password: string;
  newPassword: string;
  confirm: string;
}

interface Props {
  min: number;
  busy: boolean;
  done: boolean;
  onSubmit: (values: { password: string; newPassword: string }) => void;
}

/** docs/product.md#password: old password required, new one at least `min`, confirmation equal. */
export function PasswordChangeForm({ min, busy, done, onSubmit }: Props) {
  const { t } = useTranslation('password');
  const formRef = useRef<FormikProps<PasswordChangeValues>>(null);
  const validate = useMemo(
    () =>
      yupValidator<PasswordChangeValues>((yup) =>
        yup.object({
          password: yup.string().required(t('change.oldRequired')),
          newPassword: yup.string().required(t('change.newRequired', { min })).min(min, t('change.newRequired', { min })),
          confirm: yup
            .string()
            .required(t('change.mismatch'))
            .min(min, t('change.mismatch'))
            .oneOf([yup.ref('newPassword')], t('change.mismatch')),
        }),
      ),
    [t, min],
  );
  usePreloadYup();

  useEffect(() => {
    if (done) formRef.current?.resetForm();
  }, [done]);

  return (
    <Formik<PasswordChangeValues>
      innerRef={formRef}
      initialValues={{ password: '', newPassword: '', confirm: '' }}
      validate={validate}
      onSubmit={(values) => onSubmit({ password: values.password, newPassword: values.newPassword })}
    >
      <Form className="form" data-testid="password-change-form" aria-label={t('change.title')} noValidate>
        <PasswordField name="password" label={t('change.old')} autoComplete="current-password" />
        <PasswordField name="newPassword" label={t('change.new')} autoComplete="new-password" hint={t('change.hint', { min })} />
        <PasswordField name="confirm" label={t('change.confirm')} autoComplete="new-password" />
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner size="sm" /> : null}
          {t('change.submit')}
        </button>
      </Form>
    </Formik>
  );
}
