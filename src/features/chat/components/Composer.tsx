import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { CloseIcon, PaperclipIcon, SendIcon } from '@components/icons';
import { truncateName } from '@lib/files';
import { FileTypeIcon } from '@components/FileTypeIcon';

export interface ComposerValues {
  text: string;
  file: File | null;
}

/**
 * Text and/or one file. A file over the upload limit is refused here with 'File size is exceeded
 * the limit' and nothing is sent (docs/areas/chat.md#for-users); an empty message is not sent either.
 */
export function composerSchema(maxSizeMb: number, messages: { tooLarge: string; empty: string }) {
  return yup.object({
    text: yup
      .string()
      .max(4000)
      .test('content', messages.empty, function (text) {
        return Boolean(text?.trim()) || Boolean((this.parent as ComposerValues).file);
      }),
    file: yup
      .mixed<File>()
      .nullable()
      .test('size', messages.tooLarge, (file) => !file || file.size <= maxSizeMb * 1024 * 1024),
  });
}

export function Composer({
  maxSizeMb,
  sending,
  failed = false,
  onSend,
}: {
  maxSizeMb: number;
  sending: boolean;
  failed?: boolean;
  onSend: (values: ComposerValues) => void;
}) {
  const { t } = useTranslation(['chat', 'cm']);
  const fileInput = useRef<HTMLInputElement>(null);
  const submitted = useRef(false);
  const formik = useFormik<ComposerValues>({
    initialValues: { text: '', file: null },
    validationSchema: composerSchema(maxSizeMb, { tooLarge: t('composer.tooLarge', { maxSizeMb }), empty: t('composer.empty') }),
    validateOnBlur: false,
    validateOnChange: false,
    onSubmit: (values) => {
      submitted.current = true;
      onSend({ text: values.text.trim(), file: values.file });
    },
  });
  // The draft is cleared once the message is sent; a failed send (the server away) keeps it to send again.
  const { resetForm } = formik;
  useEffect(() => {
    if (sending || !submitted.current) return;
    submitted.current = false;
    if (failed) return;
    resetForm();
    if (fileInput.current) fileInput.current.value = '';
  }, [sending, failed, resetForm]);
  const error = formik.errors.file ?? formik.errors.text;
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      formik.handleSubmit();
    }
  };
  const pickFile = (file: File | null) => {
    void formik.setFieldValue('file', file, false);
    formik.setErrors(file && file.size > maxSizeMb * 1024 * 1024 ? { file: t('composer.tooLarge', { maxSizeMb }) } : {});
  };
  const file = formik.values.file;
  return (
    <form className="chat-composer" onSubmit={formik.handleSubmit} noValidate data-testid="chat-composer">
      {file ? (
        <div className={`chat-attachment${formik.errors.file ? ' invalid' : ''}`}>
          <FileTypeIcon name={file.name} mime={file.type} />
          <span className="chat-attachment-name" title={file.name}>
            {truncateName(file.name)}
          </span>
          <button type="button" className="icon-btn" onClick={() => pickFile(null)} aria-label={t('composer.remove')}>
            <CloseIcon size={16} />
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="field-error chat-composer-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="chat-composer-row">
        <input
          ref={fileInput}
          type="file"
          className="sr-only"
          id="chat-file"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => pickFile(e.currentTarget.files?.[0] ?? null)}
          data-testid="chat-file-input"
        />
        <button
          type="button"
          className="icon-btn chat-attach"
          onClick={() => fileInput.current?.click()}
          aria-label={t('composer.attach')}
          title={t('composer.attach')}
        >
          <PaperclipIcon />
        </button>
        <label htmlFor="chat-text" className="sr-only">
          {t('composer.label')}
        </label>
        <textarea
          id="chat-text"
          name="text"
          className="input chat-text"
          rows={1}
          maxLength={4000}
          placeholder={t('composer.placeholder')}
          value={formik.values.text}
          onChange={(e) => {
            formik.handleChange(e);
            if (formik.errors.text) formik.setErrors({ ...formik.errors, text: undefined });
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn-primary chat-send" disabled={sending} aria-label={t('composer.send')} title={t('composer.send')}>
          <SendIcon />
        </button>
      </div>
    </form>
  );
}
