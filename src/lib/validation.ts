/**
 * Formik validation.
 *
 * - Field rules (`validateFields` with `required`, `minLength`, `sameAs`): a few lines of plain code
 *   for the small forms of the login screen, which then needs no validation library at all.
 * - yup for the other forms, loaded on demand: those forms render without it and it is fetched once
 *   the browser is idle after the form has appeared, well before the first validation (which waits
 *   for it if need be).
 */
import { useEffect } from 'react';
import { yupToFormErrors, type FormikErrors } from 'formik';
import type * as Yup from 'yup';

export type YupModule = typeof Yup;

/** A check of one field: the error text, or undefined when the value passes. */
export type Rule<V> = (value: string, values: V) => string | undefined;

/** Fails on an empty value (after trimming when the field is trimmed). */
export function required<V>(message: string): Rule<V> {
  return (value) => (value.length === 0 ? message : undefined);
}

/** Fails on a value shorter than `min` characters. */
export function minLength<V>(min: number, message: string): Rule<V> {
  return (value) => (value.length < min ? message : undefined);
}

/** Fails unless the value equals the (untrimmed) value of the field `other`. */
export function sameAs<V>(other: keyof V, message: string): Rule<V> {
  return (value, values) => (value === values[other] ? undefined : message);
}

export interface FieldRules<V> {
  /** Trim the value before the checks (as yup's `.trim()`). */
  trim?: boolean;
  rules: Rule<V>[];
}

/**
 * A Formik `validate` function from rules per field: each field gets the message of its first
 * failing rule, as yup's `validate(..., { abortEarly: false })` turned into Formik errors does.
 */
export function validateFields<V extends object>(fields: { [K in keyof V]?: FieldRules<V> }): (values: V) => FormikErrors<V> {
  return (values: V) => {
    const errors: Record<string, string> = {};
    for (const name of Object.keys(fields) as (keyof V & string)[]) {
      const field = fields[name]!;
      const raw = values[name];
      const value = typeof raw === 'string' ? (field.trim ? raw.trim() : raw) : '';
      for (const rule of field.rules) {
        const message = rule(value, values);
        if (message !== undefined) {
          errors[name] = message;
          break;
        }
      }
    }
    return errors as FormikErrors<V>;
  };
}

let loading: Promise<YupModule> | null = null;

export function loadYup(): Promise<YupModule> {
  loading ??= import('yup');
  return loading;
}

/** Starts loading yup when the browser is idle after a form has mounted (not competing with the first paint). */
export function usePreloadYup(): void {
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => void loadYup(), { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(() => void loadYup(), 200);
    return () => clearTimeout(timer);
  }, []);
}

/** A Formik `validate` function running the schema built from the lazily loaded yup. */
export function yupValidator<V>(build: (yup: YupModule) => Yup.AnySchema): (values: V) => Promise<FormikErrors<V>> {
  return async (values: V) => {
    const yup = await loadYup();
    try {
      await build(yup).validate(values, { abortEarly: false });
      return {};
    } catch (error) {
      if (yup.ValidationError.isError(error)) return yupToFormErrors<V>(error);
      throw error;
    }
  };
}
