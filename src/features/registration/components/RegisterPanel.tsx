/**
 * Registering for one discipline: its teacher, then a subgroup with its seats and time; a subgroup
 * whose slot meets the student's timetable says so before saving (and cannot be saved); a full
 * subgroup offers its waiting list. A list that could not load, or a save that failed, is said here
 * beside its field or button, with its retry.
 */
import { useTranslation } from 'react-i18next';
import type { RegRow } from '@contract/registration';
import { Select } from '@components/Select';
import { describeFailure } from '@shared/request/errors';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { registrationActions as A, selectRegistration } from '../registration.slice';
import { InlineFailure } from './InlineFailure';

export function RegisterPanel({ row, onClose }: { row: RegRow; onClose: () => void }) {
  const { t } = useTranslation(['registration', 'cm']);
  const dispatch = useAppDispatch();
  const { teachers, teacherId, subgroups, subgroup, save } = useAppSelector(selectRegistration);
  const subs = subgroups.data.map((s) => {
    const name = t('subgroupOption', { name: s.name, day: t(`days.${s.day_number}`), time: s.time, taken: s.taken, capacity: s.capacity });
    return { id: s.id, name: s.clash ? t('clashOption', { option: name }) : name };
  });
  const chosen = subgroups.data.find((s) => s.id === subgroup);
  const headingId = `reg-panel-${row.id_disciplineForStudent}`;
  // Registered meanwhile (another tab): only why the save was refused, and the way to close.
  const done = !!row.registration;
  return (
    <section className="card reg-panel" aria-labelledby={headingId} data-testid="reg-panel">
      <h3 id={headingId}>{t('panel.title', { name: row.discipline })}</h3>
      {done ? null : (
        <div className="reg-panel-fields">
          <Select
            id="reg-teacher"
            label={t('fields.teacher')}
            options={teachers.data}
            value={teacherId ?? -1}
            loading={teachers.fetching}
            disabled={!!teachers.error}
            onChange={(id) => dispatch(A.teacherSelected({ id: id > 0 ? id : null }))}
          />
          <Select
            id="reg-subgroup"
            label={t('fields.subgroup')}
            options={subs}
            value={subgroup ?? -1}
            loading={subgroups.fetching}
            disabled={teacherId === null || !!subgroups.error}
            onChange={(id) => dispatch(A.subgroupSelected({ id: id > 0 ? id : null }))}
          />
        </div>
      )}
      {teachers.error ? (
        <InlineFailure
          what={t('failed.teachers')}
          failure={teachers.error}
          onRetry={() => dispatch(A.disciplineSelected({ id: row.id_disciplineForStudent }))}
          testId="reg-teachers-error"
        />
      ) : null}
      {subgroups.error ? (
        <InlineFailure
          what={t('failed.subgroups')}
          failure={subgroups.error}
          onRetry={() => dispatch(A.teacherSelected({ id: teacherId }))}
          testId="reg-subgroups-error"
        />
      ) : null}
      {chosen && !done ? (
        <p className="muted small" data-testid="reg-seats">
          {t('seats', { taken: chosen.taken, capacity: chosen.capacity })}
          {chosen.waiting > 0 ? ` · ${t('waitingCount', { count: chosen.waiting })}` : ''}
        </p>
      ) : null}
      {chosen?.clash && !done ? (
        <p className="reg-error" role="alert" data-testid="reg-clash">
          {t('clash', { lesson: chosen.clash })}
        </p>
      ) : null}
      {save.error ? (
        <p className="reg-error" role="alert" data-testid="reg-save-error">
          {describeFailure(t, save.error)}
        </p>
      ) : null}
      <div className="reg-panel-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {done ? t('actions.dismiss') : t('actions.cancel')}
        </button>
        {done ? null : save.full ? (
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="reg-join-waiting"
            disabled={save.fetching}
            onClick={() => dispatch(A.saveRequested({ joinWaitingList: true }))}
          >
            {t('actions.joinWaiting')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            data-testid="reg-save"
            disabled={!chosen || !!chosen.clash || save.fetching}
            aria-busy={save.fetching}
            onClick={() => dispatch(A.saveRequested({ joinWaitingList: false }))}
          >
            {t('actions.register')}
          </button>
        )}
      </div>
    </section>
  );
}
