/** The teacher's side: his discipline, its question bank and its tests (edit, preview, results). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Test } from '@contract/testing';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { LoadFailed } from '@shared/request/LoadFailed';
import { attemptActions as A } from '../attempt.slice';
import { bankActions as K } from '../bank.slice';
import { selectAttempt, selectBank } from '../testing.slice';
import { AttemptView } from './AttemptView';
import { BankPanel } from './BankPanel';
import { ResultsView } from './ResultsView';
import { TestForm } from './TestForm';

function TestsPanel({ discipline }: { discipline: number }) {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const { tests } = useAppSelector(selectBank);
  const [editing, setEditing] = useState<Test | 'new' | null>(null);
  return (
    <div className="ts-tests">
      <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
        {t('tests.add')}
      </button>
      {editing ? <TestForm test={editing === 'new' ? null : editing} discipline={discipline} onDone={() => setEditing(null)} /> : null}
      <ul className="ts-cards">
        {tests.data.map((test) => (
          <li key={test.id} className="card ts-card" data-testid="ts-test">
            <h3 className="ts-card-title">{test.title}</h3>
            <p className="muted">{t('tests.summary', { questions: test.questions, max: test.maxScore, attempts: test.attemptsTaken })}</p>
            <div className="ts-card-actions">
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(test)} aria-label={t('tests.edit', { title: test.title })}>
                {t('bank.editShort')}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => dispatch(A.previewRequested(test.id))}
                aria-label={t('tests.preview', { title: test.title })}
              >
                {t('tests.previewShort')}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => dispatch(K.resultsRequested(test.id))}
                aria-label={t('tests.results', { title: test.title })}
              >
                {t('tests.resultsShort')}
              </button>
              {test.attemptsTaken === 0 ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => dispatch(K.testDeleted(test.id))}
                  aria-label={t('tests.delete', { title: test.title })}
                >
                  {t('bank.deleteShort')}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function TeacherView() {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const { disciplines, discipline, results, writeError } = useAppSelector(selectBank);
  const { paper, preview } = useAppSelector(selectAttempt);
  const [tab, setTab] = useState<'bank' | 'tests'>('bank');
  if (disciplines.error) return <LoadFailed failure={disciplines.error} onRetry={() => dispatch(K.disciplinesRequested())} />;
  if (!disciplines.loaded) return <Spinner />;
  if (disciplines.data.length === 0) return <p className="muted">{t('bank.noDisciplines')}</p>;
  if (preview && paper.data)
    return (
      <>
        <button type="button" className="btn btn-ghost" onClick={() => dispatch(A.closed())}>
          {t('backToList')}
        </button>
        <AttemptView paper={paper.data} />
      </>
    );
  if (results.data || results.fetching) return <ResultsView />;
  return (
    <>
      <div className="field ts-discipline">
        <label htmlFor="ts-discipline">{t('bank.discipline')}</label>
        <select id="ts-discipline" className="input" value={discipline ?? ''} onChange={(e) => dispatch(K.disciplineChosen(Number(e.target.value)))}>
          {disciplines.data.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </div>
      {writeError ? (
        <p className="ts-err" role="alert">
          {describeFailure(t, writeError)}
        </p>
      ) : null}
      <div role="tablist" aria-label={t('bank.sections')} className="ts-tabs">
        {(['bank', 'tests'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`btn ${tab === k ? 'btn-primary' : 'btn-ghost'}`}
            onClick={() => setTab(k)}
          >
            {t(`tabs.${k}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(`tabs.${tab}`)}>
        {discipline === null ? null : tab === 'bank' ? <BankPanel discipline={discipline} /> : <TestsPanel discipline={discipline} />}
      </div>
    </>
  );
}
