/**
 * /lms/rating (docs/areas/rating.md#for-users): a student's points per discipline of the half-year,
 * his average and places (his group anonymised), his GPA by half-year and his early warning; a
 * teacher's (an administrator's, a faculty's dean's office's) rating of a chosen group with the students at risk.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupRating, MyRating, RatingStanding, RatingWarning } from '@contract/rating';
import { Select } from '@components/Select';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { pending } from '@shared/request/loadable';
import { ROLE_STUDENT } from '@shared/request/roles';
import { selectUser } from '@shared/session/session';
import { useOverflowsX } from '@lib/useOverflowsX';
import { GpaChart } from './GpaChart';
import { ratingActions as A, selectRating } from './rating.slice';
import './rating.css';

const points = (n: number | null) => (n === null ? '—' : n.toFixed(1));

interface TableProps {
  /** The name of the region the table becomes when it scrolls sideways. */
  label: string;
  className: string;
  testId: string;
  /** The column headings, in order. */
  titles: string[];
  /** The rows. */
  children: ReactNode;
}

/**
 * A rating table with one column heading per title. A table that scrolls sideways in a narrow
 * window is a named region the keyboard reaches.
 */
function Table({ label, className, testId, titles, children }: TableProps) {
  const wrap = useRef<HTMLDivElement>(null);
  const scrolls = useOverflowsX(wrap);
  return (
    <div ref={wrap} className="rt-table-wrap" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      <table className={className} data-testid={testId}>
        <thead>
          <tr>
            {titles.map((title, i) => (
              <th key={i} scope="col">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function useWarningText() {
  const { t } = useTranslation('rating');
  return (w: RatingWarning) =>
    t(w.kind === 'absences' ? 'warnAbsences' : 'warnPoints', { discipline: w.discipline, value: w.value.toFixed(1), threshold: w.threshold });
}

function Place({ standing, label, testId }: { standing: RatingStanding; label: string; testId: string }) {
  const { t } = useTranslation('rating');
  return (
    <div className="rt-stat">
      <dt>{label}</dt>
      <dd data-testid={testId}>{standing.place === null ? t('notRanked') : t('placeOf', { place: standing.place, count: standing.count })}</dd>
    </div>
  );
}

function StudentRating({ r }: { r: MyRating }) {
  const { t } = useTranslation('rating');
  const warningText = useWarningText();
  return (
    <>
      <section className="card rt-summary" aria-labelledby="rt-me">
        <h2 id="rt-me" className="rt-section-title">
          {r.fio}
        </h2>
        <p className="muted small">
          {r.group} · {r.course} · {t('period', { year: `${r.id_a_year}-${String(r.id_a_year + 1).slice(2)}`, half: t(r.id_w_s === 1 ? 'autumn' : 'spring') })}
        </p>
        <dl className="rt-stats">
          <div className="rt-stat">
            <dt>{t('average')}</dt>
            <dd data-testid="rt-average">{r.average === null ? t('noPoints') : t('pointsOf', { points: points(r.average) })}</dd>
          </div>
          <Place standing={r.inGroup} label={t('placeInGroup')} testId="rt-place-group" />
          <Place standing={r.inCourse} label={t('placeInCourse')} testId="rt-place-course" />
        </dl>
      </section>
      {r.warnings.length > 0 ? (
        <section className="card rt-warning" aria-labelledby="rt-warning-title" data-testid="rt-warning">
          <h2 id="rt-warning-title" className="rt-section-title">
            {t('warningTitle')}
          </h2>
          <ul>
            {r.warnings.map((w) => (
              <li key={`${w.id_discipline}-${w.kind}`}>{warningText(w)}</li>
            ))}
          </ul>
          <p>{t(r.warnings.length > 1 ? 'adviceMany' : 'advice')}</p>
        </section>
      ) : null}
      <section className="card" aria-labelledby="rt-disc-title">
        <h2 id="rt-disc-title" className="rt-section-title">
          {t('disciplinesTitle')}
        </h2>
        {r.disciplines.length === 0 ? (
          <p className="muted">{t('noMarks')}</p>
        ) : (
          <Table
            label={t('disciplinesTitle')}
            className="rt-table stack-table"
            testId="rt-disciplines"
            titles={[t('discipline'), t('points'), t('lessons'), t('absences')]}
          >
            {r.disciplines.map((d) => (
              <tr key={d.id_discipline}>
                <td className="stack-title" data-label={t('discipline')}>
                  {d.discipline}
                </td>
                <td data-label={t('points')}>{d.points === null ? t('noPoints') : points(d.points)}</td>
                <td data-label={t('lessons')}>{d.lessons}</td>
                <td data-label={t('absences')}>
                  {d.absences} ({d.absencePct.toFixed(1)} %)
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>
      <section className="card" aria-labelledby="rt-group-title">
        <h2 id="rt-group-title" className="rt-section-title">
          {t('groupTitle', { group: r.group })}
        </h2>
        <p className="muted small">{t('anonymous')}</p>
        <Table label={t('groupTitle', { group: r.group })} className="rt-table rt-anon" testId="rt-group" titles={[t('place'), t('student'), t('average')]}>
          {r.groupRows.map((row, i) => (
            <tr key={i} className={row.me ? 'rt-me' : undefined} data-testid={row.me ? 'rt-my-row' : undefined}>
              <td>{row.place ?? '—'}</td>
              <td>{row.me ? t('you', { name: r.fio }) : t('classmate')}</td>
              <td>{row.average === null ? t('noPoints') : points(row.average)}</td>
            </tr>
          ))}
        </Table>
      </section>
      <section className="card">
        <GpaChart points={r.gpa} />
      </section>
    </>
  );
}

function GroupTable({ g, atRiskOnly }: { g: GroupRating; atRiskOnly: boolean }) {
  const { t } = useTranslation('rating');
  const warningText = useWarningText();
  const rows = atRiskOnly ? g.students.filter((s) => s.warnings.length > 0) : g.students;
  const atRisk = g.students.filter((s) => s.warnings.length > 0).length;
  return (
    <section className="card" aria-labelledby="rt-group-rating" data-testid="rt-group-rating">
      <h2 id="rt-group-rating" className="rt-section-title">
        {t('groupTitle', { group: g.group })}
      </h2>
      <p className="muted small">
        {t('period', { year: `${g.id_a_year}-${String(g.id_a_year + 1).slice(2)}`, half: t(g.id_w_s === 1 ? 'autumn' : 'spring') })} ·{' '}
        <span data-testid="rt-at-risk-count">{t('atRiskCount', { n: atRisk })}</span> ·{' '}
        {t('thresholds', { absences: g.thresholds.absencesPct, points: g.thresholds.pointsPct })}
      </p>
      {rows.length === 0 ? (
        <p className="muted">{atRiskOnly ? t('noneAtRisk') : t('noStudents')}</p>
      ) : (
        <Table
          label={t('groupTitle', { group: g.group })}
          className="rt-table stack-table"
          testId="rt-students"
          titles={[t('place'), t('student'), ...g.disciplines.map((d) => d.discipline), t('average'), t('warningTitle')]}
        >
          {rows.map((s) => (
            <tr key={s.id_student} className={s.warnings.length ? 'rt-risk' : undefined}>
              <td data-label={t('place')}>{s.place ?? '—'}</td>
              <td className="stack-title" data-label={t('student')}>
                {s.fio}
              </td>
              {g.disciplines.map((d) => (
                <td key={d.id_discipline} data-label={d.discipline}>
                  {points(s.points[String(d.id_discipline)] ?? null)}
                </td>
              ))}
              <td data-label={t('average')}>{s.average === null ? t('noPoints') : points(s.average)}</td>
              {/* On a phone a student's card shows the warning cell only when he has one. */}
              <td data-label={t('warningTitle')} className={s.warnings.length ? undefined : 'rt-no-warning'}>
                {s.warnings.length ? (
                  <ul className="rt-reasons">
                    {s.warnings.map((w) => (
                      <li key={`${w.id_discipline}-${w.kind}`}>{warningText(w)}</li>
                    ))}
                  </ul>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

function StaffRating() {
  const { t } = useTranslation('rating');
  const dispatch = useAppDispatch();
  const { groups, groupId, group, atRiskOnly } = useAppSelector(selectRating);
  if (groups.error) return <LoadFailed failure={groups.error} onRetry={() => dispatch(A.opened({ as: 'staff' }))} />;
  return (
    <>
      <section className="card rt-filters" aria-label={t('filters')}>
        <Select
          id="rt-group"
          label={t('group')}
          options={groups.data.map((g) => ({ id: g.id_group, name: g.group }))}
          value={groupId ?? -1}
          loading={!groups.loaded}
          onChange={(id) => dispatch(A.groupChosen(id > 0 ? id : null))}
        />
        {groups.loaded && groups.data.length === 0 ? (
          <p className="muted">{t('noGroups')}</p>
        ) : (
          <label className="rt-check">
            <input type="checkbox" checked={atRiskOnly} onChange={(e) => dispatch(A.atRiskToggled(e.target.checked))} data-testid="rt-at-risk" />
            {t('atRiskOnly')}
          </label>
        )}
        {groups.loaded && groups.data.length > 0 && groupId === null ? <p className="muted small">{t('chooseGroup')}</p> : null}
      </section>
      {group.fetching ? <Spinner /> : null}
      {group.error ? <LoadFailed failure={group.error} onRetry={() => dispatch(A.groupChosen(groupId))} /> : null}
      {group.data ? <GroupTable g={group.data} atRiskOnly={atRiskOnly} /> : null}
    </>
  );
}

export default function RatingScreen() {
  const { t } = useTranslation('rating');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const isStudent = user?.role === ROLE_STUDENT;
  const { mine, groups } = useAppSelector(selectRating);
  useEffect(() => {
    dispatch(A.opened({ as: isStudent ? 'student' : 'staff' }));
  }, [dispatch, isStudent]);
  const first = isStudent ? mine : groups;
  return (
    <div className="rt-screen" aria-busy={pending(first)}>
      <h1 className="rt-title">{t('title')}</h1>
      {isStudent ? (
        <>
          {mine.fetching && !mine.data ? <Spinner /> : null}
          {mine.error ? <LoadFailed failure={mine.error} onRetry={() => dispatch(A.opened({ as: 'student' }))} /> : null}
          {mine.data ? <StudentRating r={mine.data} /> : null}
        </>
      ) : (
        <StaffRating />
      )}
    </div>
  );
}
