/** The time left by the server's clock (this clock plus its offset); at zero it says so once. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function remainingMs(deadline: string, offset: number, now = Date.now()): number {
  return Math.max(0, Date.parse(deadline) - (now + offset));
}

export function formatLeft(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

export function Countdown({ deadline, offset, onEnd }: { deadline: string; offset: number; onEnd: () => void }) {
  const { t } = useTranslation('testing');
  const [left, setLeft] = useState(() => remainingMs(deadline, offset));
  useEffect(() => {
    const tick = () => setLeft(remainingMs(deadline, offset));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadline, offset]);
  const over = left <= 0;
  useEffect(() => {
    if (over) onEnd();
  }, [over, onEnd]);
  return (
    <p className={`ts-countdown${left < 60_000 ? ' ts-countdown-low' : ''}`} data-testid="ts-countdown">
      <span className="sr-only">{t('attempt.timeLeft')}: </span>
      <span aria-hidden={!over}>{over ? t('attempt.timeOver') : formatLeft(left)}</span>
    </p>
  );
}
