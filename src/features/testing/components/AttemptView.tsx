/**
 * The attempt (or the teacher's preview): the countdown by the server's clock, one question per page
 * or all on one, the navigation strip, and submitting after a confirmation that lists the unanswered
 * questions. Focus lost and back are reported; a connection back resends failed answers.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paper } from '@contract/testing';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { attemptActions as A } from '../attempt.slice';
import { selectAttempt } from '../testing.slice';
import { Countdown } from './Countdown';
import { isAnswered, NavStrip } from './NavStrip';
import { QuestionCard } from './QuestionCard';

function useAttemptReports() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const online = () => dispatch(A.connectionBack());
    const visibility = () => dispatch(A.focusChanged(document.visibilityState === 'hidden' ? 'focus_lost' : 'focus_back'));
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visibility);
    };
  }, [dispatch]);
}

export function AttemptView({ paper }: { paper: Paper }) {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const { answers, flags, offset, deadline, preview, submitting, submitError, ended } = useAppSelector(selectAttempt);
  const [onePerPage, setOnePerPage] = useState(true);
  const [current, setCurrent] = useState(paper.questions[0]?.slot ?? 1);
  const [confirm, setConfirm] = useState(false);
  useAttemptReports();
  const onEnd = useCallback(() => {
    if (!preview) dispatch(A.timeUp());
  }, [dispatch, preview]);
  const unanswered = paper.questions.filter((q) => !isAnswered(answers[q.slot])).map((q) => q.slot);
  const index = paper.questions.findIndex((q) => q.slot === current);
  const shown = onePerPage ? paper.questions.filter((q) => q.slot === current) : paper.questions;
  const go = (slot: number) => {
    setCurrent(slot);
    if (!onePerPage) document.getElementById(`ts-question-${slot}`)?.scrollIntoView({ block: 'start' });
  };
  return (
    <section className="ts-attempt" aria-labelledby="ts-attempt-title">
      <header className="ts-attempt-head">
        <h2 id="ts-attempt-title" className="ts-attempt-title">
          {preview ? t('attempt.previewOf', { title: paper.title }) : paper.title}
        </h2>
        {ended ? (
          <p className="ts-ended" role="alert" data-testid="ts-ended">
            {t('attempt.timeOver')}
          </p>
        ) : (
          <Countdown deadline={deadline} offset={offset} onEnd={onEnd} />
        )}
        <label className="ts-toggle">
          <input type="checkbox" checked={!onePerPage} onChange={(e) => setOnePerPage(!e.target.checked)} />
          {t('attempt.allOnOnePage')}
        </label>
      </header>
      <NavStrip questions={paper.questions} answers={answers} flags={flags} current={onePerPage ? current : null} onGo={go} />
      {shown.map((q) => (
        <QuestionCard key={q.slot} q={q} given={answers[q.slot]} flagged={!!flags[q.slot]} preview={preview} disabled={!!ended} />
      ))}
      {submitError ? (
        <p className="ts-err" role="alert">
          {describeFailure(t, submitError)}
        </p>
      ) : null}
      <div className="ts-attempt-actions">
        {onePerPage ? (
          <>
            <button type="button" className="btn btn-ghost" disabled={index <= 0} onClick={() => go(paper.questions[index - 1]!.slot)}>
              {t('attempt.prev')}
            </button>
            <button type="button" className="btn btn-ghost" disabled={index >= paper.questions.length - 1} onClick={() => go(paper.questions[index + 1]!.slot)}>
              {t('attempt.next')}
            </button>
          </>
        ) : null}
        <button type="button" className="btn btn-primary" data-testid="ts-submit" disabled={submitting || !!ended} onClick={() => setConfirm(true)}>
          {preview ? t('attempt.endPreview') : t('attempt.submit')}
        </button>
      </div>
      {confirm ? (
        <ConfirmDialog
          title={t('attempt.submitTitle')}
          text={unanswered.length ? t('attempt.submitUnanswered', { list: unanswered.join(', '), count: unanswered.length }) : t('attempt.submitAll')}
          confirm={t('attempt.submit')}
          cancel={t('cancel')}
          busy={submitting}
          onConfirm={() => {
            setConfirm(false);
            dispatch(A.submitRequested());
          }}
          onCancel={() => setConfirm(false)}
        />
      ) : null}
    </section>
  );
}
