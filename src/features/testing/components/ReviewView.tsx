/** An attempt's review: its state and score, and each question with the answer given, its score and the correct one when the test shows them. */
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { Answer, ReviewQuestion, Review } from '@contract/testing';
import { QuestionPicture } from './QuestionPicture';
import { RichText } from './RichText';

/** An answer as the review shows it: options and items with their formulas, what the student typed as text. */
export function AnswerView({ q, a }: { q: ReviewQuestion; a: Answer | null }) {
  const { t } = useTranslation('testing');
  if (!a) return <>—</>;
  const option = (id: number | null) => <RichText text={q.options.find((o) => o.id === id)?.text ?? '—'} />;
  const list = (items: React.ReactNode[], by: string) =>
    items.length
      ? items.map((x, i) => (
          <Fragment key={i}>
            {i ? by : ''}
            {x}
          </Fragment>
        ))
      : '—';
  switch (a.kind) {
    case 'single':
      return option(a.choice);
    case 'multiple':
      return <>{list(a.choices.map(option), '; ')}</>;
    case 'truefalse':
      return <>{t(a.value ? 'attempt.true' : 'attempt.false')}</>;
    case 'short':
    case 'essay':
      return <>{a.text || '—'}</>;
    case 'numeric':
      return <>{String(a.value)}</>;
    case 'matching':
      return (
        <>
          {list(
            q.left.map((l, i) => (
              <Fragment key={i}>
                <RichText text={l} /> → {option(a.right[i] ?? null)}
              </Fragment>
            )),
            '; ',
          )}
        </>
      );
    case 'ordering':
      return <>{list(a.order.map(option), ' → ')}</>;
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
            <p className="ts-question-text">
              <RichText text={q.text} />
            </p>
            <QuestionPicture image={q.image} />
            <p>
              <strong>{t('review.given')}:</strong> <AnswerView q={q} a={q.answer} />
            </p>
            {q.correct || q.accepted ? (
              <p>
                <strong>{t('review.correct')}:</strong> {q.correct ? <AnswerView q={q} a={q.correct} /> : q.accepted!.join('; ')}
              </p>
            ) : null}
            <p className="muted">
              {q.score === null ? t('review.ungraded') : t('review.points', { score: q.score, max: q.points })}
              {q.comment ? (
                <>
                  {' · '}
                  <RichText text={q.comment} />
                </>
              ) : null}
            </p>
            {children?.(q)}
          </li>
        ))}
      </ol>
    </section>
  );
}
