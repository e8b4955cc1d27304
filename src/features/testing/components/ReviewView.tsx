/** An attempt's review: its state and score, and each question with the answer given, its score and the correct one when the test shows them. */
import { useTranslation } from 'react-i18next';
import type { Answer, ReviewQuestion, Review } from '@contract/testing';

export function answerText(q: ReviewQuestion, a: Answer | null, t: (k: string) => string): string {
  if (!a) return '—';
  const option = (id: number | null) => q.options.find((o) => o.id === id)?.text ?? '—';
  switch (a.kind) {
    case 'single':
      return option(a.choice);
    case 'multiple':
      return a.choices.map(option).join('; ') || '—';
    case 'truefalse':
      return t(a.value ? 'attempt.true' : 'attempt.false');
    case 'short':
    case 'essay':
      return a.text || '—';
    case 'numeric':
      return String(a.value);
    case 'matching':
      return q.left.map((l, i) => `${l} → ${option(a.right[i] ?? null)}`).join('; ');
    case 'ordering':
      return a.order.map(option).join(' → ');
  }
}

export function ReviewView({ review, children }: { review: Review; children?: (q: ReviewQuestion) => React.ReactNode }) {
  const { t } = useTranslation('testing');
  return (
    <section className="ts-review" aria-labelledby="ts-review-title" data-testid="ts-review">
      <h2 id="ts-review-title">{t('review.title', { title: review.title, n: review.number })}</h2>
      <p data-testid="ts-review-state">
        {t(`review.states.${review.state}`)}
        {review.score !== null ? ` · ${t('review.score', { score: review.score, max: review.maxScore })}` : ''}
      </p>
      {review.questions.length === 0 ? <p className="muted">{t('review.hidden')}</p> : null}
      <ol className="ts-review-list">
        {review.questions.map((q) => (
          <li key={q.slot} className="card ts-question">
            <p className="ts-question-text">{q.text}</p>
            <p>
              <strong>{t('review.given')}:</strong> {answerText(q, q.answer, t)}
            </p>
            {q.correct || q.accepted ? (
              <p>
                <strong>{t('review.correct')}:</strong> {q.correct ? answerText(q, q.correct, t) : q.accepted!.join('; ')}
              </p>
            ) : null}
            <p className="muted">
              {q.score === null ? t('review.ungraded') : t('review.points', { score: q.score, max: q.points })}
              {q.comment ? ` · ${q.comment}` : ''}
            </p>
            {children?.(q)}
          </li>
        ))}
      </ol>
    </section>
  );
}
