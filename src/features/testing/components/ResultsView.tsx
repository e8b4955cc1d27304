/**
 * A test's results: each student's attempts and counted score, each question's statistics, the
 * workbook, sending the results to a journal as marks (ToJournalDialog) or to a grading sheet as
 * exam points (ToSheetDialog), and an attempt opened there: its review with its essays graded by
 * hand, and its log.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Results, ReviewQuestion } from '@contract/testing';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { Loaded } from '@shared/request/Loaded';
import { bankActions as K } from '../bank.slice';
import { selectBank } from '../testing.slice';
import { resultsXlsxUrl } from '../testing.api';
import { AttemptLog } from './AttemptLog';
import { ReviewView } from './ReviewView';
import { RichText } from './RichText';
import { ToJournalDialog } from './ToJournalDialog';
import { ToSheetDialog } from './ToSheetDialog';

function GradeForm({ id_attempt, q }: { id_attempt: number; q: ReviewQuestion }) {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const [score, setScore] = useState(q.score === null ? '' : String(q.score));
  const [comment, setComment] = useState(q.comment ?? '');
  const valid = score !== '' && Number(score) >= 0 && Number(score) <= q.points;
  return (
    <form
      className="ts-inline"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) dispatch(K.graded({ id_attempt, slot: q.slot, score: Number(score), ...(comment.trim() ? { comment: comment.trim() } : {}) }));
      }}
    >
      <div className="field">
        <label htmlFor={`ts-grade-${q.slot}`}>{t('results.score', { max: q.points })}</label>
        <input
          id={`ts-grade-${q.slot}`}
          className="input"
          inputMode="decimal"
          value={score}
          onChange={(e) => setScore(e.target.value)}
          aria-invalid={score !== '' && !valid}
        />
      </div>
      <div className="field">
        <label htmlFor={`ts-comment-${q.slot}`}>{t('results.comment')}</label>
        <input id={`ts-comment-${q.slot}`} className="input" value={comment} onChange={(e) => setComment(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary btn-sm" disabled={!valid}>
        {t('results.grade')}
      </button>
    </form>
  );
}

function Tables({ results }: { results: Results }) {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const pct = (n: number | null) => (n === null ? '—' : n.toFixed(2));
  return (
    <>
      <div className="ts-table-wrap" role="region" aria-label={t('results.students')} tabIndex={0}>
        <table className="ts-table stack-table" data-testid="ts-results">
          <caption>{t('results.students')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('results.student')}</th>
              <th scope="col">{t('results.group')}</th>
              <th scope="col">{t('results.attempts')}</th>
              <th scope="col">{t('results.counted')}</th>
            </tr>
          </thead>
          <tbody>
            {results.lines.map((l) => (
              <tr key={l.id_student}>
                <td className="stack-title" data-label={t('results.student')}>
                  {l.fio}
                </td>
                <td data-label={t('results.group')}>{l.group}</td>
                <td data-label={t('results.attempts')}>
                  <span className="ts-attempts">
                    {l.attempts.length === 0 ? '—' : null}
                    {l.attempts.map((a) => (
                      <button key={a.id} type="button" className="btn btn-ghost btn-sm" data-attempt={a.id} onClick={() => dispatch(K.reviewRequested(a.id))}>
                        <span className="sr-only">{t('results.open', { n: a.number, fio: l.fio })} · </span>
                        {a.number}: {a.score ?? t(`review.states.${a.state}`)}
                      </button>
                    ))}
                  </span>
                </td>
                <td data-label={t('results.counted')}>{l.score ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="ts-table-wrap" role="region" aria-label={t('results.questions')} tabIndex={0}>
        <table className="ts-table stack-table" data-testid="ts-questions">
          <caption>{t('results.questions')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('form.text')}</th>
              <th scope="col">{t('results.answered')}</th>
              <th scope="col">{t('results.difficulty')}</th>
              <th scope="col">{t('results.discrimination')}</th>
            </tr>
          </thead>
          <tbody>
            {results.questions.map((q) => (
              <tr key={q.id_question}>
                <td className="stack-title" data-label={t('form.text')}>
                  <RichText text={q.text} />
                </td>
                <td data-label={t('results.answered')}>{q.answered}</td>
                <td data-label={t('results.difficulty')}>{pct(q.difficulty)}</td>
                <td data-label={t('results.discrimination')}>{pct(q.discrimination)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The attempt opened from the results: back to them (focused on opening, for the keyboard), its review with the essays' grading, its log. */
function AttemptPanel({ id_attempt }: { id_attempt: number }) {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const { review } = useAppSelector(selectBank);
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), [id_attempt]);
  return (
    <>
      <button ref={back} type="button" className="btn btn-ghost" onClick={() => dispatch(K.reviewClosed())}>
        {t('results.backToResults')}
      </button>
      <Loaded of={review} what={t('results.reviewFailed')} onRetry={() => dispatch(K.reviewRequested(id_attempt))}>
        {review.data ? (
          <>
            <p>{review.data.student}</p>
            <ReviewView review={review.data}>{(q) => (q.kind === 'essay' ? <GradeForm id_attempt={id_attempt} q={q} /> : null)}</ReviewView>
          </>
        ) : null}
      </Loaded>
      <AttemptLog id_attempt={id_attempt} />
    </>
  );
}

export function ResultsView() {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const { results, attempt } = useAppSelector(selectBank);
  // Back from an attempt, the keyboard's focus returns to the button that opened it.
  const opened = useRef<number | null>(null);
  const [toJournal, setToJournal] = useState(false);
  const [toSheet, setToSheet] = useState(false);
  useEffect(() => {
    if (attempt === null && opened.current !== null) document.querySelector<HTMLElement>(`[data-attempt="${opened.current}"]`)?.focus();
    opened.current = attempt;
  }, [attempt]);
  if (!results.data) return <Spinner />;
  return (
    <section aria-labelledby="ts-results-title">
      <h2 id="ts-results-title">{t('results.title', { title: results.data.title })}</h2>
      <p className="ts-inline">
        <button type="button" className="btn btn-ghost" onClick={() => dispatch(K.resultsClosed())}>
          {t('backToList')}
        </button>
        <a className="btn btn-ghost" href={resultsXlsxUrl(results.data.id_test)} download>
          {t('results.xlsx')}
        </a>
        <button type="button" className="btn btn-ghost" aria-haspopup="dialog" onClick={() => setToJournal(true)}>
          {t('toJournal.open')}
        </button>
        <button type="button" className="btn btn-ghost" aria-haspopup="dialog" onClick={() => setToSheet(true)}>
          {t('toSheet.open')}
        </button>
      </p>
      {toJournal ? <ToJournalDialog id_test={results.data.id_test} onClose={() => setToJournal(false)} /> : null}
      {toSheet ? <ToSheetDialog id_test={results.data.id_test} onClose={() => setToSheet(false)} /> : null}
      {attempt !== null ? <AttemptPanel id_attempt={attempt} /> : <Tables results={results.data} />}
    </section>
  );
}
