/**
 * The frame of every upload form of the portal (the library's books and the teaching materials):
 * the card with its heading (focused on open; "new" or "edit" from the area's `form.addTitle` and
 * `form.editTitle`), the formik form in the `form-grid` (app/forms.css), the area's own fields, then the
 * shared file field, failure line and foot (UploadFields). `uploadRules` gives the rules of the
 * fields every such record has (its name, its annotation and its file) and `uploadDraft` what the
 * save sends of them.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Form, Formik, type FormikErrors, type FormikProps } from 'formik';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { usePreloadYup, type YupModule } from '@lib/validation';
import { fileRule, UploadFields, type Quota, type UploadState } from './UploadFields';

/** The rules of the name, the annotation and the file of an uploaded record. */
export function uploadRules(yup: YupModule, t: TFunction, isNew: boolean, maxSizeMb: number, extensions?: readonly string[], quota?: Quota | null) {
  return {
    name: yup
      .string()
      .trim()
      .required(t('form.required'))
      .max(300, t('form.tooLong', { max: 300 })),
    description: yup.string().max(4000, t('form.tooLong', { max: 4000 })),
    file: fileRule(yup, t, isNew, maxSizeMb, extensions, quota),
  };
}

/** The fields every uploaded record's form has, as the form holds them. */
export interface UploadValues {
  name: string;
  author: string;
  description: string;
  totalPages: string;
  file: File | null;
}

/** Those fields as the draft sends them: texts trimmed, the pages a number (0: not given). */
export function uploadDraft(v: UploadValues) {
  return {
    name: v.name.trim(),
    author: v.author.trim(),
    description: v.description.trim(),
    totalPages: v.totalPages ? Number(v.totalPages) : 0,
    file: v.file,
  };
}

interface Props<V> extends UploadState {
  /** The area's text namespace; also names the card (`<ns>-form`) and its heading. */
  ns: 'library' | 'umk';
  /** A new record (the file is required) or a change to one. */
  isNew: boolean;
  /** The extensions the file picker offers (any when absent). */
  extensions?: readonly string[];
  initialValues: V;
  validate: (values: V) => Promise<FormikErrors<V>> | FormikErrors<V>;
  onSubmit: (values: V) => void;
  /** The area's own fields, laid out in the grid before the file. */
  children: (form: FormikProps<V>) => ReactNode;
  /** What follows the form inside the card (a confirmation, say). */
  after?: ReactNode;
}

export function UploadForm<V extends UploadValues>(props: Props<V>) {
  const { ns, isNew, extensions, initialValues, validate, onSubmit, children, after, ...upload } = props;
  const { t } = useTranslation([ns, 'cm']);
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePreloadYup();
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="card upload-form" aria-labelledby={`${ns}-form-title`} data-testid={`${ns}-form`}>
      <h2 id={`${ns}-form-title`} ref={headingRef} tabIndex={-1}>
        {isNew ? t('form.addTitle') : t('form.editTitle')}
      </h2>
      <Formik<V> initialValues={initialValues} validate={validate} onSubmit={onSubmit}>
        {(form) => (
          <Form className="form form-grid" noValidate>
            {children(form)}
            <UploadFields ns={ns} isNew={isNew} extensions={extensions} {...upload} />
          </Form>
        )}
      </Formik>
      {after}
    </section>
  );
}
