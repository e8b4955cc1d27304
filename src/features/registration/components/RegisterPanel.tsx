/** Registering for one discipline: its teacher, then a subgroup with its seats and time; a full subgroup offers its waiting list. */
import { useTranslation } from 'react-i18next';
import type { RegRow } from '../../../../contract/registration';
import { Select } from '../../../components/Select';
import { describeFailure } from '../../../shared/request/errors';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { registrationActions as A, selectRegistration } from '../registration.slice';

export function RegisterPanel({ row, onClose }: { row: RegRow; onClose: () => void }) {
  const { t } = useTranslation(['registration', 'cm']);
  const dispatch = useAppDispatch();
  const { teachers, teacherId, subgroups, subgroup, save } = useAppSelector(selectRegistration);
  const subs = subgroups.data.map((s) => ({
    id: s.id,
    name: t('subgroupOption', { name: s.name, day: t(`days.${s.day_number}`), time: s.time, taken: s.taken, capacity: s.capacity }),
  }));
  const chosen = subgroups.data.find((s) => s.id === subgroup);
  const headingId = `reg-panel-${row.id_disciplineForStudent}`;
  return (
    <section className="card reg-panel" aria-labelledby={headingId} data-testid="reg-panel">
      <h3 id={headingId}>{t('panel.title', { name: row.discipline })}</h3>
      <div className="reg-panel-fields">
        <Select
          id="reg-teacher"
          label={t('fields.teacher')}
          options={teachers.data}
          value={teacherId ?? -1}
          disabled={teachers.fetching}
          onChange={(id) => dispatch(A.teacherSelected({ id: id > 0 ? id : null }))}
        />
        <Select
          id="reg-subgroup"
          label={t('fields.subgroup')}
          options={subs}
          value={subgroup ?? -1}
          disabled={teacherId === null || subgroups.fetching}
          onChange={(id) => dispatch(A.subgroupSelected({ id: id > 0 ? id : null }))}
        />
      </div>
      {chosen ? (
        <p className="muted small" data-testid="reg-seats">
          {t('seats', { taken: chosen.taken, capacity: chosen.capacity })}
          {chosen.waiting > 0 ? ` · ${t('waitingCount', { count: chosen.waiting })}` : ''}
        </p>
      ) : null}
      {save.error ? (
        <p className="reg-error" role="alert" data-testid="reg-save-error">
          {describeFailure(t, save.error)}
        </p>
      ) : null}
      <div className="reg-panel-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('actions.cancel')}
        </button>
        {save.full ? (
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
            disabled={!chosen || save.fetching}
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
