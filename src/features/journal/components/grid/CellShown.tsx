/** What a grid cell shows while not being typed in: its value, an optional mark after it and "!" when its save failed. */
import type { ReactNode } from 'react';

export function CellShown({ value, failed, children }: { value: ReactNode; failed: boolean; children?: ReactNode }) {
  return (
    <>
      {value}
      {children}
      {failed ? (
        <span className="jg-flag" aria-hidden="true">
          !
        </span>
      ) : null}
    </>
  );
}
