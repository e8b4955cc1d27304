/** Formik-bound form fields with a real <label>, hint and error text wired for assistive tech. */
import { useId, useState, type InputHTMLAttributes } from 'react';
import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { CloseIcon, EyeIcon, EyeOffIcon } from './icons';
import './fields.css';

interface FieldProps {
  name: string;
  label: string;
  hint?: string;
  autoComplete?: string;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  autoFocus?: boolean;
}

interface TextFieldProps extends FieldProps {
  /** Several lines (a textarea), for free text such as an annotation. */
  multiline?: boolean;
  /** Spell checking and capitals as for prose; off by default (logins, codes). */
  prose?: boolean;
}

/** A Formik field with its element ids, whether its error shows and the ids describing its input. */
function useFieldState(name: string, hint: string | undefined) {
  const [field, meta] = useField<string>(name);
  const base = useId();
  const ids = { input: `${base}-${name}`, hint: `${base}-${name}-hint`, error: `${base}-${name}-error` };
  const invalid = Boolean(meta.touched && meta.error);
  const describedBy = [hint ? ids.hint : null, invalid ? ids.error : null].filter(Boolean).join(' ') || undefined;
  return { field, meta, ids, invalid, describedBy };
}

/** A field's hint and error lines under its input. */
function FieldNotes({ ids, hint, error }: { ids: { hint: string; error: string }; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={ids.hint} className="field-hint">
          {hint}
        </p>
      ) : null}
      {/* The error's line is always there (empty while valid): an error appearing on blur moves
          nothing the user is about to click. */}
      <p id={ids.error} className="field-error">
        {error}
      </p>
    </>
  );
}

export function TextField({ name, label, hint, autoComplete, type = 'text', autoFocus, multiline, prose }: TextFieldProps) {
  const { field, meta, ids, invalid, describedBy } = useFieldState(name, hint);
  const common = {
    ...field,
    id: ids.input,
    className: `input${invalid ? ' invalid' : ''}`,
    autoComplete,
    autoFocus,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    spellCheck: prose ?? false,
    autoCapitalize: prose ? undefined : 'none',
  };
  return (
    <div className="field">
      <label htmlFor={ids.input}>{label}</label>
      {multiline ? <textarea {...common} rows={3} /> : <input {...common} type={type} inputMode={type === 'number' ? 'numeric' : undefined} />}
      <FieldNotes ids={ids} hint={hint} error={invalid ? meta.error : undefined} />
    </div>
  );
}

/**
 * A Formik dropdown of `options` (its value the chosen option's id as text; '' is nothing chosen, the
 * blank first entry), with its label, hint and error wired as TextField's.
 */
export function SelectField({
  name,
  label,
  hint,
  options,
  loading,
}: {
  name: string;
  label: string;
  hint?: string;
  options: readonly { id: number | string; name: string }[];
  /** The list is on its way: one "Loading…" entry, and the field cannot be used. */
  loading?: boolean;
}) {
  const { t } = useTranslation('cm');
  const { field, meta, ids, invalid, describedBy } = useFieldState(name, hint);
  return (
    <div className="field">
      <label htmlFor={ids.input}>{label}</label>
      <select
        {...field}
        id={ids.input}
        className={`input${invalid ? ' invalid' : ''}`}
        disabled={loading}
        aria-busy={loading || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      >
        <option value="">{loading ? t('loading') : ' --- '}</option>
        {options.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.name}
          </option>
        ))}
      </select>
      <FieldNotes ids={ids} hint={hint} error={invalid ? meta.error : undefined} />
    </div>
  );
}

/** A Formik checkbox inside its label. */
export function CheckField({ name, label, testId }: { name: string; label: string; testId?: string }) {
  const [field] = useField({ name, type: 'checkbox' });
  return (
    <label className="check">
      <input type="checkbox" {...field} data-testid={testId} />
      <span>{label}</span>
    </label>
  );
}

/** A password input with a show/hide button ('Показать пароль' / 'Show password'). */
export function PasswordField({ name, label, hint, autoComplete, autoFocus }: Omit<FieldProps, 'type'>) {
  const { t } = useTranslation('cm');
  const { field, meta, ids, invalid, describedBy } = useFieldState(name, hint);
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={ids.input}>{label}</label>
      <div className="input-group">
        <input
          {...field}
          id={ids.input}
          type={visible ? 'text' : 'password'}
          className={`input${invalid ? ' invalid' : ''}`}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          spellCheck={false}
          autoCapitalize="none"
        />
        <button
          type="button"
          className="input-addon"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('actions.hidePassword') : t('actions.showPassword')}
          aria-controls={ids.input}
          title={visible ? t('actions.hidePassword') : t('actions.showPassword')}
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      </div>
      <FieldNotes ids={ids} hint={hint} error={invalid ? meta.error : undefined} />
    </div>
  );
}

/** A dismissible error line: clicking anywhere on it closes it. */
export function ErrorLine({ message, detail, onClose }: { message: string; detail?: string; onClose: () => void }) {
  const { t } = useTranslation('cm');
  return (
    <div className="error-line" role="alert" onClick={onClose}>
      <div className="error-line-text">
        <span>{message}</span>
        {detail ? <small>{detail}</small> : null}
      </div>
      {/* The click bubbles to the line, which closes it. */}
      <button type="button" className="icon-btn" aria-label={t('actions.close')}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
