/** The status lines above the grid: mark-all's count, a failed action, a refused mark or paste, undo's notice and a failed save. */
import { useTranslation } from 'react-i18next';
import type { MarkScale } from '../journal.api';
import { SCALES } from '../journal.api';
import { useAppDispatch } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { journalActions, type JournalState } from '../journal.slice';
import { shortDate } from '../pivot';
import { UndoNotice } from './UndoButtons';

interface Props {
  state: JournalState;
  scale: MarkScale;
  /** A typed or pasted value refused (false: none). */
  invalid: false | 'mark' | 'points';
  /** A pasted block refused for not fitting: how many of its cells fell outside (0: none). */
  overflow: number;
}

/** Mark all present's count (with Close) and a failed lesson action, under the lesson bar. */
export function ActionNotices({ state }: { state: JournalState }) {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  const actionError = state.bulk.error ?? state.remove.error ?? state.topic.error ?? state.lessonAdd.error ?? state.lessonRestore.error;
  const deleted = state.deleted;
  return (
    <>
      {deleted ? (
        <p className="journal-note" role="status">
          {t('lesson.deleted', {
            date: shortDate(deleted.date),
            time: state.lists.times.find((x) => x.id === deleted.time)?.name.split('–')[0] ?? '',
            count: deleted.count,
          })}{' '}
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={state.lessonRestore.fetching}
            onClick={() => dispatch(journalActions.lessonRestoreRequested({ date: deleted.date, time: deleted.time }))}
          >
            {t('lesson.restore')}
          </button>{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={() => dispatch(journalActions.deletedCleared())}>
            {t('close')}
          </button>
        </p>
      ) : null}
      {state.lessonRestore.data !== null ? (
        <p className="journal-note" role="status">
          {t('lesson.restored', { count: state.lessonRestore.data })}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={() => dispatch(journalActions.deletedCleared())}>
            {t('close')}
          </button>
        </p>
      ) : null}
      {state.bulk.data !== null ? (
        <p className="journal-note" role="status">
          {t('lesson.markedAll', { count: state.bulk.data })}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={() => dispatch(journalActions.markAllCleared())}>
            {t('close')}
          </button>
        </p>
      ) : null}
      {actionError ? (
        <p className="journal-error" role="alert">
          {describeFailure(t, actionError)}
        </p>
      ) : null}
    </>
  );
}

/** A refused mark or paste, undo's notice and the first failed save, under the toolbar. */
export function EditNotices({ state, scale, invalid, overflow }: Props) {
  const { t } = useTranslation(['journal', 'cm']);
  const failed = [...Object.values(state.edits), ...Object.values(state.finals.edits)].find((e) => e.status === 'failed');
  return (
    <>
      {invalid ? (
        <p className="journal-error" role="alert">
          {invalid === 'points' ? t('cm:errors.INVALID_POINTS', { min: 0, max: 100 }) : t('cm:errors.INVALID_MARK', SCALES[scale])}
        </p>
      ) : null}
      {overflow > 0 ? (
        <p className="journal-error" role="alert">
          {t('grid.pasteOverflow', { count: overflow })}
        </p>
      ) : null}
      <UndoNotice notice={state.undo.notice} />
      {failed?.error ? <p className="journal-error">{describeFailure(t, failed.error)}</p> : null}
    </>
  );
}
