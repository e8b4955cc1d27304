/** What a grid cell shows while not being typed in: its value, an optional mark after it, "!" when its save was refused and "…" while it waits to be sent again. */
import type { ReactNode } from 'react';
import type { CellState } from './layout';

export function CellShown({ value, state, children }: { value: ReactNode; state: CellState; children?: ReactNode }) {
  return (
    <>
      {value}
      {children}
      {state === 'failed' || state === 'pending' ? (
        <span className="jg-flag" aria-hidden="true">
          {state === 'failed' ? '!' : '…'}
        </span>
      ) : null}
    </>
  );
}
