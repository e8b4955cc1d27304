/** The projector screen's clocks: the countdown to the next code and whether the stage is shown full screen. */
import { useEffect, useState, type RefObject } from 'react';
import { GRACE_MS } from '@api/qr';

/** Whole seconds until the current code's window ends (by the server's clock), counted down each second. */
export function useSecondsLeft(expiresAt: string | undefined, skewMs: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - GRACE_MS - (now + skewMs)) / 1000));
}

/** Is this element the one shown full screen? Follows the browser's full-screen changes (Esc included). */
export function useFullscreenOf(element: RefObject<HTMLElement | null>): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const changed = () => setOn(document.fullscreenElement !== null && document.fullscreenElement === element.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [element]);
  return on;
}
