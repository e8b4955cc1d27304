/**
 * Work the first frame does not wait for: run once the browser is idle after it, so that a large
 * list shows its first screenful at once and the rest follows without holding up the first keystroke.
 */
import { useEffect, useState } from 'react';

/** Runs `fn` once the browser is idle (soon after, where it cannot tell); returns the cancel. */
export function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 0);
  return () => window.clearTimeout(id);
}

/**
 * How many of `count` items to render: `step` at first, then `step` more each time the browser is
 * idle, until all are there (each addition a short task, never one long one).
 */
export function useRenderedInSteps(count: number, step: number): number {
  const [rendered, setRendered] = useState(step);
  useEffect(() => {
    if (rendered >= count) return;
    return whenIdle(() => setRendered((n) => n + step));
  }, [rendered, count, step]);
  return Math.min(count, rendered);
}
