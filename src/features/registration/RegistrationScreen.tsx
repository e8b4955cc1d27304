/**
 * /lms/registration (docs/areas/registration.md#for-users): the student's disciplines of the half-year
 * grouped by descGroupNum (the study plan, then electives when permitted), registering with a
 * teacher and a subgroup, deleting after a confirmation; a teacher sees his subgroups' seats,
 * registered students and waiting lists.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegRow } from '@contract/registration';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { HalfYearSelects } from '@components/HalfYearSelects';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { pending } from '@shared/request/loadable';
import { ROLE_TEACHER } from '@shared/request/roles';
import { selectUser } from '@shared/session/session';
import { Busy } from './components/Busy';
import { PeriodState } from './components/PeriodState';
import { RegisterPanel } from './components/RegisterPanel';
import { RegRowCard } from './components/RegRowCard';
import { TeacherView } from './components/TeacherView';
import { registrationActions as A, selectRegistration } from './registration.slice';
import './registration.css';

export default function RegistrationScreen() {
  const { t } = useTranslation(['registration', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { half, years, halfError, yearsError, list, allowed, electives, offeringId, remove, teacherView, seat } = useAppSelector(selectRegistration);
  const [confirming, setConfirming] = useState<RegRow | null>(null);
  // A save refused as already registered keeps its chooser open to say so, beside the row that now shows it.
  const saveError = useAppSelector((s) => !!selectRegistration(s).save.error);
  useEffect(() => {
    dispatch(A.opened());
  }, [dispatch]);
  if (!user) return null;
  const teacher = user.role === ROLE_TEACHER;
  const info = list.data?.info;
  const plan = list.data?.rows ?? [];
  const electiveRows = [
    ...plan.filter((r) => r.isElective),
    ...electives.data.filter((e) => !plan.some((p) => p.id_disciplineForStudent === e.id_disciplineForStudent)),
  ];
  const groups = new Map<number, RegRow[]>();
  for (const r of [...plan.filter((r) => !r.isElective), ...electiveRows]) groups.set(r.descGroupNum, [...(groups.get(r.descGroupNum) ?? []), r]);
  const reload = () => half && dispatch(A.halfSelected(half));
  // Progress until the half-year and then its list have answered: "no disciplines" only after that.
  const halfWaiting = half === null && !halfError;
  const loading = halfWaiting || (half !== null && pending(teacher ? teacherView : list));

  return (
    <div className="reg-screen" aria-busy={loading}>
      <h1 className="reg-title">{t('title')}</h1>
      <section className="card reg-filters" aria-label={t('filters')}>
        <HalfYearSelects ns="registration" idPrefix="reg" years={years} half={half} loading={halfWaiting} onChange={(h) => dispatch(A.halfSelected(h))} />
      </section>
      {seat ? (
        <div className="card reg-notice" role="status" data-testid="reg-seat-notice">
          <p>{t('seatNotice', { name: seat.discipline, subgroup: seat.subgroup })}</p>
          <button type="button" className="btn btn-ghost" onClick={() => dispatch(A.seatDismissed())}>
            {t('actions.dismiss')}
          </button>
        </div>
      ) : null}
      {halfError ? <LoadFailed failure={halfError} onRetry={() => dispatch(A.opened())} /> : null}
      {yearsError && !halfError ? <LoadFailed what={t('failed.years')} failure={yearsError} onRetry={() => dispatch(A.opened())} /> : null}
      {remove.error && !plan.concat(electiveRows).some((r) => r.registration?.id === remove.id) ? (
        <LoadFailed what={t('failed.delete')} failure={remove.error} onRetry={reload} />
      ) : null}
      {teacher ? (
        teacherView.error ? (
          <LoadFailed failure={teacherView.error} onRetry={reload} />
        ) : teacherView.loaded || teacherView.data.length ? (
          <TeacherView subgroups={teacherView.data} />
        ) : loading ? (
          <Busy text={t('teacher.loading')} testId="reg-loading" />
        ) : null
      ) : loading && !list.data ? (
        <Busy text={t('loadingList')} testId="reg-loading" />
      ) : list.error ? (
        <LoadFailed failure={list.error} onRetry={reload} />
      ) : info ? (
        <>
          <p className="muted reg-info" data-testid="reg-info">
            <PeriodState info={info} /> · {t('info.credits', { taken: info.creditsTaken, limit: info.creditLimit })}
          </p>
          {[...groups.entries()].map(([num, rows]) => (
            <section key={num} className="reg-group" aria-labelledby={`reg-group-${num}`}>
              <h2 id={`reg-group-${num}`} className="reg-group-title">
                {num === 1 ? t('groups.plan') : num === 2 ? t('groups.electives') : t('groups.other', { n: num })}
              </h2>
              <div className="reg-list">
                {rows.map((row) => (
                  <div key={row.id_disciplineForStudent} className="reg-item">
                    <RegRowCard
                      row={row}
                      open={info.open}
                      busy={remove.fetching && remove.id === row.registration?.id}
                      onRegister={() => dispatch(A.disciplineSelected({ id: row.id_disciplineForStudent }))}
                      onDelete={() => setConfirming(row)}
                      deleteError={row.registration && remove.id === row.registration.id ? remove.error : null}
                      onRetryDelete={() => row.registration && dispatch(A.deleteRequested({ id: row.registration.id }))}
                    />
                    {offeringId === row.id_disciplineForStudent && (!row.registration || saveError) ? (
                      <RegisterPanel row={row} onClose={() => dispatch(A.disciplineSelected({ id: null }))} />
                    ) : null}
                  </div>
                ))}
              </div>
            </section>
          ))}
          {electives.error ? (
            <LoadFailed
              what={t(allowed ? 'failed.electives' : 'failed.permission')}
              failure={electives.error}
              onRetry={() => dispatch(A.listReloadRequested())}
            />
          ) : null}
          {groups.size === 0 && !electives.error ? <p className="card reg-empty muted">{t('empty')}</p> : null}
        </>
      ) : null}
      {confirming?.registration ? (
        <ConfirmDialog
          title={t('delete.title')}
          text={t('delete.text', { name: confirming.discipline })}
          confirm={t('delete.confirm')}
          cancel={t('actions.cancel')}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            dispatch(A.deleteRequested({ id: confirming.registration!.id }));
            setConfirming(null);
          }}
        />
      ) : null}
    </div>
  );
}
