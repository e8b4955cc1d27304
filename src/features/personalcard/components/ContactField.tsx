/**
 * A contact of the card (phone, e-mail): its value, and for a field the owner may edit a "Change"
 * button that opens a form in its place. The form checks the value as the server does; the server's
 * refusal of the field is said under it. Escape or Cancel closes it and gives the focus back to the
 * button.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import type { CardField } from '@contract/personalcard';
import { EMAIL_MAX, PHONE_MAX, validEmail, validPhone } from '@contract/pure/personalcard';
import { TextField } from '@components/fields';
import { usePreloadYup, yupValidator } from '@lib/validation';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { personalcardActions as A, selectPersonalCard } from '../personalcard.slice';
import { CardFormEnd } from './CardSection';

interface Values {
  value: string;
}

export function ContactField({ field, value, editable }: { field: CardField; value: string | null; editable: boolean }) {
  const { t } = useTranslation(['personalcard', 'cm']);
  const dispatch = useAppDispatch();
  const { save } = useAppSelector(selectPersonalCard);
  const [editing, setEditing] = useState(false);
  /** The form closed: its Change button gets the focus back once it is there again. */
  const [refocus, setRefocus] = useState(false);
  const change = useRef<HTMLButtonElement>(null);
  const done = useRef(save.done);
  usePreloadYup();

  // A save of this field succeeded: the form closes, the focus goes back to its button.
  useEffect(() => {
    if (save.done !== done.current) {
      done.current = save.done;
      if (editing) {
        setEditing(false);
        setRefocus(true);
      }
    }
  }, [save.done, editing]);

  const refused = save.failure && save.field === field ? save.failure : null;
  const refusal = refused ? (refused.error?.code === 'BAD_REQUEST' ? t(`invalid.${field}`) : describeFailure(t, refused)) : null;

  const validate = useMemo(
    () =>
      yupValidator<Values>((yup) =>
        yup.object({
          value: yup
            .string()
            .trim()
            .required(t('required'))
            .max(field === 'phone' ? PHONE_MAX : EMAIL_MAX, t(`invalid.${field}`))
            .test('format', t(`invalid.${field}`), (v) => !v || (field === 'phone' ? validPhone(v.trim()) : validEmail(v.trim()))),
        }),
      ),
    [t, field],
  );

  useEffect(() => {
    if (!editing && refocus) {
      change.current?.focus();
      setRefocus(false);
    }
  }, [editing, refocus]);

  const close = () => {
    setEditing(false);
    setRefocus(true);
    dispatch(A.saveCancelled());
  };

  // Inside the list of contacts: its term (for assistive tech; the field's label shows it) and the form as its value.
  if (editing)
    return (
      <div className="pc-contact pc-contact-editing">
        <dt className="sr-only">{t(`fields.${field}`)}</dt>
        <dd>
          <Formik<Values>
            initialValues={{ value: value ?? '' }}
            validate={validate}
            onSubmit={(v) => void dispatch(A.saveRequested({ field, value: v.value.trim() }))}
          >
            <Form
              className="pc-edit"
              noValidate
              aria-label={t('editTitle', { field: t(`fields.${field}`) })}
              data-testid={`pc-edit-${field}`}
              onKeyDown={(e) => {
                if (e.key === 'Escape') close();
              }}
            >
              <TextField
                name="value"
                label={t(`fields.${field}`)}
                type={field === 'phone' ? 'tel' : 'email'}
                autoComplete={field === 'phone' ? 'tel' : 'email'}
                hint={t(`hints.${field}`)}
                autoFocus
              />
              <CardFormEnd refusal={refusal} refusalTestId="pc-edit-error" busy={save.busy} submit={t('save')} submitTestId={`pc-save-${field}`}>
                <button type="button" className="btn btn-ghost" onClick={close} disabled={save.busy}>
                  {t('cancel')}
                </button>
              </CardFormEnd>
            </Form>
          </Formik>
        </dd>
      </div>
    );

  return (
    <div className="pc-contact">
      <dt>{t(`fields.${field}`)}</dt>
      <dd data-testid={`pc-${field}`}>{value || t('none')}</dd>
      {editable ? (
        <dd className="pc-contact-action">
          <button
            ref={change}
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={t('changeField', { field: t(`fields.${field}`) })}
            onClick={() => setEditing(true)}
            data-testid={`pc-change-${field}`}
          >
            {t('change')}
          </button>
        </dd>
      ) : null}
    </div>
  );
}
