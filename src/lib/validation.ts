/**
 * Formik validation with yup, with yup loaded on demand: the forms render without it (keeping the
 * login route small) and it is fetched once the browser is idle after the form has appeared, well
 * before the first validation (which waits for it if need be).
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
