/**
 * /lms/webinar (docs/areas/webinar.md#for-users): a teacher's coming lessons, to which he attaches an
 * online meeting (the portal's meeting server or a pasted link), and his meetings with who joined,
 * marking them present in the journal, and the recordings; a student's coming and recent online
 * lessons with Join (or when it opens) and the recordings.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { Loaded } from '@shared/request/Loaded';
import { pending } from '@shared/request/loadable';
import { webinarActions as A, selectWebinar } from './webinar.slice';
import { ComingLessons } from './components/ComingLessons';
import { StudentWebinars } from './components/StudentWebinars';
import { TeacherMeetings } from './components/TeacherMeetings';
import './webinar.css';

export default function WebinarScreen() {
  const { t } = useTranslation('webinar');
  const dispatch = useAppDispatch();
  const { options, meetings, mine } = useAppSelector(selectWebinar);

  useEffect(() => {
    dispatch(A.opened());
  }, [dispatch]);

  const o = options.data;
  const busy = pending(options) || (o ? pending(o.canAttach ? meetings : mine) : false);
  return (
    <div className="wb-screen" aria-busy={busy}>
      <h1 className="wb-title">{t('title')}</h1>
      <Loaded of={[options]} onRetry={() => dispatch(A.opened())}>
        {o?.canAttach ? (
          <div className="wb-columns">
            <ComingLessons options={o} />
            <TeacherMeetings />
          </div>
        ) : o ? (
          <StudentWebinars />
        ) : null}
      </Loaded>
    </div>
  );
}
