/**
 * An administrator's new education-history event on a student's card: its kind, date, order number
 * and date, a note, and for a transfer the new group (the student joins it in the same write). The
 * form checks what the server checks (an order number, dates at most a week ahead, a group for a
 * transfer); a refusal of one field is said under the form, naming it.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import type { EventKind } from '@contract/personalcard';
import { EVENT_DAYS_AHEAD, EVENT_KINDS, NOTE_MAX, ORDER_NUMBER_MAX } from '@contract/pure/personalcard';
import { SelectField, TextField } from '@components/fields';
import { usePreloadYup, yupValidator } from '@lib/validation';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { personalcardActions as A, selectPersonalCard } from '../personalcard.slice';
import { CardSection, CardFormEnd } from './CardSection';

interface Values {
  kind: string;
  date: string;
  orderNumber: string;
  orderDate: string;
  groupId: string;
  note: string;
}

const EMPTY: Values = { kind: '', date: '', orderNumber: '', orderDate: '', groupId: '', note: '' };

/** The last day an event may be dated: a week after today, here. */
function latestDay(): string {
  const d = new Date(Date.now() + EVENT_DAYS_AHEAD * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The group field, shown for a transfer only. */
function GroupField({ groups }: { groups: { id: number; name: string }[] }) {
  const { t } = useTranslation('personalcard');
  const { values } = useFormikContext<Values>();
  return values.kind === 'transfer' ? <SelectField name="groupId" label={t('event.group')} options={groups} /> : null;
}

export function AddEventForm({ userId, groups, currentGroup }: { userId: number; groups: { id: number; name: string }[]; currentGroup: string }) {
  const { t } = useTranslation(['personalcard', 'cm']);
  const dispatch = useAppDispatch();
  const { event } = useAppSelector(selectPersonalCard);
  const done = useRef(event.done);
  const reset = useRef<FormikHelpers<Values>['resetForm'] | null>(null);
  usePreloadYup();

  useEffect(() => {
    if (event.done !== done.current) {
      done.current = event.done;
      reset.current?.();
    }
  }, [event.done]);

  const validate = useMemo(
    () =>
      yupValidator<Values>((yup) => {
        const day = () =>
          yup
            .string()
            .required(t('required'))
            .test('ahead', t('event.tooLate', { days: EVENT_DAYS_AHEAD }), (v) => !v || v <= latestDay());
        return yup.object({
          kind: yup.string().required(t('required')),
          date: day(),
          orderNumber: yup
            .string()
            .trim()
            .required(t('required'))
            .max(ORDER_NUMBER_MAX, t('tooLong', { max: ORDER_NUMBER_MAX })),
          orderDate: day(),
          groupId: yup.string().when('kind', { is: 'transfer', then: (s) => s.required(t('required')), otherwise: (s) => s }),
          note: yup.string().max(NOTE_MAX, t('tooLong', { max: NOTE_MAX })),
        });
      }),
    [t],
  );

  const others = groups.filter((g) => g.name !== currentGroup);
  const field = event.failure?.error?.params?.field;
  const refusal = event.failure
    ? event.failure.error?.code === 'BAD_REQUEST' && typeof field === 'string'
      ? t('event.refused', { field: t(`event.fields.${field}`, { defaultValue: field }) })
      : describeFailure(t, event.failure)
    : null;

  return (
    <CardSection name="add-event" title={t('event.title')} testId="pc-add-event">
      <Formik<Values>
        initialValues={EMPTY}
        validate={validate}
        onSubmit={(v, helpers) => {
          reset.current = helpers.resetForm;
          const note = v.note.trim();
          dispatch(
            A.eventRequested({
              userId,
              kind: v.kind as EventKind,
              date: v.date,
              orderNumber: v.orderNumber.trim(),
              orderDate: v.orderDate,
              ...(v.kind === 'transfer' ? { groupId: Number(v.groupId) } : {}),
              ...(note ? { note } : {}),
            }),
          );
        }}
      >
        <Form className="pc-event-form" noValidate aria-labelledby="pc-add-event-title">
          <SelectField name="kind" label={t('event.kind')} options={EVENT_KINDS.map((k) => ({ id: k, name: t(`kinds.${k}`) }))} />
          <GroupField groups={others} />
          <TextField name="date" type="date" label={t('event.date')} />
          <TextField name="orderNumber" label={t('event.orderNumber')} autoComplete="off" />
          <TextField name="orderDate" type="date" label={t('event.orderDate')} />
          <TextField name="note" label={t('event.note')} hint={t('optional')} multiline prose />
          <CardFormEnd refusal={refusal} refusalTestId="pc-event-error" wide busy={event.busy} submit={t('event.submit')} submitTestId="pc-event-submit" />
        </Form>
      </Formik>
    </CardSection>
  );
}
