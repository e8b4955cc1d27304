/**
 * Whether an element's content is wider than the element (it scrolls sideways), kept up to date as
 * it or its content is resized. A region that scrolls must be reachable by keyboard (tabIndex 0, a
 * name); one that does not is no tab stop of its own.
 */
import { useEffect, useState, type RefObject } from 'react';

export function useOverflowsX(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setOverflows(el.scrollWidth > el.clientWidth);
    update();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(update);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
