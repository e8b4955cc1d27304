/**
 * The end of a form that says the server's refusal above its submit button: the refusal's alert
 * stays in place (empty until there is one, so a screen reader hears it when it comes), and the
 * button takes no second press while the form is sent. (`FormEnd` is the variant with the buttons in
 * a row of their own and the refusal shown only when there is one.)
 */
interface Props {
  /** The area's class of the refusal's paragraph. */
  refusalClass: string;
  refusalTestId: string;
  /** The refusal in words ('' when there is none). */
  refusal: string;
  busy: boolean;
  /** The button's text (saying so while the form is sent). */
  submit: string;
}

export function RefusalSubmit({ refusalClass, refusalTestId, refusal, busy, submit }: Props) {
  return (
    <>
      <p className={refusalClass} role="alert" data-testid={refusalTestId}>
        {refusal}
      </p>
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
        {submit}
      </button>
    </>
  );
}
