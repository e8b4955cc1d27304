/**
 * A cell's history: who wrote what and when, and from where (the grid, a paste, a QR scan); on the
 * final-result column, the student's final result's changes (who, when, old → new points).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@components/Dialog';
import { Spinner } from '@components/Spinner';
import { useAppDispatch } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import type { FinalsState } from '../finals.slice';
import { journalActions, type JournalState } from '../journal.slice';
import { showMark } from '../pivot';
import { writtenOf } from '../undo.saga';
import type { Stored } from '../undo.slice';
import { formatDateTime } from '@lib/dates';

/** What the cell held after an entry (false: no record). */
const leftBy = (h: JournalState['history']['data'][number]): Stored => (h.action === 'delete' ? false : h.newMark);

type Props =
  | { title: string; history: JournalState['history']; current?: Stored; finals?: undefined }
  | { title: string; finals: FinalsState['history']; history?: undefined; current?: number | null };

export function HistoryDialog(props: Props) {
  if (props.finals) return <FinalHistory title={props.title} history={props.finals} current={props.current} />;
  return <MarkHistory title={props.title} history={props.history} current={props.current} />;
}

const when = formatDateTime;

interface Loaded<T> {
  fetching: boolean;
  error: Parameters<typeof describeFailure>[1] | null;
  data: T[];
}

/** The dialog both histories share: loading, failure, empty, one line per entry (its time and author first), Close. */
function HistoryFrame<T extends { at: string; who: string }>(props: { title: string; history: Loaded<T>; onClose: () => void; entry: (h: T) => ReactNode }) {
  const { t, i18n } = useTranslation(['journal', 'cm']);
  const { history } = props;
  return (
    <Dialog title={props.title} onClose={props.onClose} className="dialog card journal-dialog-wide">
      {history.fetching ? <Spinner label={t('loading')} /> : null}
      {history.error ? <p className="journal-error">{describeFailure(t, history.error)}</p> : null}
      {!history.fetching && history.data.length === 0 && !history.error ? <p className="muted">{t('history.empty')}</p> : null}
      <ol className="journal-history">
        {history.data.map((h, i) => (
          <li key={i}>
            <span className="muted">{when(h.at, i18n.resolvedLanguage)}</span> · {h.who}: {props.entry(h)}
          </li>
        ))}
      </ol>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          {t('close')}
        </button>
      </div>
    </Dialog>
  );
}

/** A result's changes; with `current` (the stored points, null: none; undefined: read only) each entry that left other points offers Restore. */
function FinalHistory({ title, history, current }: { title: string; history: FinalsState['history']; current?: number | null }) {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  const points = (p: number | null) => (p === null ? '' : String(p));
  const student = history.student;
  return (
    <HistoryFrame
      title={title}
      history={history}
      onClose={() => dispatch(journalActions.finalHistoryClosed())}
      entry={(h) => {
        const left = h.action === 'delete' ? null : h.newPoints;
        return (
          <>
            {t(`history.${h.action}`, { old: points(h.oldPoints), new: points(h.newPoints) })}
            {current !== undefined && student !== null && left !== current ? (
              <>
                {' '}
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  onClick={() => dispatch(journalActions.finalRestoreRequested({ student, points: left }))}
                >
                  {t('history.restore')}
                </button>
              </>
            ) : null}
          </>
        );
      }}
    />
  );
}

function MarkHistory({ title, history, current }: { title: string; history: JournalState['history']; current?: Stored }) {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  return (
    <HistoryFrame
      title={title}
      history={history}
      onClose={() => dispatch(journalActions.historyClosed())}
      entry={(h) => (
        <>
          {t(`history.${h.action}`, { old: showMark(h.oldMark), new: showMark(h.newMark) })}{' '}
          <span className="muted">({t(`history.source.${h.source}`, { title: h.sourceTitle ?? '' })})</span>
          {current !== undefined && history.cell && leftBy(h) !== current ? (
            <>
              {' '}
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => history.cell && dispatch(journalActions.historyRestoreRequested({ ...history.cell, written: writtenOf(leftBy(h)) }))}
              >
                {t('history.restore')}
              </button>
            </>
          ) : null}
        </>
      )}
    />
  );
}
