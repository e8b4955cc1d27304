/**
 * The test's results sent to a grading sheet as exam points (docs/areas/testing.md#for-users): the
 * teacher chooses his open sheet of the discipline and whether exam points the students already have
 * there are overwritten; the dialog says how a result becomes exam points
 * (contract/pure/test-marks.ts), then what was written, kept and refused, or why nothing was.
 */
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TestSheet } from '@contract/testing';
import { examPointsOfPercent } from '@contract/pure/test-marks';
import { Dialog } from '@components/Dialog';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { bankActions as K } from '../bank.slice';
import { selectBank } from '../testing.slice';
import { SendOutcome } from './SendOutcome';
import { useSendDialog } from './useSendDialog';

function useSheetName() {
  const { t } = useTranslation('testing');
  return (s: TestSheet) =>
    t('toSheet.sheetName', {
      group: s.student ? `${s.group}, ${s.student}` : s.group,
      from: s.year,
      to: s.year + 1,
      ws: s.ws,
      attempt: t(`toSheet.attempts.${s.attempt}`),
    });
}

export function ToSheetDialog({ id_test, onClose }: { id_test: number; onClose: () => void }) {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const id = useId();
  const nameOf = useSheetName();
  const { testSheets, sentToSheet: sent } = useAppSelector(selectBank);
  const [sheetId, setSheetId] = useState<number | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const data = testSheets.data;
  const request = useCallback(() => void dispatch(K.testSheetsRequested(id_test)), [dispatch, id_test]);
  const first = useSendDialog(request, data !== null);
  const sheet = data?.sheets.find((s) => s.id === sheetId) ?? data?.sheets[0] ?? null;
  const outcome = sent.data;
  const close = (
    <button type="button" className="btn btn-ghost" onClick={onClose}>
      {t('toJournal.close')}
    </button>
  );
  return (
    <Dialog title={t('toSheet.title')} onClose={onClose} testId="ts-to-sheet" className="dialog card ts-journal-dialog">
      {testSheets.error ? <LoadFailed failure={testSheets.error} onRetry={request} /> : null}
      {!data && !testSheets.error ? <Spinner /> : null}
      {data && data.sheets.length === 0 ? <p className="muted">{t('toSheet.noSheets')}</p> : null}
      {!sheet ? <div className="dialog-actions">{close}</div> : null}
      {data && sheet ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!sent.fetching) dispatch(K.toSheetRequested({ id_test, id_sheet: sheet.id, overwrite }));
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-sheet`}>{t('toSheet.sheet')}</label>
            <select ref={first} id={`${id}-sheet`} className="input" value={sheet.id} onChange={(e) => setSheetId(Number(e.target.value))}>
              {data.sheets.map((s) => (
                <option key={s.id} value={s.id}>
                  {nameOf(s)}
                </option>
              ))}
            </select>
          </div>
          <p className="muted">{t('toSheet.rule', { max: data.examMax, half: examPointsOfPercent(50, data.examMax) })}</p>
          <div className="field">
            <label>
              <input type="checkbox" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} /> {t('toSheet.overwrite')}
            </label>
          </div>
          <SendOutcome outcome={outcome ?? null} error={sent.error ?? null} texts="toSheet" />
          <div className="dialog-actions">
            {close}
            <button type="submit" className="btn btn-primary" disabled={sent.fetching} aria-busy={sent.fetching}>
              {t('toJournal.send')}
            </button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
