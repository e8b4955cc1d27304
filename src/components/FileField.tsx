/**
 * A Formik-bound file input (one file) with its label, a hint that becomes the error when the file
 * is refused, and the picked file's type icon, name and size. The library's and the teaching
 * materials' upload forms use it.
 */
import { useId } from 'react';
import { useField } from 'formik';
import { FileTypeIcon, useFileSize } from './FileTypeIcon';
import './fileField.css';

interface Props {
  name: string;
  label: string;
  /** Shown under the input while nothing is wrong (the allowed size, for instance). */
  hint: string;
  required: boolean;
  /** The input's `accept` list (".pdf,.epub"), so the picker offers only those files. */
  accept?: string;
}

export function FileField({ name, label, hint, required, accept }: Props) {
  const [field, meta, helpers] = useField<File | null>(name);
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
        accept={accept}
        onChange={(e) => {
          void helpers.setTouched(true, false);
          void helpers.setValue(e.target.files?.[0] ?? null);
        }}
      />
      <p id={hintId} className={invalid ? 'field-error' : 'field-hint'}>
        {invalid ? meta.error : hint}
      </p>
      {field.value ? (
        <p className="file-picked">
          <FileTypeIcon name={field.value.name} />
          <span title={field.value.name}>{field.value.name}</span>
          <span className="muted small">{fileSize(field.value.size)}</span>
        </p>
      ) : null}
    </div>
  );
}
