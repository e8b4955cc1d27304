/**
 * The frame of a journal set-up dialog (subgroups, planned topics): it asks for its list when it
 * opens, shows the list's loading and failure, closes itself once a save has succeeded, and renders
 * the form (`children`) once the list is in; without it, Cancel alone.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure } from '@api/http';
import { Spinner } from '@components/Spinner';
import { describeFailure } from '@shared/request/errors';
import { useAppSelector } from '@shared/hooks';
import { selectJournal } from '../journal.slice';
import { Dialog } from '@components/Dialog';
import '../setup.css';
import { FormActions } from '@components/FormActions';

interface Props {
  title: string;
  className: string;
  /** The list the form edits: loading, its failure, and whether it is in. */
  list: { fetching: boolean; error: Failure | null; ready: boolean };
  /** Asks for the list (once, when the dialog opens). */
  load: () => void;
  onClose: () => void;
  children: ReactNode;
}

export function SetupDialog({ title, className, list, load, onClose, children }: Props) {
  const { t } = useTranslation(['journal', 'cm']);
  const saved = useAppSelector(selectJournal).setup.save.saved;
  const savedAtOpen = useRef(saved);
  const loadOnOpen = useRef(load);

  useEffect(() => {
    loadOnOpen.current();
  }, []);
  // A save that succeeded closes the dialog.
  useEffect(() => {
    if (saved !== savedAtOpen.current) onClose();
  }, [saved, onClose]);

  return (
    <Dialog title={title} onClose={onClose} className={`dialog card ${className}`}>
      {list.fetching ? <Spinner label={t('loading')} /> : null}
      {list.error ? (
        <p className="journal-error" role="alert">
          {describeFailure(t, list.error)}
        </p>
      ) : null}
      {list.ready ? (
        children
      ) : (
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('confirm.cancel')}
          </button>
        </div>
      )}
    </Dialog>
  );
}

/** The foot of a set-up form: what is wrong with the input, the save's failure, Cancel and Save. */
export function SetupActions({
  problem,
  error,
  busy,
  saveLabel,
  onClose,
}: {
  problem: string | null;
  error: string | null;
  busy: boolean;
  saveLabel: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['journal', 'cm']);
  return (
    <>
      {[problem, error].map((message, i) =>
        message ? (
          <p key={i} className="journal-error" role="alert">
            {message}
          </p>
        ) : null,
      )}
      <FormActions cancel={t('confirm.cancel')} submit={saveLabel} onCancel={onClose} busy={busy} />
    </>
  );
}
