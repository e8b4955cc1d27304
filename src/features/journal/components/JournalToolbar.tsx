/** The line above the grid: what is being saved or failed (Retry, Discard), history, removal, export, print. */
import { useTranslation } from 'react-i18next';
import type { JournalInfo } from '@contract/journal';
import { journalExportUrl } from '../journal.api';
import { useAppDispatch } from '@shared/hooks';
import { canRetry, journalActions, type JournalState } from '../journal.slice';
import type { CellPlace } from './grid/useActiveCell';
import { UndoButtons } from './UndoButtons';

interface Props {
  state: JournalState;
  info: JournalInfo;
  active: CellPlace | null;
  canRemove: boolean;
  mobile: boolean;
  onRemove: () => void;
}

export function JournalToolbar({ state, info, active, canRemove, mobile, onRemove }: Props) {
  const { t, i18n } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  const pending = [...Object.values(state.edits), ...Object.values(state.finals.edits)];
  const saving = pending.filter((e) => e.status === 'saving').length;
  const failedEdits = pending.filter((e) => e.status === 'failed');
  const retryable = failedEdits.some((e) => canRetry(e.error));
  return (
    <div className="journal-toolbar">
      <p className="journal-status" role="status" aria-live="polite">
        {saving > 0
          ? t('status.saving', { count: saving })
          : failedEdits.length > 0
            ? t(retryable ? 'status.failed' : 'status.failedRefused', { count: failedEdits.length })
            : state.savedCount > 0
              ? t('status.saved')
              : ''}
      </p>
      {info.readOnly || mobile ? null : <UndoButtons undo={state.undo} />}
      {retryable ? (
        <button type="button" className="btn btn-primary btn-small" onClick={() => dispatch(journalActions.retryRequested())}>
          {t('status.retry')}
        </button>
      ) : null}
      {failedEdits.length > 0 ? (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => {
            dispatch(journalActions.editsDiscarded());
            dispatch(journalActions.finalsDiscarded());
          }}
        >
          {t('status.discard')}
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={!active}
        onClick={() =>
          active &&
          dispatch(
            active.final ? journalActions.finalHistoryRequested({ student: active.student }) : journalActions.historyRequested({ ...active, written: null }),
          )
        }
      >
        {t('toolbar.history')}
      </button>
      <button type="button" className="btn btn-ghost btn-small journal-delete" disabled={!canRemove} hidden={info.readOnly} onClick={onRemove}>
        {t('toolbar.removeStudent')}
      </button>
      <a className="btn btn-ghost btn-small" href={journalExportUrl(info.id_journal, i18n.resolvedLanguage ?? 'ru')} download>
        {t('toolbar.export')}
      </a>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => window.print()}>
        {t('toolbar.print')}
      </button>
    </div>
  );
}
