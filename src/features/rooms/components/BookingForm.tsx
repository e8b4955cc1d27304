/**
 * A teacher's booking of the open room: one of his weekly lessons (its discipline and group), what
 * for (a make-up lesson or a consultation), the date and the pair. The form checks what it can (every
 * field, no past date); the server's refusal (the room or the teacher taken meanwhile, a pair already
 * started…) is said under it.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import type { BookingKind, RoomsOptions } from '@contract/rooms';
import { BOOKING_KINDS } from '@contract/pure/rooms';
import { RefusalSubmit } from '@components/RefusalSubmit';
import { SelectField, TextField } from '@components/fields';
import { usePreloadYup, yupValidator } from '@lib/validation';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { roomsActions as A, selectRooms } from '../rooms.slice';

interface Values {
  idShed: string;
  kind: string;
  date: string;
  lessonTimeId: string;
}

interface Props {
  roomId: number;
  options: RoomsOptions;
  /** The slot searched, the form's first choice. */
  date: string;
  lessonTimeId: number | null;
}

export function BookingForm({ roomId, options, date, lessonTimeId }: Props) {
  const { t } = useTranslation('rooms');
  const dispatch = useAppDispatch();
  const { book } = useAppSelector(selectRooms);
  const done = useRef(book.done);
  const reset = useRef<FormikHelpers<Values>['resetForm'] | null>(null);
  usePreloadYup();

  useEffect(() => {
    if (book.done !== done.current) {
      done.current = book.done;
      reset.current?.();
    }
  }, [book.done]);

  const validate = useMemo(
    () =>
      yupValidator<Values>((yup) =>
        yup.object({
          idShed: yup.string().required(t('form.required')),
          kind: yup.string().required(t('form.required')),
          date: yup
            .string()
            .required(t('form.required'))
            .test('past', t('form.past'), (v) => !v || v >= options.today),
          lessonTimeId: yup.string().required(t('form.required')),
        }),
      ),
    [t, options.today],
  );

  const initial: Values = { idShed: '', kind: 'makeup', date, lessonTimeId: lessonTimeId ? String(lessonTimeId) : '' };
  return (
    <section className="rm-book" aria-labelledby="rm-book-title" data-testid="rm-book">
      <h3 id="rm-book-title" className="rm-subtitle">
        {t('form.title')}
      </h3>
      {options.load.length === 0 ? (
        <p className="muted">{t('form.noLoad')}</p>
      ) : (
        <Formik<Values>
          initialValues={initial}
          validate={validate}
          onSubmit={(v, helpers) => {
            reset.current = helpers.resetForm;
            dispatch(A.bookRequested({ roomId, idShed: Number(v.idShed), kind: v.kind as BookingKind, date: v.date, lessonTimeId: Number(v.lessonTimeId) }));
          }}
        >
          <Form className="rm-book-form" noValidate aria-labelledby="rm-book-title">
            <SelectField
              name="idShed"
              label={t('form.lesson')}
              options={options.load.map((l) => ({ id: l.idShed, name: `${l.discipline} · ${l.lessonType} · ${l.group}` }))}
            />
            <SelectField name="kind" label={t('form.kind')} options={BOOKING_KINDS.map((k) => ({ id: k, name: t(`bookingKinds.${k}`) }))} />
            <TextField name="date" type="date" label={t('form.date')} />
            <SelectField
              name="lessonTimeId"
              label={t('form.time')}
              options={options.times.map((x) => ({ id: x.id, name: t('pair', { n: x.id, from: x.startsAt, to: x.endsAt }) }))}
            />
            <RefusalSubmit
              refusalClass="rm-refusal"
              refusalTestId="rm-book-refusal"
              refusal={book.failure ? describeFailure(t, book.failure) : ''}
              busy={book.busy}
              submit={book.busy ? t('form.sending') : t('form.submit')}
            />
          </Form>
        </Formik>
      )}
      {book.done > 0 && !book.failure ? (
        <p className="rm-done" role="status" data-testid="rm-book-done">
          {t('form.done')}
        </p>
      ) : null}
    </section>
  );
}
