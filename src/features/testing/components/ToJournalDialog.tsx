/**
 * The test's results sent to a journal as marks (docs/areas/testing.md#for-users): the teacher
 * chooses his journal of the discipline, a lesson of it or a new one (a date and a lesson time), and
 * whether marks the students already have there are overwritten; the dialog says how the results
 * become marks on the journal's scale (contract/pure/test-marks.ts), then what was written, kept and
 * refused, or why nothing was.
 */
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TestJournal } from '@contract/testing';
import { TEST_MARK_LOWEST, TEST_MARK_THRESHOLDS } from '@contract/pure/test-marks';
import { Dialog } from '@components/Dialog';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { bankActions as K } from '../bank.slice';
import { selectBank } from '../testing.slice';
import { SendOutcome } from './SendOutcome';
import { useSendDialog } from './useSendDialog';
import { FormActions } from '@components/FormActions';

/** 'YYYY-MM-DD' → 'DD.MM.YYYY', as the journal writes dates. */
const shown = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
const NEW = 'new';

function Conversion({ journal }: { journal: TestJournal }) {
  const { t } = useTranslation('testing');
  if (journal.scale === '0-100') return <p className="muted">{t('toJournal.percentScale')}</p>;
  const steps = TEST_MARK_THRESHOLDS.map((s) => t('toJournal.threshold', { percent: s.minPercent, mark: s.mark })).join(', ');
  return <p className="muted">{t('toJournal.fiveScale', { steps, lowest: TEST_MARK_LOWEST })}</p>;
}

export function ToJournalDialog({ id_test, onClose }: { id_test: number; onClose: () => void }) {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const id = useId();
  const { testJournals, sent } = useAppSelector(selectBank);
  const [journalId, setJournalId] = useState<number | null>(null);
  const [lesson, setLesson] = useState(NEW);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const data = testJournals.data;
  const request = useCallback(() => void dispatch(K.testJournalsRequested(id_test)), [dispatch, id_test]);
  const first = useSendDialog(request, data !== null);
  const journal = data?.journals.find((j) => j.id === journalId) ?? data?.journals[0] ?? null;
  const timeOf = (id_time: number) => data?.times.find((x) => x.id === id_time)?.time ?? String(id_time);
  const [chosenDate, chosenTime] = lesson === NEW ? [date, time] : lesson.split('|');
  const ready = journal !== null && /^\d{4}-\d{2}-\d{2}$/.test(chosenDate ?? '') && Number(chosenTime) > 0;
  const outcome = sent.data;
  return (
    <Dialog title={t('toJournal.title')} onClose={onClose} testId="ts-to-journal" className="dialog card ts-journal-dialog">
      {testJournals.error ? <LoadFailed failure={testJournals.error} onRetry={request} /> : null}
      {!data && !testJournals.error ? <Spinner /> : null}
      {data && data.journals.length === 0 ? <p className="muted">{t('toJournal.noJournals')}</p> : null}
      {!journal ? (
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('toJournal.close')}
          </button>
        </div>
      ) : null}
      {data && journal ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (ready && !sent.fetching)
              dispatch(K.toJournalRequested({ id_test, id_journal: journal.id, visitDate: chosenDate!, id_time: Number(chosenTime), overwrite }));
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-journal`}>{t('toJournal.journal')}</label>
            <select
              ref={first}
              id={`${id}-journal`}
              className="input"
              value={journal.id}
              onChange={(e) => {
                setJournalId(Number(e.target.value));
                setLesson(NEW);
              }}
            >
              {data.journals.map((j) => (
                <option key={j.id} value={j.id}>
                  {t('toJournal.journalName', { name: j.name, from: j.year, to: j.year + 1, ws: j.ws })}
                </option>
              ))}
            </select>
          </div>
          <Conversion journal={journal} />
          <div className="field">
            <label htmlFor={`${id}-lesson`}>{t('toJournal.lesson')}</label>
            <select id={`${id}-lesson`} className="input" value={lesson} onChange={(e) => setLesson(e.target.value)}>
              <option value={NEW}>{t('toJournal.newLesson')}</option>
              {journal.lessons.map((l) => (
                <option key={`${l.visitDate}|${l.id_time}`} value={`${l.visitDate}|${l.id_time}`}>
                  {`${shown(l.visitDate)} ${timeOf(l.id_time)}`}
                </option>
              ))}
            </select>
          </div>
          {lesson === NEW ? (
            <div className="ts-inline">
              <div className="field">
                <label htmlFor={`${id}-date`}>{t('toJournal.date')}</label>
                <input id={`${id}-date`} className="input" type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
              </div>
              <div className="field">
                <label htmlFor={`${id}-time`}>{t('toJournal.time')}</label>
                <select id={`${id}-time`} className="input" required value={time} onChange={(e) => setTime(e.target.value)}>
                  <option value="">{t('toJournal.chooseTime')}</option>
                  {data.times.map((x) => (
                    <option key={x.id} value={x.id}>
                      {x.time}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          ) : null}
          <div className="field">
            <label>
              <input type="checkbox" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} /> {t('toJournal.overwrite')}
            </label>
          </div>
          <SendOutcome outcome={outcome ?? null} error={sent.error ?? null} texts="toJournal" />
          <FormActions cancel={t('toJournal.close')} submit={t('toJournal.send')} onCancel={onClose} busy={sent.fetching} disabled={!ready} />
        </form>
      ) : null}
    </Dialog>
  );
}
