/**
 * The one modal of the portal (docs/product.md#shell): over a backdrop, named by its heading (or a
 * label), Escape or a click outside closes it, Tab and Shift+Tab go round its own controls and never
 * reach the page behind, and the focus returns where it was when it closes. ConfirmDialog, the
 * chat's photo viewer and the journal's dialogs are this component.
 */
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import './dialog.css';

/** What Tab stops at inside a dialog. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The controls of `root` Tab reaches, in order (hidden ones left out). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => !el.closest('[hidden], [inert]'));
}

interface Props {
  /** Its visible heading; without it, `label` names it (a photo names itself by its picture). */
  title?: string;
  label?: string;
  /** `alertdialog` for a question that needs an answer (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  /** The id of the text that describes it. */
  describedBy?: string;
  onClose: () => void;
  children: ReactNode;
  /** Classes of the box (default `dialog card`) and of the backdrop (default `dialog-backdrop`). */
  className?: string;
  backdropClassName?: string;
  /** What gets the focus on opening (default: its first control). */
  initialFocus?: RefObject<HTMLElement | null>;
  testId?: string;
}

export function Dialog({
  title,
  label,
  role = 'dialog',
  describedBy,
  onClose,
  children,
  className = 'dialog card',
  backdropClassName = 'dialog-backdrop',
  initialFocus,
  testId,
}: Props) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const box = ref.current;
    (initialFocus?.current ?? (box ? tabbables(box)[0] : null) ?? box)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCloseRef.current();
      else if (e.key === 'Tab' && box) {
        // Round its own controls: from the last to the first and back, never out to the page.
        e.preventDefault();
        const items = tabbables(box);
        if (items.length === 0) return box.focus();
        const at = items.indexOf(document.activeElement as HTMLElement);
        const next = at === -1 ? (e.shiftKey ? items.length - 1 : 0) : (at + (e.shiftKey ? -1 : 1) + items.length) % items.length;
        items[next].focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className={backdropClassName} onClick={onClose}>
      <div
        ref={ref}
        className={className}
        role={role}
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : label}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-testid={testId}
        onClick={(e) => e.stopPropagation()}
      >
        {title ? <h2 id={titleId}>{title}</h2> : null}
        {children}
      </div>
    </div>
  );
}
