/**
 * A modal question with Cancel and a confirming (destructive) button; Escape or a click outside
 * cancels, focus starts on Cancel and returns where it was. docs/product.md#shell asks for one before deleting a
 * message, a book, a registration or a teaching material, and before cancelling an order.
 */
import { useEffect, useId, useRef } from 'react';
import './dialog.css';

interface Props {
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, text, confirm, cancel, busy, onConfirm, onCancel }: Props) {
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCancelRef = useRef(onCancel);
  useEffect(() => {
    onCancelRef.current = onCancel;
  }, [onCancel]);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    /** Tab and Shift+Tab go round the dialog's buttons, never to the page behind it. */
    const keepFocusInside = (e: KeyboardEvent) => {
      const buttons = [...(dialogRef.current?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? [])];
      if (buttons.length === 0) return;
      const at = buttons.indexOf(document.activeElement as HTMLElement);
      const next = at === -1 ? 0 : (at + (e.shiftKey ? -1 : 1) + buttons.length) % buttons.length;
      e.preventDefault();
      buttons[next].focus();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCancelRef.current();
      else if (e.key === 'Tab') keepFocusInside(e);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, []);

  return (
    <div className="dialog-backdrop" onClick={onCancel}>
      <div
        ref={dialogRef}
        className="dialog card"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id={titleId}>{title}</h2>
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
      </div>
    </div>
  );
}
