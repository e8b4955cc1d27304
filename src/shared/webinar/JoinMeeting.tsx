/**
 * A student's way into a lesson's online meeting (docs/areas/webinar.md#for-users), on the schedule
 * and on the webinar screen: before it opens, when it opens; while it is open, Join, which records
 * the join through the portal and opens the meeting in a new tab (a tab opened at the click, so no
 * pop-up blocker stops it; the link is shown too); after the lesson, nothing (or "ended").
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { webinarStudentApi } from '@api/webinar';
import type { Failure } from '@api/http';
import { wallClock } from '@lib/dates';
import { useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { selectTimeZone } from '@shared/settings/settings';
import './join.css';

export interface JoinableMeeting {
  id: number;
  discipline: string;
  opensAt: string;
  closesAt: string;
}

interface Props {
  meeting: JoinableMeeting;
  now: Date;
  /** Say "ended" after the lesson (the webinar screen) instead of nothing (the schedule). */
  showEnded?: boolean;
  /** The join was recorded (its time). */
  onJoined?: (joinedAt: string) => void;
}

export function JoinMeeting({ meeting, now, showEnded = false, onJoined }: Props) {
  const { t } = useTranslation('cm');
  const timeZone = useAppSelector(selectTimeZone);
  const [busy, setBusy] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const opensAt = new Date(meeting.opensAt);
  if (now < opensAt)
    return (
      <span className="join-note" data-testid={`join-opens-${meeting.id}`}>
        {t('onlineLesson.opensAt', { time: wallClock(opensAt, timeZone).clock })}
      </span>
    );
  if (now >= new Date(meeting.closesAt) && !url) return showEnded ? <span className="join-note muted">{t('onlineLesson.ended')}</span> : null;

  const join = async () => {
    // The tab is opened at the click (a tab opened after the answer would be blocked as a pop-up).
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    setBusy(true);
    setFailure(null);
    const result = await webinarStudentApi.join(meeting.id);
    setBusy(false);
    if (!result.ok) {
      tab?.close();
      setFailure(result);
      return;
    }
    setUrl(result.data.url);
    if (tab) tab.location.href = result.data.url;
    onJoined?.(result.data.joinedAt);
  };

  return (
    <span className="join-meeting">
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => void join()}
        disabled={busy}
        aria-busy={busy || undefined}
        data-testid={`join-${meeting.id}`}
      >
        {t('onlineLesson.join')}
        <span className="sr-only"> {meeting.discipline}</span>
      </button>
      {url ? (
        <a className="join-link" href={url} target="_blank" rel="noopener noreferrer" data-testid={`join-link-${meeting.id}`}>
          {t('onlineLesson.openAgain')}
        </a>
      ) : null}
      <span className="join-refusal" role="alert">
        {failure ? describeFailure(t, failure) : ''}
      </span>
    </span>
  );
}
