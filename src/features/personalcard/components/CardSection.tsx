/**
 * The parts the personal card's sections share: a titled card and a table that stacks on a phone
 * (a form's end is `CardFormEnd`, below).
 */
import type { ReactNode } from 'react';
import { FormEnd } from '@components/FormEnd';

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

interface CardFormEndProps {
  refusal: string | null;
  refusalTestId: string;
  /** The form is laid out in columns: the refusal and the buttons take its whole width. */
  wide?: boolean;
  busy: boolean;
  submit: string;
  submitTestId: string;
  /** Buttons after the submit (cancel). */
  children?: ReactNode;
}

/** The end of a card's form (FormEnd), across the whole width of a form in columns when `wide`. */
export function CardFormEnd({ wide = false, ...props }: CardFormEndProps) {
  const width = wide ? ' pc-wide' : '';
  return <FormEnd {...props} refusalClass={`field-error${width}`} actionsClass={`pc-actions${width}`} />;
}
