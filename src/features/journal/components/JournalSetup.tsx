/**
 * The open journal's setup bar: "Subgroups" and "Planned topics" open their dialogs, and a journal
 * of the whole group whose students fall into subgroups can show one subgroup's rows only.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JournalInfo, JournalStudent } from '@contract/journal';
import { Select, type SelectOption } from '@components/Select';
import type { MarkScale } from '../journal.api';
import { describeFailure } from '@shared/request/errors';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { journalActions, selectJournal } from '../journal.slice';
import { PlanTopicsDialog } from './PlanTopicsDialog';
import { numericMarks, ScaleConfirm } from './ScaleConfirm';
import { SubgroupsDialog } from './SubgroupsDialog';

/** The subgroup numbers among the students, when there is more than one (a filter is worth showing). */
export function subgroupChoices(info: JournalInfo, students: readonly JournalStudent[]): number[] {
  if (info.subgroup > 0) return [];
  const numbers = [...new Set(students.map((s) => s.subgroup))].sort((a, b) => a - b);
  return numbers.length > 1 ? numbers : [];
}

interface Props {
  info: JournalInfo;
  students: readonly JournalStudent[];
  modules: SelectOption[];
  /** The subgroup shown (-1: everyone). */
  shown: number;
  onShow: (subgroup: number) => void;
}

export function JournalSetup({ info, students, modules, shown, onShow }: Props) {
  const { t } = useTranslation('journal');
  const [open, setOpen] = useState<'subgroups' | 'topics' | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const choices = subgroupChoices(info, students);
  const options = choices.map((n) => ({ id: n, name: n === 0 ? t('subgroups.none') : t('subgroups.defaultName', { n }) }));
  const dispatch = useAppDispatch();
  const journal = useAppSelector(selectJournal);
  const scaleState = journal.setup.scale;
  /** The scale asked for while the journal holds marks: the question before the change. */
  const [asked, setAsked] = useState<MarkScale | null>(null);
  const chooseScale = (to: MarkScale) => {
    if (to === info.scale) return;
    if (numericMarks(journal.marks).count === 0) dispatch(journalActions.scaleRequested(to));
    else setAsked(to);
  };
  const scales: MarkScale[] = ['2-5', '0-100'];
  const scaleOptions = scales.map((s, i) => ({ id: i + 1, name: t(`setup.scales.${s}`) }));
  return (
    <div className="journal-actions journal-setup" role="group" aria-label={t('setup.group')}>
      <button type="button" className="btn btn-secondary btn-small" aria-haspopup="dialog" onClick={() => setOpen('subgroups')}>
        {t('setup.subgroups')}
      </button>
      <button type="button" className="btn btn-secondary btn-small" aria-haspopup="dialog" onClick={() => setOpen('topics')}>
        {t('setup.planTopics')}
      </button>
      <Select
        id="journal-scale"
        className="journal-setup-filter"
        label={t('setup.scale')}
        options={scaleOptions}
        value={scales.indexOf(info.scale) + 1}
        blank={false}
        disabled={scaleState.fetching}
        onChange={(id) => chooseScale(scales[id - 1])}
      />
      {asked ? (
        <ScaleConfirm
          to={asked}
          {...numericMarks(journal.marks)}
          onCancel={() => setAsked(null)}
          onConfirm={() => {
            dispatch(journalActions.scaleRequested(asked));
            setAsked(null);
          }}
        />
      ) : null}
      {scaleState.error ? (
        <p className="journal-error" role="alert">
          {describeFailure(t, scaleState.error)}
        </p>
      ) : null}
      {choices.length > 0 ? (
        <Select id="journal-subgroup" className="journal-setup-filter" label={t('setup.show')} options={options} value={shown} onChange={onShow} />
      ) : null}
      {open === 'subgroups' ? <SubgroupsDialog info={info} onClose={close} /> : null}
      {open === 'topics' ? <PlanTopicsDialog info={info} modules={modules} onClose={close} /> : null}
    </div>
  );
}
