/** The student's tests with their state; start (with the password when the test has one) or continue, and the finished attempts' reviews. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyTest } from '@contract/testing';
import { Dialog } from '@components/Dialog';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { attemptActions as A } from '../attempt.slice';
import { selectAttempt } from '../testing.slice';
import { FormActions } from '@components/FormActions';

const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });

function PasswordDialog({ test, onClose }: { test: MyTest; onClose: () => void }) {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const [password, setPassword] = useState('');
  return (
    <Dialog title={t('my.passwordTitle', { title: test.title })} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          dispatch(A.startRequested({ id_test: test.id, password }));
        }}
      >
        <div className="field">
          <label htmlFor="ts-password">{t('my.password')}</label>
          <input
            id="ts-password"
            className="input"
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </div>
        <FormActions cancel={t('cancel')} submit={t('my.start')} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

function TestCard({ test, onPassword }: { test: MyTest; onPassword: () => void }) {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  return (
    <li className="card ts-card" data-testid="ts-my-test">
      <h2 className="ts-card-title">{test.title}</h2>
      <p className="muted">{test.discipline}</p>
      <dl className="ts-facts">
        <dt>{t('my.state')}</dt>
        <dd data-testid="ts-state">{t(`my.states.${test.state}`)}</dd>
        <dt>{t('my.opensAt')}</dt>
        <dd>{when(test.opensAt)}</dd>
        <dt>{t('my.closesAt')}</dt>
        <dd>{when(test.closesAt)}</dd>
        <dt>{t('my.timeLimit')}</dt>
        <dd>{test.timeLimit ? t('my.minutes', { count: test.timeLimit }) : t('my.noLimit')}</dd>
        <dt>{t('my.attemptsLeft')}</dt>
        <dd>
          {test.attemptsLeft} / {test.attempts}
        </dd>
        {test.score !== null ? (
          <>
            <dt>{t('my.result')}</dt>
            <dd data-testid="ts-result">
              {test.score} / {test.maxScore}
            </dd>
          </>
        ) : null}
      </dl>
      <div className="ts-card-actions">
        {test.openAttempt ? (
          <button type="button" className="btn btn-primary" onClick={() => dispatch(A.resumeRequested(test.openAttempt!))}>
            {t('my.continue')}
          </button>
        ) : test.state === 'open' && test.attemptsLeft > 0 ? (
          <button type="button" className="btn btn-primary" onClick={() => (test.password ? onPassword() : dispatch(A.startRequested({ id_test: test.id })))}>
            {t('my.start')}
          </button>
        ) : null}
        {test.finished.map((f) => (
          <button key={f.id} type="button" className="btn btn-ghost" onClick={() => dispatch(A.reviewRequested(f.id))}>
            {t('my.review', { n: f.number })}
          </button>
        ))}
      </div>
    </li>
  );
}

export function MyTests() {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const { my } = useAppSelector(selectAttempt);
  const [asking, setAsking] = useState<MyTest | null>(null);
  if (my.error) return <LoadFailed failure={my.error} onRetry={() => dispatch(A.myRequested())} />;
  if (!my.loaded) return <Spinner />;
  if (my.data.length === 0) return <p className="muted">{t('my.empty')}</p>;
  return (
    <>
      <ul className="ts-cards">
        {my.data.map((test) => (
          <TestCard key={test.id} test={test} onPassword={() => setAsking(test)} />
        ))}
      </ul>
      {asking ? <PasswordDialog test={asking} onClose={() => setAsking(null)} /> : null}
    </>
  );
}
