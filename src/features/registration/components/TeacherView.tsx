/** The teacher's view (source type 1): his subgroups with seats taken of capacity, who registered and the waiting list. */
import { useTranslation } from 'react-i18next';
import type { TeacherSubgroup } from '@contract/registration';

export function TeacherView({ subgroups }: { subgroups: TeacherSubgroup[] }) {
  const { t } = useTranslation('registration');
  if (subgroups.length === 0) return <p className="card reg-empty muted">{t('teacher.empty')}</p>;
  return (
    <div className="reg-list">
      {subgroups.map((g) => (
        <article key={g.id_subgroup} className="card reg-row reg-teacher" data-testid="reg-teacher-subgroup" aria-labelledby={`reg-t-${g.id_subgroup}`}>
          <div className="reg-row-body">
            <h3 id={`reg-t-${g.id_subgroup}`} className="reg-row-title">
              {g.discipline} · {t('subgroupN', { n: g.subgroup })}
            </h3>
            <p className="muted small">
              {t(`days.${g.day_number}`)} {g.time} · <span data-testid="reg-teacher-seats">{t('seats', { taken: g.taken, capacity: g.capacity })}</span>
            </p>
            <h4 className="small">{t('teacher.registered')}</h4>
            {g.registered.length ? (
              <ol className="reg-people">
                {g.registered.map((p) => (
                  <li key={p.id_registration}>
                    {p.fio} <span className="muted">({p.group})</span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="muted small">{t('teacher.none')}</p>
            )}
            {g.waiting.length ? (
              <>
                <h4 className="small">{t('teacher.waiting')}</h4>
                <ol className="reg-people">
                  {g.waiting.map((p) => (
                    <li key={p.id_registration}>
                      {p.fio} <span className="muted">({p.group})</span>
                    </li>
                  ))}
                </ol>
              </>
            ) : null}
          </div>
        </article>
      ))}
    </div>
  );
}
