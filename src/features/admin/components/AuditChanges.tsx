/**
 * What an audit entry changed, key by key: before → after (docs/areas/admin.md#for-users). A reference
 * list's row is named as its list names its columns; a dean's-office faculty by its name (the staff
 * lists, loaded once when an entry names one; its number while they load or when they are not given).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@contract/admin';
import { formatDateTime } from '@lib/dates';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { isReferenceAction } from '../admin.api';
import { adminActions as A, selectAdmin } from '../admin.slice';

/** The faculties' names by id, asked for when the entry changed a dean's-office faculty. */
function useFacultyNames(entry: AuditEntry): Map<number, string> {
  const dispatch = useAppDispatch();
  const { staffLists } = useAppSelector(selectAdmin);
  const names = 'deanFacultyId' in entry.before || 'deanFacultyId' in entry.after;
  useEffect(() => {
    if (names) dispatch(A.staffListsNeeded());
  }, [dispatch, names]);
  return new Map(staffLists.data.faculties.map((f) => [f.id, f.name]));
}

/** What changed, key by key: before → after. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation(['admin', 'reference']);
  const faculties = useFacultyNames(entry);
  // A reference list's row: its columns (a row added has no before, a row deleted no after), named as its list names them.
  const list = isReferenceAction(entry.action) ? String(entry.after.list ?? entry.before.list) : null;
  const keys = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])].filter(
    (k) => !(list && (k === 'list' || k === 'id')) && JSON.stringify(entry.before[k]) !== JSON.stringify(entry.after[k]),
  );
  const label = (k: string) => (list ? t(`reference:columns.${list}.${k}`, { defaultValue: k }) : t(`field.${k}`, { defaultValue: k }));
  const value = (v: unknown, key: string) =>
    Array.isArray(v)
      ? v.join(', ') || '—'
      : typeof v === 'object' && v !== null
        ? Object.values(v).join(' / ')
        : typeof v === 'boolean'
          ? t(v ? 'audit.yes' : 'audit.no')
          : key === 'deanFacultyId' && typeof v === 'number'
            ? (faculties.get(v) ?? `#${v}`)
            : key === 'passwordChangedAt' && typeof v === 'string'
              ? formatDateTime(v, i18n.language)
              : key === 'gender' && (v === 'm' || v === 'f')
                ? t(`gender.${v}`)
                : key === 'quotaMb' && v === null
                  ? t('audit.roleDefault')
                  : String(v ?? '—');
  if (keys.length === 0) return null;
  return (
    <ul className="adm-changes">
      {keys.map((k) => (
        <li key={k}>
          <span className="muted">{label(k)}:</span> {value(entry.before[k], k)} → <strong>{value(entry.after[k], k)}</strong>
        </li>
      ))}
    </ul>
  );
}
