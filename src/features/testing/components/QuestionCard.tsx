/** One question of the attempt: its text (formulas rendered) and image, its answer field, its flag and where its answer is. */
import { useTranslation } from 'react-i18next';
import type { PaperQuestion } from '@contract/testing';
import { useAppDispatch } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { attemptActions as A, type GivenAnswer } from '../attempt.slice';
import { QuestionInput } from './QuestionInput';
import { QuestionPicture } from './QuestionPicture';
import { RichText } from './RichText';

interface Props {
  q: PaperQuestion;
  given: GivenAnswer | undefined;
  flagged: boolean;
  preview: boolean;
  disabled: boolean;
}

export function QuestionCard({ q, given, flagged, preview, disabled }: Props) {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const headingId = `ts-q-${q.slot}`;
  return (
    <section className="card ts-question" aria-labelledby={headingId} data-testid="ts-question" id={`ts-question-${q.slot}`}>
      <header className="ts-question-head">
        <h2 id={headingId} className="ts-question-no">
          {t('attempt.question', { n: q.slot })} <span className="muted">· {t('attempt.points', { count: q.points })}</span>
        </h2>
        <button
          type="button"
          className={`btn btn-ghost btn-sm${flagged ? ' is-on' : ''}`}
          aria-pressed={flagged}
          onClick={() => dispatch(A.flagToggled(q.slot))}
        >
          <span aria-hidden="true">⚑</span> {t('attempt.flag')}
        </button>
      </header>
      <p className="ts-question-text">
        <RichText text={q.text} />
      </p>
      <QuestionPicture image={q.image} />
      <QuestionInput
        q={q}
        answer={given?.answer ?? null}
        disabled={disabled}
        onAnswer={(answer) => dispatch(A.answerGiven({ slot: q.slot, answer }))}
        onTyped={(answer) => dispatch(A.answerTyped({ slot: q.slot, answer }))}
        onTypingEnded={() => dispatch(A.typingEnded(q.slot))}
      />
      {preview || !given?.answer ? null : (
        <p className={`ts-save ts-save-${given.status}`} role="status" data-testid="ts-save">
          {t(`attempt.save.${given.status}`)}
          {given.status === 'failed' ? (
            <>
              {given.failure ? <span className="muted"> · {describeFailure(t, given.failure)}</span> : null}{' '}
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => dispatch(A.answerRetried(q.slot))}>
                {t('attempt.retry')}
              </button>
            </>
          ) : null}
        </p>
      )}
    </section>
  );
}
