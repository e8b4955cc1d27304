/** The teacher's filters, from the semester down to one journal (group or stream, subgroup). */
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { JournalInfo } from '@contract/journal';
import { Select, type SelectOption } from '@components/Select';
import { useAppDispatch } from '@shared/hooks';
import { pending } from '@shared/request/loadable';
import { FILTERS, journalActions, matchingJournals, type FilterName, type JournalState } from '../journal.slice';

const distinct = (items: SelectOption[]) => [...new Map(items.map((o) => [o.id, o])).values()];

function useOptions(state: JournalState, name: FilterName, pick: (j: JournalInfo) => SelectOption): SelectOption[] {
  return useMemo(() => distinct(matchingJournals(state.journals.data, state.filters, name).map(pick)), [state.journals.data, state.filters, name, pick]);
}

/** Each filter's dropdown: its id after `journal-` and its label's key under `filters.`, top down. */
const SELECTS: Record<FilterName, { id: string; label: string }> = {
  semester: { id: 'semester', label: 'semester' },
  discipline: { id: 'discipline', label: 'discipline' },
  control: { id: 'control', label: 'control' },
  credit: { id: 'credit', label: 'credit' },
  lessonType: { id: 'lesson-type', label: 'lessonType' },
  educForm: { id: 'form', label: 'educForm' },
  journal: { id: 'group', label: 'group' },
};

const pickDiscipline = (j: JournalInfo) => ({ id: j.id_discipline, name: j.discipline });
const pickControl = (j: JournalInfo) => ({ id: j.id_examination, name: j.examination });
const pickCredit = (j: JournalInfo) => ({ id: j.credits, name: String(j.credits) });
const pickLessonType = (j: JournalInfo) => ({ id: j.id_vid_zaniatiy, name: j.vid_zaniatiy });
const pickForm = (j: JournalInfo) => ({ id: j.id_f_educ, name: j.f_educ });

export function TeacherFilters({ state }: { state: JournalState }) {
  const { t } = useTranslation('journal');
  const dispatch = useAppDispatch();
  // A semester of study reads as such ('5-й семестр'), never the bare number.
  const pickSemester = useCallback(
    (j: JournalInfo) => ({
      id: j.id_semester,
      name: /^\d+$/.test(j.semester) ? t('filters.semesterN', { count: Number(j.semester), ordinal: true }) : j.semester,
    }),
    [t],
  );
  const pickJournal = useCallback(
    (j: JournalInfo) => ({
      id: j.id_journal,
      name: `${j.groupOrPotok}${j.isPotok ? ` (${t('filters.stream')})` : ''}${j.subgroup ? ` · ${t('filters.subgroup', { n: j.subgroup })}` : ''}`,
    }),
    [t],
  );
  const options: Record<FilterName, SelectOption[]> = {
    semester: useOptions(state, 'semester', pickSemester),
    discipline: useOptions(state, 'discipline', pickDiscipline),
    control: useOptions(state, 'control', pickControl),
    credit: useOptions(state, 'credit', pickCredit),
    lessonType: useOptions(state, 'lessonType', pickLessonType),
    educForm: useOptions(state, 'educForm', pickForm),
    journal: useOptions(state, 'journal', pickJournal),
  };
  // While no journal is chosen, a filter above the group with only one choice takes it (the first
  // such, top down; the next follows once it is in). The group itself, which opens the journal and
  // folds the filters, stays the teacher's choice; a journal chosen (or named by the address) is left as it is.
  const single =
    state.filters.journal === -1 ? FILTERS.find((name) => name !== 'journal' && state.filters[name] === -1 && options[name].length === 1) : undefined;
  const singleId = single ? options[single][0].id : -1;
  useEffect(() => {
    if (single) dispatch(journalActions.filterChosen({ name: single, id: singleId }));
  }, [single, singleId, dispatch]);
  const choose = (name: FilterName) => (id: number) => dispatch(journalActions.filterChosen({ name, id }));
  // Until the half-year's journals have answered, every filter says it is loading (not ' --- ').
  const loading = pending(state.journals);
  return (
    <>
      {FILTERS.map((name) => (
        <Select
          key={name}
          loading={loading}
          id={`journal-${SELECTS[name].id}`}
          label={t(`filters.${SELECTS[name].label}`)}
          options={options[name]}
          value={state.filters[name]}
          onChange={choose(name)}
        />
      ))}
    </>
  );
}
