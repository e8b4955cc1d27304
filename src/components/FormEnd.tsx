/**
 * The end of a form laid out in a card or a dialog: the server's refusal of the last sending (when
 * there is one), then a row of buttons: the submit, with a spinner while the form is sent, and any
 * other after it (cancel). The area gives the classes that place them in its form's grid.
 * (`RefusalSubmit` is the variant for a form whose refusal is a live region kept in place, empty
 * until there is one, and whose submit stands in the grid without a row of its own.)
 */
import type { ReactNode } from 'react';
import { Spinner } from './Spinner';

interface Props {
  /** The refusal in words (null or '': none). */
  refusal: string | null;
  refusalTestId: string;
  /** The refusal's classes (`field-error` and the area's placing). */
  refusalClass?: string;
  /** The buttons' row's classes. */
  actionsClass: string;
  /** The form is being sent: the submit button shows a spinner and takes no second press. */
  busy: boolean;
  submit: string;
  submitTestId: string;
  /** Buttons after the submit (cancel). */
  children?: ReactNode;
}

export function FormEnd({ refusal, refusalTestId, refusalClass = 'field-error', actionsClass, busy, submit, submitTestId, children }: Props) {
  return (
    <>
      {refusal ? (
        <p className={refusalClass} role="alert" data-testid={refusalTestId}>
          {refusal}
        </p>
      ) : null}
      <div className={actionsClass}>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy} data-testid={submitTestId}>
          {busy ? <Spinner size="sm" /> : null}
          {submit}
        </button>
        {children}
      </div>
    </>
  );
}
