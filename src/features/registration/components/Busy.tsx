/** A load on its way, said in words beside the spinner (a screen never shows "nothing here" before its answer). */
export function Busy({ text, testId }: { text: string; testId?: string }) {
  return (
    <p className="card reg-busy muted" role="status" data-testid={testId}>
      <span className="spinner spinner-sm" aria-hidden="true" />
      {text}
    </p>
  );
}
