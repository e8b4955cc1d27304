/** A cell's history: who wrote what and when, and from where (the grid, a paste, a QR scan). */
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { useAppDispatch } from '../../../shared/hooks';
import { describeFailure } from '../../../shared/request/errors';
import { journalActions, type JournalState } from '../journal.slice';
import { showMark } from '../pivot';
import { writtenOf } from '../undo.saga';
import type { Stored } from '../undo.slice';

/** What the cell held after an entry (false: no record). */
const leftBy = (h: JournalState['history']['data'][number]): Stored => (h.action === 'delete' ? false : h.newMark);

export function HistoryDialog({ title, history, current }: { title: string; history: JournalState['history']; current?: Stored }) {
  const { t, i18n } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  const close = () => dispatch(journalActions.historyClosed());
  return (
    <Dialog title={title} onClose={close} className="dialog card journal-dialog-wide">
      {history.fetching ? <Spinner label={t('loading')} /> : null}
      {history.error ? <p className="journal-error">{describeFailure(t, history.error)}</p> : null}
      {!history.fetching && history.data.length === 0 && !history.error ? <p className="muted">{t('history.empty')}</p> : null}
      <ol className="journal-history">
        {history.data.map((h, i) => (
          <li key={i}>
            <span className="muted">{new Date(h.at).toLocaleString(i18n.resolvedLanguage === 'en' ? 'en-GB' : 'ru-RU')}</span> · {h.who}:{' '}
            {t(`history.${h.action}`, { old: showMark(h.oldMark), new: showMark(h.newMark) })}{' '}
            <span className="muted">({t(`history.source.${h.source}`)})</span>
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
          </li>
        ))}
      </ol>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={close}>
          {t('close')}
        </button>
      </div>
    </Dialog>
  );
}
