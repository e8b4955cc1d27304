/**
 * Undo and Redo of the teacher's own writes (undo.slice.ts), in the toolbar, and their keys: Ctrl+Z,
 * Ctrl+Shift+Z and Ctrl+Y (⌘ on a Mac). The keys do nothing while an input or a cell editor has
 * focus: there the browser's own text undo applies.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { journalActions, type JournalState } from '../journal.slice';

function typingIn(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y on the page, outside inputs and open dialogs. */
export function useUndoKeys(enabled: boolean) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || typingIn(e.target)) return;
      if (e.target instanceof HTMLElement && e.target.closest('dialog, [role="dialog"]')) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) dispatch(journalActions.undoRequested());
      else if ((key === 'z' && e.shiftKey) || (key === 'y' && !e.shiftKey)) dispatch(journalActions.redoRequested());
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dispatch, enabled]);
}

export function UndoButtons({ undo }: { undo: JournalState['undo'] }) {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={undo.done.length === 0 || undo.busy}
        title={t('undo.undoKeys')}
        aria-keyshortcuts="Control+Z"
        onClick={() => dispatch(journalActions.undoRequested())}
      >
        {t('undo.undo')}
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={undo.undone.length === 0 || undo.busy}
        title={t('undo.redoKeys')}
        aria-keyshortcuts="Control+Shift+Z Control+Y"
        onClick={() => dispatch(journalActions.redoRequested())}
      >
        {t('undo.redo')}
      </button>
    </>
  );
}

/** The last undo or redo: refused with the server's reason, or cells skipped as changed by someone else. */
export function UndoNotice({ notice }: { notice: JournalState['undo']['notice'] }) {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  if (!notice) return null;
  return (
    <p className="journal-error" role="alert">
      {notice.error ? `${t('undo.refused')} ${describeFailure(t, notice.error)}` : t('undo.skipped', { count: notice.skipped })}{' '}
      <button type="button" className="btn btn-ghost btn-small" onClick={() => dispatch(journalActions.undoNoticeCleared())}>
        {t('close')}
      </button>
    </p>
  );
}
