/**
 * The composer (only with newsPerms): text, several files, audience, optionally one faculty, pin,
 * optional publication time. A file over the upload limit is refused here ('File size is exceeded
 * the limit') and nothing is sent.
 */
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Form, Formik, useField, useFormikContext, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { IdName } from '@contract/common';
import type { Audience } from '@contract/news';
import { MAX_FILES, MESSAGE_MAX } from '../news.api';
import type { Failure } from '@api/http';
import { CheckIcon, CloseIcon } from '@components/icons';
import { FileIcon } from '@components/shellIcons';
import { Select } from '@components/Select';
import { Spinner } from '@components/Spinner';
import { CheckField } from '@components/fields';
import { describeFailure } from '@shared/request/errors';
import { usePreloadYup, yupValidator } from '@lib/validation';
import type { NewsDraft } from '../news.slice';
import { FileTypeIcon, useFileSize } from '@components/FileTypeIcon';

export interface ComposerValues {
  message: string;
  files: File[];
  audience: Audience;
  faculty: number;
  pinned: boolean;
  /** datetime-local value ('' = now). */
  publishAt: string;
}

const EMPTY: ComposerValues = { message: '', files: [], audience: 0, faculty: -1, pinned: false, publishAt: '' };
const MB = 1024 * 1024;

interface Props {
  maxSizeMb: number;
  faculties: IdName[];
  busy: boolean;
  error: Failure | null;
  /** Changes after each successful post (the form then clears itself). */
  posted: number;
  onSubmit: (draft: NewsDraft) => void;
  onEdit: () => void;
}

