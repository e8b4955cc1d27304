/** The search for free rooms: a date and pair (none: now), a building, a capacity at least, a kind. */
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import type { FreeRoomsBody, RoomsOptions } from '@contract/rooms';
import { ROOM_KINDS } from '@contract/pure/rooms';
import { SelectField, TextField } from '@components/fields';
import { useAppDispatch } from '@shared/hooks';
import { roomsActions as A } from '../rooms.slice';

interface Values {
  date: string;
  lessonTimeId: string;
  building: string;
  minCapacity: string;
  kind: string;
}

/** The search's body from the form: empty fields are left out. */
export function queryOf(v: Values): FreeRoomsBody {
  const capacity = Number(v.minCapacity);
  return {
    ...(v.date ? { date: v.date } : {}),
    ...(v.lessonTimeId ? { lessonTimeId: Number(v.lessonTimeId) } : {}),
    ...(v.building ? { building: v.building } : {}),
    ...(v.minCapacity && Number.isInteger(capacity) && capacity > 0 ? { minCapacity: capacity } : {}),
    ...(v.kind ? { kind: v.kind as FreeRoomsBody['kind'] } : {}),
  };
}

export function FreeSearch({ options, query }: { options: RoomsOptions; query: FreeRoomsBody }) {
  const { t } = useTranslation('rooms');
  const dispatch = useAppDispatch();
  const initial: Values = {
    date: query.date ?? '',
    lessonTimeId: query.lessonTimeId ? String(query.lessonTimeId) : '',
    building: query.building ?? '',
    minCapacity: query.minCapacity ? String(query.minCapacity) : '',
    kind: query.kind ?? '',
  };
  return (
    <Formik<Values>
      initialValues={initial}
      onSubmit={(v) => {
        dispatch(A.searched(queryOf(v)));
      }}
    >
      {({ resetForm }) => (
        <Form className="card rm-search" noValidate aria-label={t('search.title')} data-testid="rm-search">
          <TextField name="date" type="date" label={t('search.date')} hint={t('search.dateHint')} />
          <SelectField
            name="lessonTimeId"
            label={t('search.time')}
            options={options.times.map((x) => ({ id: x.id, name: t('pair', { n: x.id, from: x.startsAt, to: x.endsAt }) }))}
          />
          <SelectField name="building" label={t('search.building')} options={options.buildings.map((b) => ({ id: b, name: b }))} />
          <TextField name="minCapacity" type="number" label={t('search.capacity')} />
          <SelectField name="kind" label={t('search.kind')} options={ROOM_KINDS.map((k) => ({ id: k, name: t(`kinds.${k}`) }))} />
          <div className="rm-search-actions">
            <button type="submit" className="btn btn-primary">
              {t('search.submit')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                resetForm({ values: { date: '', lessonTimeId: '', building: '', minCapacity: '', kind: '' } });
                dispatch(A.searched({}));
              }}
            >
              {t('search.now')}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
