/** The parts the personal card's sections share: a titled card and a table that stacks on a phone. */
import type { ReactNode } from 'react';

interface SectionProps {
  /** The section's name: its heading is `pc-<name>-title`, which labels the section (and may label a form inside). */
  name: string;
  title: string;
  testId?: string;
  children: ReactNode;
}

/** One card of the personal card screen, labelled by its heading. */
export function CardSection({ name, title, testId, children }: SectionProps) {
  const titleId = `pc-${name}-title`;
  return (
    <section className="card pc-section" aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId} className="pc-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

interface TableProps {
  /** The table's own class (beside `pc-table stack-table`). */
  className: string;
  testId: string;
  /** The column headings, in order. */
  head: string[];
  /** The rows. */
  children: ReactNode;
}

/** A table of the card whose rows stack on a phone, each cell labelled by its column heading. */
export function CardTable({ className, testId, head, children }: TableProps) {
  return (
    <table className={`pc-table ${className} stack-table`} data-testid={testId}>
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={i} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
