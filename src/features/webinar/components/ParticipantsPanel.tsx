/** Who of the lesson's students joined through the portal (with the time) and who did not; those who joined are marked present in the journal with one action. */
import { useTranslation } from 'react-i18next';
import { formatZonedDateTime } from '@lib/dates';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { Loaded } from '@shared/request/Loaded';
import { describeFailure } from '@shared/request/errors';
import { selectTimeZone } from '@shared/settings/settings';
import { webinarActions as A, selectWebinar } from '../webinar.slice';

export function ParticipantsPanel({ id, meetingId, started }: { id: string; meetingId: number; started: boolean }) {
  const { t, i18n } = useTranslation('webinar');
  const dispatch = useAppDispatch();
  const timeZone = useAppSelector(selectTimeZone);
  const { participants, mark } = useAppSelector(selectWebinar);
  const p = participants.data;
  return (
    <div id={id} className="wb-people" data-testid="wb-participants">
      <Loaded of={[participants]} onRetry={() => dispatch(A.participantsOpened(meetingId))}>
        {p ? (
          <>
            <h3 className="wb-minor">{t('people.joined', { n: p.joined.length })}</h3>
            {p.joined.length === 0 ? (
              <p className="small muted">{started ? t('people.noneJoined') : t('people.notStarted')}</p>
            ) : (
              <ul className="wb-people-list">
                {p.joined.map((j) => (
                  <li key={j.studentId} data-testid="wb-joined">
                    {j.name} <span className="muted">· {formatZonedDateTime(j.joinedAt, i18n.resolvedLanguage, timeZone)}</span>
                  </li>
                ))}
              </ul>
            )}
            <h3 className="wb-minor">{t('people.absent', { n: p.absent.length })}</h3>
            {p.absent.length === 0 ? (
              <p className="small muted">{t('people.allJoined')}</p>
            ) : (
              <ul className="wb-people-list muted">
                {p.absent.map((a) => (
                  <li key={a.studentId}>{a.name}</li>
                ))}
              </ul>
            )}
            {p.joined.length > 0 ? (
              <button
                type="button"
                className="btn btn-primary"
                disabled={mark.busy}
                aria-busy={mark.busy || undefined}
                onClick={() => dispatch(A.markRequested(meetingId))}
              >
                {t('people.mark')}
              </button>
            ) : null}
            {mark.result && mark.key === String(meetingId) ? (
              <p className="wb-done" role="status" data-testid="wb-marked">
                {t('people.marked', { written: mark.result.written, kept: mark.result.kept })}
              </p>
            ) : null}
            <p className="wb-refusal" role="alert">
              {mark.failure && mark.key === String(meetingId) ? describeFailure(t, mark.failure) : ''}
            </p>
          </>
        ) : null}
      </Loaded>
    </div>
  );
}
