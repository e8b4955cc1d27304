/**
 * The two buttons at the end of a form or a dialog's form: going back without sending (a ghost
 * button) and sending (the form's submit, primary or danger, busy while the form is sent).
 */
interface Props {
  /** The back button's text (cancel, close, back). */
  cancel: string;
  /** The submit button's text. */
  submit: string;
  onCancel: () => void;
  /** The form is being sent: the submit button says so and takes no second press. */
  busy?: boolean;
  /** The submit button refuses a press for another reason (nothing to send yet). */
  disabled?: boolean;
  /** A destructive submit (rejecting, deleting). */
  danger?: boolean;
  submitTestId?: string;
}

export function FormActions({ cancel, submit, onCancel, busy = false, disabled = false, danger = false, submitTestId }: Props) {
  return (
    <div className="dialog-actions">
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        {cancel}
      </button>
      <button
        type="submit"
        className={danger ? 'btn btn-danger' : 'btn btn-primary'}
        disabled={busy || disabled}
        aria-busy={busy || undefined}
        data-testid={submitTestId}
      >
        {submit}
      </button>
    </div>
  );
}
