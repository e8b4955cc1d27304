/**
 * The body of a journal set-up dialog that edits one list (subgroups, planned topics): the dialog
 * asks for the list and hands it to the form with the save's state (`SetupListDialog`); the form
 * (`SetupListForm`) has what stands above the list, a live summary line, the list in its scroll box
 * (or the line saying it is empty), what stands below it, and the foot with the problem, the
 * save's failure, Cancel and Save.
 */
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure } from '@api/http';
import { describeFailure } from '@shared/request/errors';
import { useAppSelector } from '@shared/hooks';
import { selectJournal } from '../journal.slice';
import { SetupActions, SetupDialog } from './SetupDialog';

/** The save of a set-up list: whether it is under way, and the text of its failure. */
export interface SetupSave {
  busy: boolean;
  error: string | null;
  onClose: () => void;
}

interface DialogProps<L> {
  title: string;
  className: string;
  list: { fetching: boolean; error: Failure | null; data: L | null };
  load: () => void;
  onClose: () => void;
  /** The form of the list once it is in. */
  children: (data: L, save: SetupSave) => ReactNode;
}

export function SetupListDialog<L>({ title, className, list, load, onClose, children }: DialogProps<L>) {
  const { t } = useTranslation(['journal', 'cm']);
  const { save } = useAppSelector(selectJournal).setup;
  return (
    <SetupDialog
      title={title}
      className={className}
      list={{ fetching: list.fetching, error: list.error, ready: Boolean(list.data) }}
      load={load}
      onClose={onClose}
    >
      {list.data ? children(list.data, { busy: save.fetching, error: save.error ? describeFailure(t, save.error) : null, onClose }) : null}
    </SetupDialog>
  );
}

interface FormProps extends SetupSave {
  /** Checks the draft and saves it when it passes (the browser's submit is already stopped). */
  onSubmit: () => void;
  /** What is wrong with the draft, or null. */
  problem: string | null;
  saveLabel: string;
  summary: string;
  listLabel: string;
  /** The line shown in place of an empty list (null: the list has items). */
  empty: string | null;
  scrollRef?: Ref<HTMLDivElement>;
  before?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}

export function SetupListForm({ onSubmit, problem, saveLabel, summary, listLabel, empty, scrollRef, before, after, children, ...save }: FormProps) {
  return (
    <form
      className="setup-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {before}
      <p className="muted setup-hint" aria-live="polite">
        {summary}
      </p>
      <div className="setup-scroll" ref={scrollRef} role="group" aria-label={listLabel}>
        {empty ? <p className="muted">{empty}</p> : null}
        {children}
      </div>
      {after}
      <SetupActions problem={problem} saveLabel={saveLabel} {...save} />
    </form>
  );
}
