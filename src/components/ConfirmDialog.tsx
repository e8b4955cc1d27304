/**
 * A modal question with Cancel and a confirming (destructive) button; Escape or a click outside
 * cancels, focus starts on Cancel and returns where it was (the one Dialog). docs/product.md#shell asks for one before deleting a
 * message, a book, a registration or a teaching material, and before cancelling an order.
 */
import { useId, useRef, type ReactNode } from 'react';
import { Dialog } from './Dialog';

interface Props {
  title: string;
  /** What is asked about: a text, or a rendered one (a question with its formulas). */
  text: ReactNode;
  confirm: string;
  cancel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, text, confirm, cancel, busy, onConfirm, onCancel }: Props) {
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={title} role="alertdialog" describedBy={textId} onClose={onCancel} initialFocus={cancelRef}>
      <p id={textId} className="muted">
        {text}
      </p>
      <div className="dialog-actions">
        <button ref={cancelRef} type="button" className="btn btn-ghost" onClick={onCancel}>
          {cancel}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {confirm}
        </button>
      </div>
    </Dialog>
  );
}
