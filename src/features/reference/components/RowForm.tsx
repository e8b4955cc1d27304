/**
 * The one form of every reference list (docs/areas/reference.md#for-users), drawn from the list's
 * columns: a text, number, date or time input, three names (ru, kg, en), a dropdown, role boxes or a
 * list of networks, each checked as its column says before it is sent. A moment (a registration
 * period's opening and closing) is shown and typed on the university's clock (its settings' time
 * zone), whatever the device's zone. The server's refusal of one
 * field (a rule of the list, a value another row holds) is said under that field, which gets the
 * focus, until its value changes; any other refusal is said above the buttons.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Field, Form, Formik, getIn, setIn, useFormikContext, type FormikErrors } from 'formik';
import { useTranslation } from 'react-i18next';
import type { ReferenceColumn, ReferenceList, ReferenceNames, ReferenceRow, ReferenceSaveBody, ReferenceValue } from '@contract/reference';
import type { Failure } from '@api/http';
import { Dialog } from '@components/Dialog';
import { SelectField, TextField } from '@components/fields';
import { Spinner } from '@components/Spinner';
import { fromZonedInput, zonedInputOf } from '@lib/dates';
import { usePreloadYup, yupValidator } from '@lib/validation';
import { useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { selectTimeZone } from '@shared/settings/settings';
import { choiceName, formatValue } from './format';

const LANGS = ['ru', 'kg', 'en'] as const;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const CIDR = /^[0-9a-fA-F.:]+\/\d{1,3}$/;

type FormValue = string | number | string[] | Record<string, string>;
export type FormValues = Record<string, FormValue>;

/** The form's values of a row (empty for a new one). */
function formValuesOf(columns: readonly ReferenceColumn[], row: ReferenceRow | null, timeZone: string | null): FormValues {
  const out: FormValues = {};
  for (const c of columns) {
    const v = row?.values[c.key] ?? null;
    if (c.kind === 'names') out[c.key] = { ru: '', kg: '', en: '', ...((v as Record<string, string> | null) ?? {}) };
    else if (c.kind === 'roles') out[c.key] = Array.isArray(v) ? v.map(String) : [];
    else if (c.kind === 'networks') out[c.key] = Array.isArray(v) ? v.join('\n') : '';
    else if (c.kind === 'timestamp') out[c.key] = typeof v === 'string' ? zonedInputOf(v, timeZone) : '';
    else out[c.key] = v === null ? '' : String(v);
  }
  return out;
}

/** The values sent of the form's (a time typed on the university's clock, `timeZone`). */
function valuesOf(columns: readonly ReferenceColumn[], form: FormValues, timeZone: string | null): Record<string, ReferenceValue> {
  const out: Record<string, ReferenceValue> = {};
  for (const c of columns) {
    const v = form[c.key];
    if (c.kind === 'names') out[c.key] = v as ReferenceNames;
    else if (c.kind === 'roles') out[c.key] = (v as string[]).map(Number);
    else if (c.kind === 'networks')
      out[c.key] = (v as string)
        .split(/[\s,]+/)
        .map((n) => n.trim())
        .filter(Boolean);
    else {
      // A number input's value comes as a number (Formik parses it).
      const text = typeof v === 'number' || typeof v === 'string' ? String(v).trim() : '';
      if (text === '') out[c.key] = null;
      else if (c.kind === 'integer' || c.kind === 'decimal' || c.kind === 'select') out[c.key] = Number(text.replace(',', '.'));
      else if (c.kind === 'timestamp') out[c.key] = fromZonedInput(text, timeZone) || text;
      else out[c.key] = text;
    }
  }
  return out;
}

/** The refused field, when the refusal names one of the form's. */
function refusedField(failure: Failure | null, columns: readonly ReferenceColumn[]): string | null {
  const field = failure?.error?.params?.field;
  if (typeof field !== 'string') return null;
  return columns.some((c) => c.key === field.split('.')[0]) ? field : null;
}

