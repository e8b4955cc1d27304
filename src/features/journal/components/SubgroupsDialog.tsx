/**
 * "Subgroups" of the open journal (docs/areas/journal.md#for-users): the teacher splits the students of its
 * group (or stream) into subgroups 1, 2, … by name, each student in one subgroup or none, and saves
 * the split in one call. Without a split of his own the group's halves are the starting point.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JournalInfo, Subgroup } from '@contract/journal';
import type { SubgroupList } from '../journal.api';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { journalActions, selectJournal } from '../journal.slice';
import { SetupListDialog, SetupListForm, type SetupSave } from './SetupListForm';

/** Subgroup numbers a journal may use (the contract's bound). */
export const SUBGROUPS_MAX = 9;
const NAME_MAX = 100;

interface Props {
  info: JournalInfo;
  onClose: () => void;
}

export function SubgroupsDialog({ info, onClose }: Props) {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  const { subgroups } = useAppSelector(selectJournal).setup;
  return (
    <SetupListDialog
      title={t('subgroups.title', { group: info.groupOrPotok })}
      className="setup-dialog"
      list={subgroups}
      load={() => dispatch(journalActions.subgroupsRequested())}
      onClose={onClose}
    >
      {(data, save) => <SubgroupsForm info={info} list={data} {...save} onSave={(list) => dispatch(journalActions.subgroupsSaveRequested(list))} />}
    </SetupListDialog>
  );
}

interface Named {
  number: number;
  name: string;
}

/** The dialog's draft: the subgroups' names, and each student's subgroup number (0: none). */
export function initialDraft(list: SubgroupList, defaultName: (n: number) => string): { groups: Named[]; of: Record<number, number> } {
  if (list.subgroups.length > 0) {
    const of: Record<number, number> = Object.fromEntries(list.students.map((s) => [s.id_student, 0]));
    for (const g of list.subgroups) for (const id of g.students) of[id] = g.number;
    return { groups: list.subgroups.map((g) => ({ number: g.number, name: g.name })), of };
  }
  const numbers = [...new Set([1, 2, ...list.students.map((s) => s.subgroup).filter((n) => n > 0)])].sort((a, b) => a - b);
  return { groups: numbers.map((n) => ({ number: n, name: defaultName(n) })), of: Object.fromEntries(list.students.map((s) => [s.id_student, s.subgroup])) };
}

/** What the save sends: each subgroup with its name trimmed and its students in the list's order. */
export function draftToSubgroups(groups: Named[], of: Record<number, number>, order: number[]): Subgroup[] {
  return groups.map((g) => ({ number: g.number, name: g.name.trim(), students: order.filter((id) => of[id] === g.number) }));
}

function SubgroupsForm({ info, list, onSave, ...save }: SetupSave & { info: JournalInfo; list: SubgroupList; onSave: (list: Subgroup[]) => void }) {
  const { t } = useTranslation(['journal', 'cm']);
  const defaultName = (n: number) => t('subgroups.defaultName', { n });
  const [draft, setDraft] = useState(() => initialDraft(list, defaultName));
  const [invalid, setInvalid] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const { groups, of } = draft;
  const order = useMemo(() => list.students.map((s) => s.id_student), [list.students]);
  const stream = info.isPotok;

  useEffect(() => {
    first.current?.focus();
  }, []);

  const counts = new Map<number, number>();
  for (const id of order) counts.set(of[id] ?? 0, (counts.get(of[id] ?? 0) ?? 0) + 1);
  const options = [
    { id: 0, name: t('subgroups.none') },
    ...groups.map((g) => ({ id: g.number, name: g.name.trim() || t('subgroups.defaultName', { n: g.number }) })),
  ];

  const rename = (number: number, name: string) => setDraft({ groups: groups.map((g) => (g.number === number ? { ...g, name } : g)), of });
  const add = () => {
    const number = groups.length === 0 ? 1 : groups[groups.length - 1].number + 1;
    setDraft({ groups: [...groups, { number, name: defaultName(number) }], of });
  };
  /** The last subgroup goes; its students are in none. */
  const removeLast = () => {
    const last = groups[groups.length - 1];
    setDraft({ groups: groups.slice(0, -1), of: Object.fromEntries(order.map((id) => [id, of[id] === last.number ? 0 : (of[id] ?? 0)])) });
  };
  const assign = (id: number, number: number) => setDraft({ groups, of: { ...of, [id]: number } });
  /** Each student in his group's own half (1 or 2). */
  const halves = () => {
    const have = new Set(groups.map((g) => g.number));
    const extra = [1, 2].filter((n) => !have.has(n)).map((n) => ({ number: n, name: defaultName(n) }));
    setDraft({
      groups: [...groups, ...extra].sort((a, b) => a.number - b.number),
      of: Object.fromEntries(list.students.map((s) => [s.id_student, s.subgroup])),
    });
  };

  return (
    <SetupListForm
      {...save}
      onSubmit={() => {
        const bad = groups.some((g) => !g.name.trim());
        setInvalid(bad);
        if (!bad) onSave(draftToSubgroups(groups, of, order));
      }}
      problem={invalid ? t('subgroups.nameRequired') : null}
      saveLabel={t('subgroups.save')}
      summary={t('subgroups.unassigned', { count: counts.get(0) ?? 0 })}
      listLabel={t('subgroups.students')}
      empty={list.students.length === 0 ? t('grid.noStudents') : null}
      before={
        <>
          {info.subgroup > 0 ? (
            <p className="muted setup-hint">{t('subgroups.journalOf', { n: info.subgroup })}</p>
          ) : (
            <p className="muted setup-hint">{t('subgroups.wholeGroup')}</p>
          )}
          <fieldset className="setup-groups">
            <legend>{t('subgroups.names')}</legend>
            {groups.length === 0 ? <p className="muted">{t('subgroups.noneYet')}</p> : null}
            {groups.map((g, i) => (
              <div className="field setup-group" key={g.number}>
                <label htmlFor={`subgroup-name-${g.number}`}>{t('subgroups.nameOf', { n: g.number, count: counts.get(g.number) ?? 0 })}</label>
                <input
                  ref={i === 0 ? first : undefined}
                  id={`subgroup-name-${g.number}`}
                  className="input"
                  value={g.name}
                  maxLength={NAME_MAX}
                  aria-invalid={invalid && !g.name.trim() ? true : undefined}
                  onChange={(e) => rename(g.number, e.target.value)}
                />
              </div>
            ))}
            <div className="setup-row-actions">
              <button type="button" className="btn btn-secondary btn-small" disabled={groups.length >= SUBGROUPS_MAX} onClick={add}>
                {t('subgroups.add')}
              </button>
              <button type="button" className="btn btn-ghost btn-small journal-delete" disabled={groups.length === 0} onClick={removeLast}>
                {t('subgroups.removeLast')}
              </button>
              <button type="button" className="btn btn-ghost btn-small" onClick={halves}>
                {t('subgroups.halves')}
              </button>
            </div>
          </fieldset>
        </>
      }
    >
      <ul className="setup-students">
        {list.students.map((s) => (
          <li key={s.id_student} className="setup-student">
            <label htmlFor={`subgroup-of-${s.id_student}`}>
              {s.s_fio}
              {stream ? <span className="muted"> · {s.group}</span> : null}
            </label>
            <select
              id={`subgroup-of-${s.id_student}`}
              className="input"
              value={String(of[s.id_student] ?? 0)}
              onChange={(e) => assign(s.id_student, Number(e.target.value))}
            >
              {options.map((o) => (
                <option key={o.id} value={String(o.id)}>
                  {o.name}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
    </SetupListForm>
  );
}
