/**
 * Formik validation with yup, with yup loaded on demand: the forms render without it (keeping the
 * login route small) and it is fetched when the form mounts, well before the first validation.
 */
import { useEffect } from 'react';
import { yupToFormErrors, type FormikErrors } from 'formik';
import type * as Yup from 'yup';

export type YupModule = typeof Yup;

let loading: Promise<YupModule> | null = null;

export function loadYup(): Promise<YupModule> {
  loading ??= import('yup');
  return loading;
}

/** Starts loading yup when a form mounts. */
export function usePreloadYup(): void {
  useEffect(() => {
    void loadYup();
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
