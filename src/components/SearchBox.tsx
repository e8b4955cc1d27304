/**
 * A search's text field and its submit button, inside the screen's own `<form role="search">`: the
 * field's label first (read only by screen readers with `hideLabel`), then the field and the button,
 * in a row of their own (`rowClass`) where the screen lays them out so.
 */
interface Props {
  id: string;
  label: string;
  hideLabel?: boolean;
  rowClass?: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  placeholder: string;
  testId: string;
  submit: string;
  /** The submit button's classes (primary or secondary). */
  submitClass: string;
  submitTestId: string;
}

export function SearchBox({
  id,
  label,
  hideLabel = false,
  rowClass,
  value,
  onChange,
  maxLength,
  placeholder,
  testId,
  submit,
  submitClass,
  submitTestId,
}: Props) {
  const controls = (
    <>
      <input
        id={id}
        className="input"
        type="search"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      <button type="submit" className={submitClass} data-testid={submitTestId}>
        {submit}
      </button>
    </>
  );
  return (
    <>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </label>
      {rowClass ? <div className={rowClass}>{controls}</div> : controls}
    </>
  );
}
