/**
 * A labelled dropdown whose first entry is the blank ' --- ' option with id -1 (docs/product.md#shell).
 * While its list is on its way (`loading`) it says so and cannot be used: ' --- ' is a choice, not a wait.
 */
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

export const BLANK_OPTION = { id: -1, name: ' --- ' } as const;

export interface SelectOption {
  id: number;
  name: string;
}

interface SelectProps {
  id: string;
  label: string;
  options: readonly SelectOption[];
  /** The chosen id; -1 means nothing chosen. */
  value: number;
  onChange: (id: number) => void;
  disabled?: boolean;
  /** Show the blank entry (default true). */
  blank?: boolean;
  /** The list has not arrived yet: one "Loading…" entry, disabled. */
  loading?: boolean;
  className?: string;
}

export function withBlank(options: readonly SelectOption[]): SelectOption[] {
  return [BLANK_OPTION, ...options.filter((o) => o.id !== BLANK_OPTION.id)];
}

export function Select({ id, label, options, value, onChange, disabled, blank = true, loading = false, className }: SelectProps) {
  const { t } = useTranslation('cm', { useSuspense: false });
  const items = loading ? [{ id: value, name: t('loading') }] : blank ? withBlank(options) : options;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input"
        value={String(value)}
        disabled={disabled || loading}
        aria-busy={loading || undefined}
        onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(Number(e.target.value))}
      >
        {items.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
