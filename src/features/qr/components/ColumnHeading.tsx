/**
 * A report table's column heading that has a short form for phones: the full text is what a screen
 * reader reads at every width and what is shown on wider screens; below 600 px the short form (a
 * letter or two, the journal's own signs) is shown in its place, so that a table of figures fits the
 * phone's width instead of scrolling sideways (qr.css).
 */
export function ColumnHeading({ full, short }: { full: string; short: string }) {
  return (
    <th scope="col">
      <span className="qr-col-full">{full}</span>
      <span className="qr-col-short" aria-hidden="true" title={full}>
        {short}
      </span>
    </th>
  );
}
