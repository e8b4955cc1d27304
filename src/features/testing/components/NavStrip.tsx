/** The paper's questions as buttons: answered, unanswered, flagged, and the current one. */
import { useTranslation } from 'react-i18next';
import type { PaperQuestion } from '@contract/testing';
import type { GivenAnswer } from '../attempt.slice';

export const isAnswered = (a: GivenAnswer | undefined) => {
  const x = a?.answer;
  if (!x) return false;
  if (x.kind === 'multiple') return x.choices.length > 0;
  if (x.kind === 'short' || x.kind === 'essay') return x.text.trim() !== '';
  if (x.kind === 'matching') return x.right.some((r) => r !== null);
  return true;
};

interface Props {
  questions: PaperQuestion[];
  answers: Record<number, GivenAnswer>;
  flags: Record<number, boolean>;
  current: number | null;
  onGo: (slot: number) => void;
}

export function NavStrip({ questions, answers, flags, current, onGo }: Props) {
  const { t } = useTranslation('testing');
  return (
    <nav className="ts-strip" aria-label={t('attempt.strip')}>
      <ul>
        {questions.map((q) => {
          const answered = isAnswered(answers[q.slot]);
          const state = [answered ? t('attempt.answered') : t('attempt.unanswered'), flags[q.slot] ? t('attempt.flagged') : ''].filter(Boolean).join(', ');
          return (
            <li key={q.slot}>
              <button
                type="button"
                className={`ts-strip-btn${answered ? ' is-answered' : ''}${flags[q.slot] ? ' is-flagged' : ''}`}
                aria-current={current === q.slot ? 'step' : undefined}
                aria-label={t('attempt.goTo', { n: q.slot, state })}
                data-testid="ts-strip-btn"
                onClick={() => onGo(q.slot)}
              >
                {q.slot}
                {flags[q.slot] ? <span aria-hidden="true">⚑</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
