/**
 * "Planned topics" of the open journal (docs/areas/journal.md#for-users): the list of topics the teacher
 * plans, in order, each with its hours and module; topics are added, edited, moved and deleted here
 * and the whole list is saved in one call (numbered 1, 2, 3… in the order shown).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JournalInfo, PlanTopic } from '@contract/journal';
import { withBlank, type SelectOption } from '@components/Select';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { journalActions, selectJournal } from '../journal.slice';
import { SetupListDialog, SetupListForm, type SetupSave } from './SetupListForm';

/** The contract's bounds: topics per journal, length of a topic, hours of one. */
export const PLAN_TOPICS_MAX = 200;
const TOPIC_MAX = 500;
const HOURS_MAX = 12;

interface Row {
  key: number;
  topic: string;
  hours: string;
  module: number;
}

/** A row that cannot be saved: its key and which field. */
export function invalidRow(rows: Row[]): { key: number; field: 'topic' | 'hours' } | null {
  for (const r of rows) {
    if (!r.topic.trim()) return { key: r.key, field: 'topic' };
    const h = Number(r.hours);
    if (!/^\d+$/.test(r.hours.trim()) || h < 1 || h > HOURS_MAX) return { key: r.key, field: 'hours' };
  }
  return null;
}

export function rowsToTopics(rows: Row[]): PlanTopic[] {
  return rows.map((r, i) => ({ number: i + 1, topic: r.topic.trim(), hours: Number(r.hours), id_module: r.module === -1 ? null : r.module }));
}

export function PlanTopicsDialog({ info, modules, onClose }: { info: JournalInfo; modules: SelectOption[]; onClose: () => void }) {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  const { topics } = useAppSelector(selectJournal).setup;
  return (
    <SetupListDialog
      title={t('planTopics.title', { discipline: info.discipline })}
      className="setup-dialog setup-dialog-wide"
      list={topics}
      load={() => dispatch(journalActions.planTopicsRequested())}
      onClose={onClose}
    >
      {(data, save) => <TopicsForm initial={data} modules={modules} {...save} onSave={(list) => dispatch(journalActions.planTopicsSaveRequested(list))} />}
    </SetupListDialog>
  );
}

/** The planned topics being edited: their rows, and where the focus goes after an add, a move or a delete. */
function usePlanRows(initial: PlanTopic[]) {
  const nextKey = useRef(initial.length);
  const [rows, setRows] = useState<Row[]>(() => initial.map((x, i) => ({ key: i, topic: x.topic, hours: String(x.hours), module: x.id_module ?? -1 })));
  /** After an add, a move or a delete: the control to focus (by row key and name), or the add button. */
  const [focus, setFocus] = useState<{ key: number; name: string } | 'add' | 'first' | null>('first');
  const box = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!focus) return;
    if (focus === 'add') addRef.current?.focus();
    else if (focus === 'first') (box.current?.querySelector<HTMLElement>('input') ?? addRef.current)?.focus();
    else box.current?.querySelector<HTMLElement>(`[data-row="${focus.key}"] [data-name="${focus.name}"]`)?.focus();
    setFocus(null);
  }, [focus]);

  const change = (key: number, patch: Partial<Row>) => setRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => {
    const key = nextKey.current++;
    setRows([...rows, { key, topic: '', hours: '2', module: rows.at(-1)?.module ?? -1 }]);
    setFocus({ key, name: 'topic' });
  };
  const move = (at: number, by: -1 | 1, name: string) => {
    const next = [...rows];
    const [row] = next.splice(at, 1);
    next.splice(at + by, 0, row);
    setRows(next);
    // At the top or the bottom the button is disabled: the other one keeps focus.
    const edge = (by === -1 && at + by === 0) || (by === 1 && at + by === rows.length - 1);
    setFocus({ key: row.key, name: edge ? (name === 'up' ? 'down' : 'up') : name });
  };
  const remove = (at: number) => {
    const next = rows.filter((_, i) => i !== at);
    setRows(next);
    const after = next[at] ?? next[at - 1];
    setFocus(after ? { key: after.key, name: 'topic' } : 'add');
  };
  return { rows, change, add, move, remove, setFocus, box, addRef };
}

