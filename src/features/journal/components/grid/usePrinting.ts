import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** True while the page is being printed (the whole table is rendered then). */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(
    () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('print').matches,
  );
  useEffect(() => {
    // window.print() lays the page out right after beforeprint: the full table must be committed by then.
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    const media = typeof window.matchMedia === 'function' ? window.matchMedia('print') : null;
    const change = (e: MediaQueryListEvent) => setPrinting(e.matches);
    media?.addEventListener('change', change);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      media?.removeEventListener('change', change);
    };
  }, []);
  return printing;
}