/** After a refusal of one field: the field is marked, its error shown, and it gets the focus. */
function RefusalShown({ field, failure }: { field: string; failure: Failure }) {
  const { setFieldTouched } = useFormikContext<FormValues>();
  useEffect(() => {
    void setFieldTouched(field, true, true);
    document.querySelector<HTMLElement>(`[data-testid="reference-form"] [name="${field}"]`)?.focus();
  }, [field, failure, setFieldTouched]);
  return null;
}

function RolesField({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('reference');
  const { errors, touched, submitCount } = useFormikContext<FormValues>();
  const error = getIn(touched, name) || submitCount > 0 ? (getIn(errors, name) as string | undefined) : undefined;
  return (
    <fieldset className="ref-roles">
      <legend>{label}</legend>
      {['1', '2'].map((r) => (
        <label key={r} className="check">
          <Field type="checkbox" name={name} value={r} />
          <span>{t(`roles.${r}`)}</span>
        </label>
      ))}
      <p className="field-error">{error}</p>
    </fieldset>
  );
}

function ColumnField({ list, column, autoFocus, timeZone }: { list: ReferenceList; column: ReferenceColumn; autoFocus: boolean; timeZone: string | null }) {
  const { t } = useTranslation('reference');
  const label = t(`columns.${list.name}.${column.key}`);
  // A time is typed on the university's clock, and the hint says whose.
  const zoneHint = column.kind === 'timestamp' ? (timeZone ? t('hints.universityTime', { zone: timeZone }) : t('hints.deviceTime')) : '';
  const hint = [t(`hints.${list.name}.${column.key}`, { defaultValue: '' }), zoneHint].filter(Boolean).join('. ') || undefined;
  switch (column.kind) {
    case 'names':
      return (
        <fieldset className="ref-names">
          <legend>{label}</legend>
          {LANGS.map((l, i) => (
            <TextField key={l} name={`${column.key}.${l}`} label={t(`languages.${l}`)} autoComplete="off" autoFocus={autoFocus && i === 0} prose />
          ))}
        </fieldset>
      );
    case 'select':
      return <SelectField name={column.key} label={label} hint={hint} options={column.options ?? []} />;
    case 'text':
      if (column.choices)
        return <SelectField name={column.key} label={label} hint={hint} options={column.choices.map((c) => ({ id: c, name: choiceName(t, c) }))} />;
      return <TextField name={column.key} label={label} hint={hint} autoComplete="off" autoFocus={autoFocus} prose />;
    case 'roles':
      return <RolesField name={column.key} label={label} />;
    case 'networks':
      return <TextField name={column.key} label={label} hint={hint ?? t('hints.networks')} multiline autoComplete="off" />;
    default: {
      const type =
        column.kind === 'integer'
          ? 'number'
          : column.kind === 'date'
            ? 'date'
            : column.kind === 'time'
              ? 'time'
              : column.kind === 'timestamp'
                ? 'datetime-local'
                : column.kind === 'url'
                  ? 'url'
                  : 'text';
      return <TextField name={column.key} label={label} hint={hint} type={type} autoComplete="off" autoFocus={autoFocus} />;
    }
  }
}

interface Props {
  list: ReferenceList;
  /** The row changed, or null for a new one. */
  row: ReferenceRow | null;
  busy: boolean;
  failure: Failure | null;
  onSave: (body: ReferenceSaveBody) => void;
  onClose: () => void;
}

export function RowForm({ list, row, busy, failure, onSave, onClose }: Props) {
  const { t, i18n } = useTranslation(['reference', 'cm']);
  usePreloadYup();
  const fields = list.columns.filter((c) => !(row && c.identity));
  const fixed = row ? list.columns.filter((c) => c.identity) : [];
  const field = refusedField(failure, fields);
  /** The values last sent: a field's refusal stands while its value is the one refused. */
  const sent = useRef<FormValues>({});
  const refusal = failure && field ? { field, message: describeFailure(t, failure) } : null;
  const timeZone = useAppSelector(selectTimeZone);
  const initial = useMemo(() => formValuesOf(list.columns, row, timeZone), [list, row, timeZone]);

  const validate = useMemo(() => {
    const rules = yupValidator<FormValues>((yup) => {
      const required = t('errors.required');
      const shape: Record<string, unknown> = {};
      for (const c of fields) {
        if (c.kind === 'names') {
          const text = yup
            .string()
            .trim()
            .max(c.max ?? 200, t('errors.tooLong', { max: c.max ?? 200 }));
          shape[c.key] = yup.object({
            ru: c.required ? text.required(required) : text,
            kg: c.required ? text.required(required) : text,
            en: c.required ? text.required(required) : text,
          });
          continue;
        }
        if (c.kind === 'roles') {
          shape[c.key] = c.required ? yup.array().min(1, required) : yup.array();
          continue;
        }
        let s = yup.string().trim();
        if (c.required) s = s.required(required);
        if (c.kind === 'integer' || c.kind === 'decimal') {
          const range = t('errors.range', { min: c.min ?? '', max: c.max ?? '' });
          s = s.test('number', t('errors.format'), (v) => !v || (c.kind === 'integer' ? /^-?\d+$/ : /^-?\d+([.,]\d+)?$/).test(v));
          s = s.test('range', range, (v) => {
            if (!v) return true;
            const n = Number(v.replace(',', '.'));
            return (c.min === undefined || n >= c.min) && (c.max === undefined || n <= c.max);
          });
        } else if (c.kind === 'time') s = s.matches(TIME, { message: t('errors.format'), excludeEmptyString: true });
        else if (c.kind === 'url') s = s.matches(/^https?:\/\/\S+$/, { message: t('errors.url'), excludeEmptyString: true });
        else if (c.kind === 'networks')
          s = s.test('cidr', t('errors.cidrAny'), (v) =>
            (v ?? '')
              .split(/[\s,]+/)
              .filter(Boolean)
              .every((n) => CIDR.test(n)),
          );
        else if (c.kind === 'text' || c.kind === 'timeZone') s = s.max(c.max ?? 200, t('errors.tooLong', { max: c.max ?? 200 }));
        shape[c.key] = s;
      }
      return yup.object(shape as never);
    });
    return async (values: FormValues): Promise<FormikErrors<FormValues>> => {
      let errors = await rules(values);
      if (refusal && !getIn(errors, refusal.field) && getIn(values, refusal.field) === getIn(sent.current, refusal.field))
        errors = setIn(errors, refusal.field, refusal.message) as FormikErrors<FormValues>;
      return errors;
    };
  }, [t, refusal?.field, refusal?.message]); // eslint-disable-line react-hooks/exhaustive-deps

  const generalError = failure && !field ? 'reference-form-error' : undefined;
  const title = row ? t('form.editTitle', { list: t(`lists.${list.name}`) }) : t('form.addTitle', { list: t(`lists.${list.name}`) });
  return (
    <Dialog title={title} onClose={() => !busy && onClose()} className="dialog card ref-dialog" testId="reference-dialog">
      <Formik<FormValues>
        initialValues={initial}
        validate={validate}
        onSubmit={(values) => {
          sent.current = values;
          onSave({ list: list.name, ...(row ? { id: row.id } : {}), values: valuesOf(fields, values, timeZone) });
        }}
      >
        <Form className="ref-form" noValidate aria-describedby={generalError} data-testid="reference-form">
          {refusal && failure ? <RefusalShown field={refusal.field} failure={failure} /> : null}
          {fixed.map((c) => (
            <p key={c.key} className="ref-fixed">
              <span className="muted">{t(`columns.${list.name}.${c.key}`)}:</span>{' '}
              <strong>{formatValue(c, row?.values[c.key] ?? null, t, i18n.language, timeZone)}</strong>
            </p>
          ))}
          {list.name === 'settings' ? <p className="ref-note">{t('settings.restart')}</p> : null}
          {fields.map((c, i) => (
            <ColumnField key={c.key} list={list} column={c} autoFocus={i === 0} timeZone={timeZone} />
          ))}
          {generalError ? (
            <p id={generalError} className="field-error" role="alert" data-testid="reference-form-error">
              {describeFailure(t, failure)}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
              {t('form.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy} data-testid="reference-save">
              {busy ? <Spinner size="sm" /> : null}
              {t('form.save')}
            </button>
          </div>
        </Form>
      </Formik>
    </Dialog>
  );
}
