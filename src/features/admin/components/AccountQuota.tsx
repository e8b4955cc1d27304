/**
 * An account's storage quota (docs/areas/admin.md#for-users): its own, typed in MB and saved, or its
 * role's default (said beside the field, and restored by the reset button); what its files take now,
 * and a warning when that is above the quota that counts (its uploads are then refused). A value off
 * the rule (a whole number from 1 to QUOTA_MAX) is said under the field and not sent; a refusal of the
 * server is said beside it.
 */
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import type { AdminAccount } from '@contract/admin';
import { TextField } from '@components/fields';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { QUOTA_MAX } from '../admin.api';
import { adminActions as A, selectAdmin } from '../admin.slice';

interface Values {
  /** Text as typed (Formik gives a number input's value as a number once typed). */
  quotaMb: string | number;
}

/** The quota typed, or null when it is no whole number from 1 to QUOTA_MAX. */
function valueOf(values: Values): number | null {
  const text = String(values.quotaMb).trim();
  const n = Number(text);
  return /^\d+$/.test(text) && n >= 1 && n <= QUOTA_MAX ? n : null;
}

export function AccountQuota({ id, account }: { id: string; account: AdminAccount }) {
  const { t, i18n } = useTranslation(['admin', 'cm']);
  const dispatch = useAppDispatch();
  const { quotaBusy, quotaError } = useAppSelector(selectAdmin);
  const busy = quotaBusy === account.id;
  const refused = quotaError?.id === account.id ? quotaError.failure : null;
  const number = (n: number) => n.toLocaleString(i18n.language === 'en' ? 'en' : 'ru');
  const effective = account.quotaMb ?? account.quotaDefaultMb;
  const over = account.usedMb > effective;
  const invalid = t('quota.invalid', { max: number(QUOTA_MAX) });
  const validate = (values: Values) => (valueOf(values) === null ? { quotaMb: invalid } : {});
  return (
    <section className="adm-quota" aria-labelledby={`${id}-quota-title`} aria-busy={busy} data-testid="admin-quota">
      <h3 id={`${id}-quota-title`} className="adm-quota-title">
        {t('quota.title')}
      </h3>
      <p className="muted small">
        {account.quotaMb === null
          ? t('quota.usesDefault', { mb: number(account.quotaDefaultMb) })
          : t('quota.roleDefault', { mb: number(account.quotaDefaultMb) })}{' '}
        {t('quota.used', { mb: number(account.usedMb) })}
      </p>
      {over ? (
        <p className="field-error" data-testid="admin-quota-over">
          {t('quota.over', { used: number(account.usedMb), quota: number(effective) })}
        </p>
      ) : null}
      <Formik<Values>
        key={`${account.id}-${account.quotaMb ?? ''}`}
        initialValues={{ quotaMb: account.quotaMb === null ? '' : String(account.quotaMb) }}
        validate={validate}
        validateOnChange={false}
        onSubmit={(values) => {
          dispatch(A.quotaRequested({ id: account.id, quotaMb: valueOf(values)! }));
        }}
      >
        <Form className="adm-quota-form" noValidate aria-label={t('quota.title')}>
          <TextField name="quotaMb" label={t('quota.field')} hint={t('quota.hint', { max: number(QUOTA_MAX) })} type="number" autoComplete="off" />
          <div className="adm-actions">
            <button type="submit" className="btn btn-secondary" disabled={busy} data-testid="admin-quota-save">
              {t('quota.save')}
            </button>
            {account.quotaMb !== null ? (
              <button
                type="button"
                className="btn btn-ghost"
                disabled={busy}
                onClick={() => dispatch(A.quotaRequested({ id: account.id, quotaMb: null }))}
                data-testid="admin-quota-reset"
              >
                {t('quota.reset', { mb: number(account.quotaDefaultMb) })}
              </button>
            ) : null}
          </div>
          {refused ? (
            <p className="field-error" role="alert" data-testid="admin-quota-error">
              {describeFailure(t, refused)}
            </p>
          ) : null}
        </Form>
      </Formik>
    </section>
  );
}
