/** A reference value as the table and the form show it, in the reader's language. */
import type { TFunction } from 'i18next';
import type { ReferenceColumn, ReferenceValue } from '@contract/reference';
import { formatZonedDateTime } from '@lib/dates';

/** The name of a fixed value: an icon by its text, a side-menu entry by its menu label. */
export function choiceName(t: TFunction, value: string): string {
  return t(`reference:choices.${value}`, { defaultValue: t(`cm:menu.${value}`, { defaultValue: value }) });
}

/** `timeZone`: the university's, the clock a moment is shown on (the device's when unknown). */
export function formatValue(column: ReferenceColumn, value: ReferenceValue, t: TFunction, lng: string, timeZone: string | null): string {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return '—';
  switch (column.kind) {
    case 'names': {
      const names = value as Record<string, string>;
      return names[lng] || names.ru || '—';
    }
    case 'select':
      return column.options?.find((o) => o.id === value)?.name ?? String(value);
    case 'roles':
      return (value as number[]).map((r) => t(`reference:roles.${r}`)).join(', ');
    case 'networks':
      return (value as string[]).join(', ');
    case 'timestamp':
      return formatZonedDateTime(String(value), lng, timeZone);
    case 'text':
      return column.choices ? choiceName(t, String(value)) : String(value);
    default:
      return String(value);
  }
}
