/**
 * /lms/testing (docs/areas/testing.md#for-users): a student's tests, the attempt he takes and its
 * review; a teacher's question bank and tests of his disciplines, previews and results.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLE_STUDENT } from '@shared/request/roles';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { selectUser } from '@shared/session/session';
import { attemptActions as A } from './attempt.slice';
import { selectAttempt, selectBank } from './testing.slice';
import { StudentView } from './components/StudentView';
import { TeacherView } from './components/TeacherView';
import './testing.css';

export default function TestingScreen() {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { my } = useAppSelector(selectAttempt);
  const { disciplines } = useAppSelector(selectBank);
  const student = user?.role === ROLE_STUDENT;
  useEffect(() => {
    dispatch(A.opened());
  }, [dispatch]);
  const first = student ? my : disciplines;
  return (
    <div className="ts-screen" aria-busy={!first.loaded && !first.error}>
      <h1 className="ts-title">{student ? t('my.title') : t('title')}</h1>
      {student ? <StudentView /> : <TeacherView />}
    </div>
  );
}
