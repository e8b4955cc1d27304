/** What sending a test's results wrote (to a journal or a grading sheet): the counts, each refused student with the reason, and a failure. */
import { useTranslation } from 'react-i18next';
import type { Failure } from '@api/http';
import { describeFailure } from '@shared/request/errors';

interface Outcome {
  written: number;
  kept: number;
  unchanged: number;
  noResult: number;
  refused: readonly { id_student: number; fio: string; reason: string }[];
}

/** `texts`: the dialog's texts ('toJournal', 'toSheet'), whose outcome line and reasons are its own. */
export function SendOutcome({ outcome, error, texts }: { outcome: Outcome | null; error: Failure | null; texts: 'toJournal' | 'toSheet' }) {
  const { t } = useTranslation('testing');
  return (
    <>
      <div role="status" aria-live="polite">
        {outcome ? (
          <>
            <p>{t(`${texts}.outcome`, { written: outcome.written, kept: outcome.kept, unchanged: outcome.unchanged, noResult: outcome.noResult })}</p>
            {outcome.refused.length > 0 ? (
              <ul aria-label={t('toJournal.refused')}>
                {outcome.refused.map((r) => (
                  <li key={r.id_student}>{t(`${texts}.reasons.${r.reason}`, { fio: r.fio })}</li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </div>
      {error ? (
        <p className="ts-err" role="alert">
          {describeFailure(t, error)}
        </p>
      ) : null}
    </>
  );
}