function TopicsForm({ initial, modules, onSave, ...save }: SetupSave & { initial: PlanTopic[]; modules: SelectOption[]; onSave: (list: PlanTopic[]) => void }) {
  const { t } = useTranslation(['journal', 'cm']);
  const { rows, change, add, move, remove, setFocus, box, addRef } = usePlanRows(initial);
  const [invalid, setInvalid] = useState<{ key: number; field: 'topic' | 'hours' } | null>(null);
  const moduleOptions = withBlank(modules);
  const hours = rows.reduce((sum, r) => sum + (Number(r.hours) || 0), 0);

  return (
    <SetupListForm
      {...save}
      onSubmit={() => {
        const bad = invalidRow(rows);
        setInvalid(bad);
        if (bad) setFocus({ key: bad.key, name: bad.field });
        else onSave(rowsToTopics(rows));
      }}
      problem={invalid ? (invalid.field === 'topic' ? t('planTopics.topicRequired') : t('planTopics.hoursRange', { max: HOURS_MAX })) : null}
      saveLabel={t('planTopics.save')}
      summary={t('planTopics.summary', { count: rows.length, hours })}
      listLabel={t('planTopics.list')}
      empty={rows.length === 0 ? t('planTopics.empty') : null}
      scrollRef={box}
      after={
        <div className="setup-row-actions">
          <button ref={addRef} type="button" className="btn btn-secondary btn-small" disabled={rows.length >= PLAN_TOPICS_MAX} onClick={add}>
            {t('planTopics.add')}
          </button>
        </div>
      }
    >
      <ol className="setup-topics">
        {rows.map((r, i) => (
          <li key={r.key} className="setup-topic" data-row={r.key}>
            <span className="setup-topic-number" aria-hidden="true">
              {i + 1}.
            </span>
            <div className="field setup-topic-text">
              <label htmlFor={`plan-topic-${r.key}`}>{t('planTopics.topic', { n: i + 1 })}</label>
              <input
                id={`plan-topic-${r.key}`}
                data-name="topic"
                className="input"
                value={r.topic}
                maxLength={TOPIC_MAX}
                aria-invalid={invalid?.key === r.key && invalid.field === 'topic' ? true : undefined}
                onChange={(e) => change(r.key, { topic: e.target.value })}
              />
            </div>
            <div className="field setup-topic-hours">
              <label htmlFor={`plan-hours-${r.key}`}>{t('topic.hours')}</label>
              <input
                id={`plan-hours-${r.key}`}
                data-name="hours"
                className="input"
                type="number"
                inputMode="numeric"
                min={1}
                max={HOURS_MAX}
                value={r.hours}
                aria-invalid={invalid?.key === r.key && invalid.field === 'hours' ? true : undefined}
                onChange={(e) => change(r.key, { hours: e.target.value })}
              />
            </div>
            <div className="field setup-topic-module">
              <label htmlFor={`plan-module-${r.key}`}>{t('topic.module')}</label>
              <select
                id={`plan-module-${r.key}`}
                data-name="module"
                className="input"
                value={String(r.module)}
                onChange={(e) => change(r.key, { module: Number(e.target.value) })}
              >
                {moduleOptions.map((o) => (
                  <option key={o.id} value={String(o.id)}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="setup-topic-actions">
              <button
                type="button"
                data-name="up"
                className="btn btn-ghost btn-small"
                disabled={i === 0}
                aria-label={t('planTopics.up', { n: i + 1 })}
                title={t('planTopics.up', { n: i + 1 })}
                onClick={() => move(i, -1, 'up')}
              >
                ↑
              </button>
              <button
                type="button"
                data-name="down"
                className="btn btn-ghost btn-small"
                disabled={i === rows.length - 1}
                aria-label={t('planTopics.down', { n: i + 1 })}
                title={t('planTopics.down', { n: i + 1 })}
                onClick={() => move(i, 1, 'down')}
              >
                ↓
              </button>
              <button
                type="button"
                data-name="delete"
                className="btn btn-ghost btn-small journal-delete"
                aria-label={t('planTopics.delete', { n: i + 1 })}
                title={t('planTopics.delete', { n: i + 1 })}
                onClick={() => remove(i)}
              >
                ✕
              </button>
            </div>
          </li>
        ))}
      </ol>
    </SetupListForm>
  );
}
