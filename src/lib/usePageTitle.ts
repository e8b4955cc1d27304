import { useEffect } from 'react';

/** Sets document.title to '<page> · LMS' while the screen is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    if (title) document.title = `${title} · LMS`;
  }, [title]);
}
