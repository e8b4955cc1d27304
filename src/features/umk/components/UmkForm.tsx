/**
 * Adding or editing a teaching material of the chosen discipline and semester: type, title,
 * author, annotation, pages, form of control, audience (all, full-time, part-time), "also in the
 * e-library" with its category, and the file (required for a new material). The upload shows the
 * bytes sent and can be cancelled.
 */
import { useEffect, useId, useMemo, useRef } from 'react';
import { Form, Formik, useField } from 'formik';
import { useTranslation } from 'react-i18next';
import type { IdName } from '../../../../contract/common';
import type { UmkAudience, UmkItem } from '../../../../contract/umk';
import type { Failure } from '../../../api/http';
import { NEW_UMK } from '../../../api/umk';
import { ErrorLine } from '../../../components/fields';
import { FileTypeIcon, useFileSize } from '../../../components/FileTypeIcon';
import { Select } from '../../../components/Select';
import { UploadProgress } from '../../../components/UploadProgress';
import { describeFailure } from '../../../lib/errors';
import { usePreloadYup, yupValidator } from '../../../lib/validation';
import type { UmkDraft } from '../umk.slice';

const MB = 1024 * 1024;

interface Values {
  typeId: number;
  name: string;
  author: string;
  description: string;
  totalPages: string;
  examTypeId: number;
  audience: UmkAudience;
  forEBooks: boolean;
  bookCategoryId: number;
  file: File | null;
}

interface Props {
  item: UmkItem | null;
  defaultAuthor: string;
  types: IdName[];
  examTypes: IdName[];
  categories: IdName[];
  maxSizeMb: number;
  busy: boolean;
  progress: { loaded: number; total: number } | null;
  error: Failure | null;
  onSubmit: (draft: UmkDraft) => void;
  onCancelUpload: () => void;
  onClose: () => void;
  onErrorClose: () => void;
}

function TextInput({ name, label, multiline, type = 'text' }: { name: 'name' | 'author' | 'description' | 'totalPages'; label: string; multiline?: boolean; type?: string }) {
  const [field, meta] = useField<string>(name);
  const id = useId();
  const errorId = useId();
  const invalid = Boolean(meta.touched && meta.error);
  const common = { id, ...field, className: `input${invalid ? ' invalid' : ''}`, 'aria-invalid': invalid, 'aria-describedby': invalid ? errorId : undefined };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea {...common} rows={3} /> : <input {...common} type={type} inputMode={type === 'number' ? 'numeric' : undefined} />}
      {invalid ? (
        <p id={errorId} className="field-error">
          {meta.error}
        </p>
      ) : null}
    </div>
  );
}

function SelectField({ name, label, options }: { name: 'typeId' | 'examTypeId' | 'bookCategoryId' | 'audience'; label: string; options: IdName[] }) {
  const [field, meta, helpers] = useField<number>(name);
  const id = useId();
  return (
    <div>
      <Select id={id} label={label} options={options} value={options.some((o) => o.id === field.value) ? field.value : -1} onChange={(v) => void helpers.setValue(v)} blank={name !== 'audience'} />
      {meta.touched && meta.error ? <p className="field-error">{meta.error}</p> : null}
    </div>
  );
}

function FileInput({ label, required, maxSizeMb }: { label: string; required: boolean; maxSizeMb: number }) {
  const { t } = useTranslation('umk');
  const [field, meta, helpers] = useField<File | null>('file');
  const fileSize = useFileSize();
  const id = useId();
  const hintId = useId();
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        className="input"
        aria-describedby={hintId}
        aria-invalid={invalid}
        required={required}
        onChange={(e) => {
          void helpers.setTouched(true, false);
          void helpers.setValue(e.target.files?.[0] ?? null);
        }}
      />
      <p id={hintId} className={invalid ? 'field-error' : 'field-hint'}>
        {invalid ? meta.error : t('form.fileHint', { maxSizeMb })}
      </p>
      {field.value ? (
        <p className="umk-picked">
          <FileTypeIcon name={field.value.name} />
          <span title={field.value.name}>{field.value.name}</span>
          <span className="muted small">{fileSize(field.value.size)}</span>
        </p>
      ) : null}
    </div>
  );
}