function FilesField({ maxSizeMb }: { maxSizeMb: number }) {
  const { t } = useTranslation('news');
  const [field, meta, helpers] = useField<File[]>('files');
  const fileSize = useFileSize();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const invalid = Boolean(meta.touched && meta.error);

  const add = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (picked.length === 0) return;
    await helpers.setValue([...field.value, ...picked]);
    await helpers.setTouched(true);
  };
  const remove = (index: number) => helpers.setValue(field.value.filter((_, i) => i !== index));

  return (
    <div className="field news-files-field">
      <div className="news-attach-row">
        <label htmlFor={inputId} className="btn btn-secondary news-attach">
          <FileIcon size={18} />
          {t('composer.attach')}
        </label>
        <input
          id={inputId}
          className="sr-only"
          type="file"
          multiple
          onChange={add}
          aria-describedby={[hintId, invalid ? errorId : null].filter(Boolean).join(' ')}
          data-testid="news-file-input"
        />
        <span id={hintId} className="field-hint">
          {t('composer.filesHint', { maxFiles: MAX_FILES, maxSizeMb })}
        </span>
      </div>
      {field.value.length > 0 ? (
        <ul className="news-picked">
          {field.value.map((file, i) => (
            <li key={`${i}-${file.name}`} className={file.size > maxSizeMb * MB ? 'news-picked-over' : undefined}>
              <FileTypeIcon name={file.name} mime={file.type} />
              <span className="news-picked-name" title={file.name}>
                {file.name}
              </span>
              <span className="muted small">{fileSize(file.size)}</span>
              <button type="button" className="icon-btn" onClick={() => remove(i)} aria-label={t('composer.removeFile', { name: file.name })}>
                <CloseIcon size={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {invalid ? (
        <p id={errorId} className="field-error" role="alert">
          {meta.error as string}
        </p>
      ) : null}
    </div>
  );
}

function MessageField() {
  const { t } = useTranslation('news');
  const [field, meta] = useField<string>('message');
  const id = useId();
  const errorId = useId();
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <div className="field">
      <label htmlFor={id}>{t('composer.message')}</label>
      <textarea
        {...field}
        id={id}
        className={`input news-textarea${invalid ? ' invalid' : ''}`}
        rows={4}
        placeholder={t('composer.placeholder')}
        maxLength={MESSAGE_MAX + 1}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
      />
      {invalid ? (
        <p id={errorId} className="field-error">
          {meta.error}
        </p>
      ) : null}
    </div>
  );
}

/** Any edit clears the outcome line of the last attempt (a reset after posting is not an edit). */
function EditWatcher({ onEdit }: { onEdit: () => void }) {
  const { values, dirty } = useFormikContext<ComposerValues>();
  const onEditRef = useRef(onEdit);
  useEffect(() => {
    onEditRef.current = onEdit;
  }, [onEdit]);
  useEffect(() => {
    if (dirty) onEditRef.current();
  }, [values, dirty]);
  return null;
}

export function NewsComposer({ maxSizeMb, faculties, busy, error, posted, onSubmit, onEdit }: Props) {
  const { t } = useTranslation(['news', 'cm']);
  const formRef = useRef<FormikProps<ComposerValues>>(null);
  const [success, setSuccess] = useState(false);
  const publishId = useId();
  const publishHintId = useId();
  usePreloadYup();

  const validate = useMemo(
    () =>
      yupValidator<ComposerValues>((yup) =>
        yup.object({
          message: yup
            .string()
            .max(MESSAGE_MAX, t('composer.messageTooLong', { max: MESSAGE_MAX }))
            .test(
              'required-unless-files',
              t('composer.messageRequired'),
              (value, ctx) => Boolean(value?.trim()) || (ctx.parent as ComposerValues).files.length > 0,
            ),
          files: yup
            .array()
            .max(MAX_FILES, t('composer.tooMany', { max: MAX_FILES }))
            .test('size', t('composer.tooLarge', { maxSizeMb }), (files) => (files as File[] | undefined)?.every((f) => f.size <= maxSizeMb * MB) ?? true),
          publishAt: yup.string().test('future', t('composer.publishAtPast'), (value) => !value || (dayjs(value).isValid() && dayjs(value).isAfter(dayjs()))),
        }),
      ),
    [t, maxSizeMb],
  );

  useEffect(() => {
    if (posted > 0) {
      formRef.current?.resetForm();
      setSuccess(true);
    }
  }, [posted]);

  const audiences = [
    { id: 0, name: t('audiences.all') },
    { id: 1, name: t('audiences.teachers') },
    { id: 2, name: t('audiences.students') },
  ];

  const serverError = (failure: Failure) =>
    failure.error?.code === 'TOO_LARGE' ? t('composer.tooLarge', { maxSizeMb: failure.error.params?.maxSizeMb ?? maxSizeMb }) : describeFailure(t, failure);

  return (
    <section className="card news-composer" aria-labelledby="news-composer-title">
      <h2 id="news-composer-title">{t('composer.title')}</h2>
      <Formik<ComposerValues>
        innerRef={formRef}
        initialValues={EMPTY}
        validate={validate}
        onSubmit={(values) =>
          onSubmit({
            message: values.message,
            audience: values.audience,
            faculty: values.faculty,
            pinned: values.pinned,
            publishAt: values.publishAt ? dayjs(values.publishAt).toISOString() : null,
            files: values.files,
          })
        }
      >
        {({ values, setFieldValue, getFieldProps, errors, touched }) => (
          <Form className="form" noValidate aria-label={t('composer.title')} data-testid="news-composer">
            <EditWatcher
              onEdit={() => {
                setSuccess(false);
                onEdit();
              }}
            />
            {success ? (
              <p className="result-line success" role="status">
                <CheckIcon size={18} />
                {t('composer.success')}
              </p>
            ) : null}
            {error ? (
              <p className="result-line failure" role="alert">
                {t('composer.failure')}: {serverError(error)}
              </p>
            ) : null}
            <MessageField />
            <FilesField maxSizeMb={maxSizeMb} />
            <div className="form-grid news-composer-grid">
              <Select
                id="news-audience"
                label={t('composer.audience')}
                options={audiences}
                value={values.audience}
                blank={false}
                onChange={(id) => void setFieldValue('audience', id)}
              />
              <div>
                <Select
                  id="news-faculty"
                  label={t('composer.faculty')}
                  options={faculties}
                  value={values.faculty}
                  onChange={(id) => void setFieldValue('faculty', id)}
                />
                <p className="field-hint">{t('composer.facultyHint')}</p>
              </div>
              <div className="field">
                <label htmlFor={publishId}>{t('composer.publishAt')}</label>
                <input
                  {...getFieldProps('publishAt')}
                  id={publishId}
                  type="datetime-local"
                  className={`input${touched.publishAt && errors.publishAt ? ' invalid' : ''}`}
                  aria-describedby={publishHintId}
                />
                <p id={publishHintId} className={touched.publishAt && errors.publishAt ? 'field-error' : 'field-hint'}>
                  {touched.publishAt && errors.publishAt ? errors.publishAt : t('composer.publishAtHint')}
                </p>
              </div>
            </div>
            <div className="news-composer-foot">
              <CheckField name="pinned" label={t('composer.pinned')} />
              <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
                {busy ? <Spinner size="sm" /> : null}
                {values.publishAt ? t('composer.schedule') : t('composer.submit')}
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}
