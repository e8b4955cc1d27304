/**
 * "Hidden students (n)" under the grid (docs/areas/journal.md#for-users): the students removed from the open
 * journal's list, each with when and by whom, and Restore (not in a closed half-year's journal).
 */
import './hiddenStudents.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JournalInfo } from '@contract/journal';
import { Dialog } from '@components/Dialog';
import { describeFailure } from '@shared/request/errors';
import { useAppDispatch } from '@shared/hooks';
import { journalActions } from '../journal.slice';
import type { HiddenState } from '../hidden.slice';

/** "2026-11-27T08:05:00.000Z" → "27.11.2026". */
const dayOf = (at: string) => at.slice(0, 10).split('-').reverse().join('.');

export function HiddenStudents({ info, hidden }: { info: JournalInfo; hidden: HiddenState }) {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const list = hidden.list.data ?? [];
  const restore = hidden.restore;
  if (list.length === 0 && !open) return null;
  return (
    <>
      <p className="journal-hidden">
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setOpen(true)}>
          {t('hidden.open', { count: list.length })}
        </button>
      </p>
      {open ? (
        <Dialog title={t('hidden.title')} className="dialog card journal-hidden-dialog" onClose={() => setOpen(false)}>
          {list.length === 0 ? <p className="muted">{t('hidden.none')}</p> : null}
          <ul className="journal-hidden-list">
            {list.map((h) => (
              <li key={h.id_student}>
                <span>
                  <span className="journal-hidden-name">{h.s_fio}</span>
                  <span className="muted journal-hidden-when">
                    {h.hiddenBy ? t('hidden.when', { date: dayOf(h.hiddenAt), who: h.hiddenBy }) : t('hidden.whenOnly', { date: dayOf(h.hiddenAt) })}
                  </span>
                </span>
                {info.readOnly ? null : (
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    disabled={restore.fetching}
                    aria-label={t('hidden.restoreName', { name: h.s_fio })}
                    onClick={() => dispatch(journalActions.restoreRequested({ student: h.id_student }))}
                  >
                    {t('hidden.restore')}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {restore.error ? (
            <p className="journal-error" role="alert">
              {describeFailure(t, restore.error)}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
              {t('close')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