export function UmkForm(props: Props) {
  const { item, defaultAuthor, types, examTypes, categories, maxSizeMb, busy, progress, error, onSubmit, onCancelUpload, onClose, onErrorClose } = props;
  const { t } = useTranslation(['umk', 'cm']);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shareId = useId();
  usePreloadYup();
  useEffect(() => headingRef.current?.focus(), []);
  const isNew = item === null;

  const validate = useMemo(
    () =>
      yupValidator<Values>((yup) =>
        yup.object({
          typeId: yup.number().min(1, t('form.required')),
          examTypeId: yup.number().min(1, t('form.required')),
          name: yup.string().trim().required(t('form.required')).max(300, t('form.tooLong', { max: 300 })),
          author: yup.string().max(300, t('form.tooLong', { max: 300 })),
          description: yup.string().max(4000, t('form.tooLong', { max: 4000 })),
          totalPages: yup.string().matches(/^\d{0,5}$/, t('form.pagesInvalid')),
          bookCategoryId: yup.number().test('category', t('form.categoryRequired'), function (v) {
            return !(this.parent as Values).forEBooks || (v ?? -1) > 0;
          }),
          file: yup
            .mixed()
            .nullable()
            .test('required', t('form.fileRequired'), (v) => !isNew || v instanceof File)
            .test('size', t('form.tooLarge', { maxSizeMb }), (v) => !(v instanceof File) || v.size <= maxSizeMb * MB),
        }),
      ),
    [t, isNew, maxSizeMb],
  );

  const initial: Values = {
    typeId: item?.id_typeUmk ?? -1,
    name: item?.umkName ?? '',
    author: item?.author ?? defaultAuthor,
    description: item?.description ?? '',
    totalPages: item && item.totalPages > 0 ? String(item.totalPages) : '',
    examTypeId: item?.id_examination ?? -1,
    audience: item?.id_forStudentKind ?? 0,
    forEBooks: item ? item.id_eBook !== null : false,
    bookCategoryId: item?.id_bookCategory ?? -1,
    file: null,
  };
  const audiences: IdName[] = [
    { id: 0, name: t('audience.all') },
    { id: 1, name: t('audience.fullTime') },
    { id: 2, name: t('audience.partTime') },
  ];
  const serverError = (failure: Failure) =>
    failure.error?.code === 'TOO_LARGE' ? t('form.tooLarge', { maxSizeMb: failure.error.params?.maxSizeMb ?? maxSizeMb }) : describeFailure(t, failure);

  return (
    <section className="card umk-form" aria-labelledby="umk-form-title" data-testid="umk-form">
      <h2 id="umk-form-title" ref={headingRef} tabIndex={-1}>
        {isNew ? t('form.addTitle') : t('form.editTitle')}
      </h2>
      <Formik<Values>
        initialValues={initial}
        validate={validate}
        onSubmit={(v) =>
          onSubmit({
            id: item?.id_books ?? NEW_UMK,
            typeId: v.typeId,
            name: v.name.trim(),
            author: v.author.trim(),
            description: v.description.trim(),
            totalPages: v.totalPages ? Number(v.totalPages) : 0,
            examTypeId: v.examTypeId,
            audience: v.audience,
            forEBooks: v.forEBooks,
            bookCategoryId: v.bookCategoryId,
            file: v.file,
          })
        }
      >
        {({ values, getFieldProps }) => (
          <Form className="form umk-form-grid" noValidate>
            <SelectField name="typeId" label={t('fields.type')} options={types} />
            <TextInput name="name" label={t('fields.name')} />
            <TextInput name="author" label={t('fields.author')} />
            <TextInput name="totalPages" label={t('fields.pages')} type="number" />
            <SelectField name="examTypeId" label={t('fields.examType')} options={examTypes} />
            <SelectField name="audience" label={t('fields.audience')} options={audiences} />
            <div className="umk-form-wide">
              <TextInput name="description" label={t('fields.annotation')} multiline />
            </div>
            <div className="umk-form-wide umk-share">
              <label className="umk-check" htmlFor={shareId}>
                <input id={shareId} type="checkbox" {...getFieldProps({ name: 'forEBooks', type: 'checkbox' })} data-testid="umk-for-ebooks" />
                {t('fields.forEBooks')}
              </label>
              {values.forEBooks ? <SelectField name="bookCategoryId" label={t('fields.bookCategory')} options={categories} /> : null}
            </div>
            <div className="umk-form-wide">
              <FileInput label={isNew ? t('form.file') : t('form.replaceFile')} required={isNew} maxSizeMb={maxSizeMb} />
            </div>
            {error ? (
              <div className="umk-form-wide">
                <ErrorLine message={t('form.failed')} detail={serverError(error) || undefined} onClose={onErrorClose} />
              </div>
            ) : null}
            <div className="umk-form-wide umk-form-foot">
              {busy && progress ? (
                <UploadProgress ns="umk" loaded={progress.loaded} total={progress.total} onCancel={onCancelUpload} />
              ) : (
                <>
                  <button type="button" className="btn btn-ghost" onClick={onClose}>
                    {t('form.close')}
                  </button>
                  <button type="submit" className="btn btn-primary">
                    {isNew ? t('form.add') : t('form.save')}
                  </button>
                </>
              )}
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}
