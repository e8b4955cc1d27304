/**
 * A long list shown a page at a time: the first PAGE items, "Show more" adds the next, and the rest is
 * counted ("and N more"), so a file of 30,000 rows never renders 30,000 items at once.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const PAGE = 50;

interface Props<T> {
  items: readonly T[];
  label: string;
  testId: string;
  render: (item: T) => ReactNode;
  itemKey: (item: T, index: number) => string;
}

export function CappedList<T>({ items, label, testId, render, itemKey }: Props<T>) {
  const { t } = useTranslation('imports');
  const [shown, setShown] = useState(PAGE);
  const visible = items.slice(0, shown);
  const rest = items.length - visible.length;
  return (
    <>
      <ul className="imp-list" aria-label={label} data-testid={testId}>
        {visible.map((item, i) => (
          <li key={itemKey(item, i)}>{render(item)}</li>
        ))}
      </ul>
      {rest > 0 ? (
        <p className="imp-more">
          <span className="muted small" data-testid={`${testId}-more`}>
            {t('preview.andMore', { n: rest })}
          </span>
          <button type="button" className="btn btn-ghost" onClick={() => setShown(shown + PAGE)}>
            {t('preview.showMore', { n: Math.min(PAGE, rest) })}
          </button>
        </p>
      ) : null}
    </>
  );
}
