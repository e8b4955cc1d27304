/** A meeting's recordings' links for its teacher: each with Remove, and the form adding one once the meeting has opened. */
import { useTranslation } from 'react-i18next';
import type { TeacherMeeting } from '@contract/webinar';
import { WEBINAR_RECORDINGS_MAX } from '@contract/pure/webinar';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { webinarActions as A, selectWebinar } from '../webinar.slice';
import { RecordingForm } from './RecordingForm';

export function Recordings({ meeting, canAdd }: { meeting: TeacherMeeting; canAdd: boolean }) {
  const { t } = useTranslation('webinar');
  const dispatch = useAppDispatch();
  const { recording } = useAppSelector(selectWebinar);
  const mine = recording.key === String(meeting.id);
  return (
    <div className="wb-recordings">
      {meeting.recordings.length > 0 ? (
        <>
          <h3 className="wb-minor">{t('recordings.title')}</h3>
          <ul className="wb-people-list">
            {meeting.recordings.map((r) => (
              <li key={r.id} className="wb-recording">
                <a href={r.url} target="_blank" rel="noopener noreferrer">
                  {r.title}
                </a>
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={recording.busy}
                  aria-label={t('recordings.removeOne', { title: r.title })}
                  onClick={() => dispatch(A.recordingRemoveRequested({ meetingId: meeting.id, recordingId: r.id }))}
                >
                  {t('recordings.remove')}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {canAdd && meeting.recordings.length < WEBINAR_RECORDINGS_MAX ? <RecordingForm meetingId={meeting.id} /> : null}
      {!canAdd ? null : (
        <p className="wb-refusal" role="alert">
          {mine && recording.failure ? describeFailure(t, recording.failure) : ''}
        </p>
      )}
    </div>
  );
}
