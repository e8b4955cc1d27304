import { useTranslation } from 'react-i18next';
import { academicYearName } from '@contract/pure/academic-year';
import { HalfYearSelects } from '@components/HalfYearSelects';
import { Select } from '@components/Select';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { umkActions, selectUmk } from '../umk.slice';

interface Props {
  teacher: boolean;
  halfWaiting: boolean;
  disciplinesWaiting: boolean;
  semestersWaiting: boolean;
}

/** The academic year and half-year, the discipline, the semester and (a teacher, when several teach it) the teacher. */
export function UmkFilters({ teacher, halfWaiting, disciplinesWaiting, semestersWaiting }: Props) {
  const { t } = useTranslation(['umk', 'cm']);
  const dispatch = useAppDispatch();
  const { half, years, disciplines, disciplineId, semesters, semesterId, teachers, teacherId } = useAppSelector(selectUmk);
  // The years to switch to; the current one alone while the list is missing.
  const yearOptions = years.length ? years : half ? [{ id: half.year, name: academicYearName(half.year) }] : [];
  return (
    <section className="card umk-filters" aria-label={t('filters')}>
      <HalfYearSelects
        ns="umk"
        idPrefix="umk"
        years={yearOptions}
        half={half}
        disableEmpty
        loading={halfWaiting}
        onChange={(h) => dispatch(umkActions.halfSelected(h))}
      />
      <Select
        id="umk-discipline"
        label={t('fields.discipline')}
        options={disciplines.data.map((d) => ({ id: d.id, name: d.name }))}
        value={disciplineId ?? -1}
        loading={disciplinesWaiting}
        onChange={(id) => id > 0 && dispatch(umkActions.disciplineSelected({ id }))}
      />
      <Select
        id="umk-semester"
        label={t('fields.semester')}
        options={semesters.data.map((s) => ({ id: s.id, name: t('semesterName', { count: Number(s.name), ordinal: true }) }))}
        value={semesterId ?? -1}
        loading={semestersWaiting}
        onChange={(id) => id > 0 && dispatch(umkActions.semesterSelected({ id }))}
      />
      {teacher && teachers.data.length > 1 ? (
        <Select
          id="umk-teacher"
          label={t('fields.teacher')}
          options={[{ id: 0, name: t('allTeachers') }, ...teachers.data]}
          value={teacherId}
          blank={false}
          onChange={(id) => dispatch(umkActions.teacherFiltered({ id }))}
        />
      ) : null}
    </section>
  );
}

/** A failed load of the half-year, the disciplines or the semesters, with the retry of the level that failed. */
export function UmkFiltersFailed() {
  const { t } = useTranslation(['umk', 'cm']);
  const dispatch = useAppDispatch();
  const { half, halfError, disciplines, disciplineId, semesters } = useAppSelector(selectUmk);
  if (!(halfError || disciplines.error || semesters.error)) return null;
  return (
    <LoadFailed
      what={t('loadError')}
      failure={(halfError ?? disciplines.error ?? semesters.error)!}
      onRetry={() =>
        dispatch(
          halfError || !half
            ? umkActions.opened()
            : disciplines.error || disciplineId === null
              ? umkActions.halfSelected(half)
              : umkActions.disciplineSelected({ id: disciplineId }),
        )
      }
    />
  );
}
