/**
 * A lesson's topic: typed, or taken from the planned topics, with its order, hours and module.
 * The dialog stays open while the topic is being saved and closes once the server has it, so a
 * reload right after Save never loses it; a refused save is told inside the dialog.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@components/Dialog';
import { Select, type SelectOption } from '@components/Select';
import { describeFailure } from '@shared/request/errors';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { journalActions, selectJournal } from '../journal.slice';
import { FormActions } from '@components/FormActions';

export interface TopicValue {
  topic: string;
  lessonNumber: number;
  hours: number;
  module: number;
}

export function TopicDialog({
  title,
  initial,
  modules,
  onClose,
  onSave,
}: {
  title: string;
  initial: TopicValue | null;
  modules: SelectOption[];
  onClose: () => void;
  onSave: (v: TopicValue) => void;
}) {
  const { t } = useTranslation(['journal', 'cm']);
  const dispatch = useAppDispatch();
  const [value, setValue] = useState<TopicValue>(initial ?? { topic: '', lessonNumber: 1, hours: 2, module: -1 });
  const [planned, setPlanned] = useState(-1);
  const [sent, setSent] = useState(false);
  const journal = useAppSelector(selectJournal);
  const plan = journal.setup.topics.data ?? [];
  const save = journal.topic;
  const busy = save.fetching;
  // The save this dialog sent has succeeded: close.
  useEffect(() => {
    if (sent && save.loaded) onClose();
  }, [sent, save.loaded, onClose]);
  // The planned topics, to take one as this lesson's topic.
  useEffect(() => {
    dispatch(journalActions.planTopicsRequested());
  }, [dispatch]);
  const orders = [1, 2, 3, 4, 5].map((n) => ({ id: n, name: t(`topic.order${n}`) }));
  const hours = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: String(i + 1) }));
  const takePlanned = (n: number) => {
    setPlanned(n);
    const p = plan.find((x) => x.number === n);
    if (p) setValue({ ...value, topic: p.topic, hours: p.hours, module: p.id_module ?? -1 });
  };
  return (
    <Dialog title={title} onClose={onClose} className="dialog card journal-dialog-wide">
      <form
        className="form journal-topic-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!value.topic.trim() || busy) return;
          setSent(true);
          onSave({ ...value, topic: value.topic.trim() });
        }}
      >
        {plan.length > 0 ? (
          <Select
            id="journal-topic-planned"
            label={t('topic.planned')}
            options={plan.map((p) => ({ id: p.number, name: `${p.number}. ${p.topic}` }))}
            value={planned}
            onChange={takePlanned}
          />
        ) : null}
        <div className="field">
          <label htmlFor="journal-topic-text">{t('topic.text')}</label>
          <input
            id="journal-topic-text"
            className="input"
            value={value.topic}
            maxLength={500}
            required
            onChange={(e) => setValue({ ...value, topic: e.target.value })}
          />
        </div>
        <Select
          id="journal-topic-order"
          label={t('topic.number')}
          options={orders}
          value={value.lessonNumber}
          blank={false}
          onChange={(id) => setValue({ ...value, lessonNumber: id })}
        />
        <Select
          id="journal-topic-hours"
          label={t('topic.hours')}
          options={hours}
          value={value.hours}
          blank={false}
          onChange={(id) => setValue({ ...value, hours: id })}
        />
        <Select
          id="journal-topic-module"
          label={t('topic.module')}
          options={modules}
          value={value.module}
          onChange={(id) => setValue({ ...value, module: id })}
        />
        {sent && save.error ? (
          <p className="journal-error" role="alert">
            {describeFailure(t, save.error)}
          </p>
        ) : null}
        <FormActions cancel={t('confirm.cancel')} submit={t('topic.save')} onCancel={onClose} busy={busy} disabled={!value.topic.trim()} />
      </form>
    </Dialog>
  );
}
