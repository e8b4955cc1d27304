/**
 * A questionnaire's results: below the threshold how many answered and at how many the results
 * appear; from it, per question a table of the answers' counts with a bar each (drawn in CSS, hidden
 * from screen readers, which read the numbers), a scale's mean, and the free answers without names;
 * and the .xlsx download.
 */
import { useTranslation } from 'react-i18next';
import type { QuestionResult } from '@contract/questionnaire';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { Loaded } from '@shared/request/Loaded';
import { resultsXlsxUrl } from '../questionnaire.api';
import { questionnaireActions as A, selectQuestionnaire } from '../questionnaire.slice';

function Bars({ q, number }: { q: QuestionResult; number: number }) {
  const { t } = useTranslation('questionnaire');
  const most = Math.max(1, ...q.counts);
  const captionId = `qn-result-${q.id}`;
  return (
    <figure className="qn-result" aria-labelledby={captionId}>
      <figcaption id={captionId} className="qn-question">
        {number}. {q.text}
      </figcaption>
      {q.kind === 'text' ? (
        q.texts.length === 0 ? (
          <p className="muted">{t('results.noTexts')}</p>
        ) : (
          <ul className="qn-texts" aria-label={t('results.texts', { count: q.texts.length })}>
            {q.texts.map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ul>
        )
      ) : (
        <table className="qn-bars">
          <caption className="sr-only">{t('results.tableCaption', { question: q.text, count: q.answered })}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('results.answer')}</th>
              <th scope="col">{t('results.count')}</th>
            </tr>
          </thead>
          <tbody>
            {q.labels.map((label, i) => (
              <tr key={i}>
                <th scope="row" className="qn-bar-label">
                  {label}
                </th>
                <td className="qn-bar-cell">
                  <span className="qn-bar" style={{ width: `${(q.counts[i] / most) * 100}%` }} aria-hidden="true" />
                  <span className="qn-bar-count">{q.counts[i]}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {q.mean !== null ? <p className="small">{t('results.mean', { mean: q.mean.toFixed(2) })}</p> : null}
    </figure>
  );
}

export function ResultsView() {
  const { t, i18n } = useTranslation('questionnaire');
  const dispatch = useAppDispatch();
  const { results, view } = useAppSelector(selectQuestionnaire);
  const r = results.data;
  const retry = () => view.kind === 'results' && dispatch(A.resultsOpened({ id: view.id }));
  return (
    <section className="card qn-results" aria-labelledby="qn-results-title" data-testid="qn-results">
      <Loaded of={results} onRetry={retry}>
        {r ? (
          <>
            <h2 id="qn-results-title" className="qn-heading">
              {r.item.title}
            </h2>
            {r.item.teacher ? (
              <p className="qn-line">
                {r.item.teacher} · {r.item.discipline}
              </p>
            ) : null}
            <p data-testid="qn-results-count">{t('answeredCount', { count: r.answers })}</p>
            {r.shown ? (
              r.questions.map((q, i) => <Bars key={q.id} q={q} number={i + 1} />)
            ) : (
              <p className="qn-note" data-testid="qn-results-hidden">
                {t('results.hidden', { count: r.threshold })}
              </p>
            )}
            <div className="qn-actions">
              {r.shown ? (
                <a className="btn btn-secondary" href={resultsXlsxUrl(r.item.id, i18n.language)} download data-testid="qn-xlsx">
                  {t('results.xlsx')}
                </a>
              ) : null}
              <button type="button" className="btn btn-ghost" onClick={() => dispatch(A.closed())}>
                {t('back')}
              </button>
            </div>
          </>
        ) : null}
      </Loaded>
    </section>
  );
}
