/** Home (/lms): the signed-in person's profile card from POST /api/profile/data.json. */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@contract/profile';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { ROLE_STUDENT, ROLE_TEACHER } from '@shared/request/roles';
import { selectUser } from '@shared/session/session';
import { Avatar } from '@components/Avatar';
import { RefreshIcon } from '@components/icons';
import { LockIcon } from '@components/shellIcons';
import { Spinner } from '@components/Spinner';
import { describeFailure } from '@shared/request/errors';
import { profileActions, selectAvatarSrc, selectPositionLine, selectProfile } from './profile.slice';
import './profile.css';
import { formatDate } from '@lib/dates';

type FieldKey = keyof Profile;

const COMMON_FIELDS: FieldKey[] = ['fullName', 'gender', 'birthDate', 'nationality', 'citizenship', 'taxId', 'phone', 'email', 'education', 'faculty'];
const STUDENT_FIELDS: FieldKey[] = ['group', 'speciality', 'course', 'educationForm', 'code'];
const TEACHER_FIELDS: FieldKey[] = ['department', 'position'];

export default function ProfileScreen() {
  const { t, i18n } = useTranslation(['profile', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { data } = useAppSelector(selectProfile);
  const src = useAppSelector(selectAvatarSrc);
  const line = useAppSelector(selectPositionLine);

  // Asked again in the new language when the user switches it (faculty, position… come translated).
  const language = i18n.resolvedLanguage;
  useEffect(() => {
    if (language) dispatch(profileActions.opened());
  }, [dispatch, language]);

  if (!user) return null;
  const profile = data.data;

  const format = (key: FieldKey, p: Profile): string | null => {
    const value = p[key];
    if (value === null || value === undefined || value === '') return null;
    if (key === 'gender') return t(value === 'f' ? 'gender.f' : 'gender.m');
    if (key === 'birthDate') return formatDate(String(value), i18n.resolvedLanguage) || String(value);
    return String(value);
  };

  const sections: Array<{ title: string; keys: FieldKey[] }> = [
    { title: t('sections.personal'), keys: COMMON_FIELDS },
    user.role === ROLE_STUDENT ? { title: t('sections.study'), keys: STUDENT_FIELDS } : { title: t('sections.work'), keys: TEACHER_FIELDS },
  ];

  return (
    <div className="profile-screen">
      <section className="card profile-hero" aria-labelledby="profile-title">
        <Avatar src={src} name={user.fullName} size={96} />
        <div className="profile-hero-text">
          <p className="profile-role-badge">{t(user.role === ROLE_TEACHER ? 'cm:roles.teacher' : 'cm:roles.student')}</p>
          <h1 id="profile-title">{user.fullName}</h1>
          {line ? <p className="profile-hero-line">{line}</p> : null}
        </div>
        <Link to="/change-password" className="btn btn-secondary profile-hero-action">
          <LockIcon size={18} />
          {t('cm:actions.changePassword')}
        </Link>
      </section>

      {data.fetching ? (
        <div className="card profile-loading">
          <Spinner label={t('cm:loading')} />
        </div>
      ) : data.error ? (
        <div className="card profile-error" role="alert">
          <p>{describeFailure(t, data.error)}</p>
          <button type="button" className="btn btn-secondary" onClick={() => dispatch(profileActions.dataRequested())}>
            <RefreshIcon size={18} />
            {t('cm:actions.retry')}
          </button>
        </div>
      ) : profile ? (
        sections.map((section) => (
          <section key={section.title} className="card profile-section" aria-label={section.title}>
            <h2>{section.title}</h2>
            <dl className="profile-fields">
              {section.keys.map((key) => {
                const value = format(key, profile);
                return (
                  <div key={key} className="profile-field">
                    <dt>{t(`fields.${key}`)}</dt>
                    <dd className={value ? undefined : 'muted'}>{value ?? t('notSet')}</dd>
                  </div>
                );
              })}
            </dl>
          </section>
        ))
      ) : null}
    </div>
  );
}
