/** One questionnaire of a list: its title, teacher and discipline, audience, dates and state, and its action (answer, or results); a managed one's corrections too. */
import { useTranslation } from 'react-i18next';
import type { QuestionnaireItem } from '@contract/questionnaire';
import { useAppDispatch } from '@shared/hooks';
import { questionnaireActions as A } from '../questionnaire.slice';
import { ManageActions } from './ManageActions';

const day = (iso: string, lang: string) => new Date(iso).toLocaleDateString(lang === 'kg' ? 'ky' : lang, { day: 'numeric', month: 'long', year: 'numeric' });

export function ItemCard({ item, action, manage }: { item: QuestionnaireItem; action: 'answer' | 'results'; manage?: boolean }) {
  const { t, i18n } = useTranslation('questionnaire');
  const dispatch = useAppDispatch();
  const lang = i18n.language;
  const titleId = `qn-item-${action}-${item.id}`;
  const audience = item.audience.name ? `${t(`audience.${item.audience.kind}`)}: ${item.audience.name}` : t(`audience.${item.audience.kind}`);
  return (
    <article className="card qn-item" aria-labelledby={titleId} data-testid={`qn-item-${item.id}`}>
      <div className="qn-item-head">
        <h3 id={titleId} className="qn-item-title">
          {item.title}
        </h3>
        <span className={`qn-state qn-state-${item.answered ? 'answered' : item.state}`}>{item.answered ? t('state.answered') : t(`state.${item.state}`)}</span>
      </div>
      {item.teacher ? (
        <p className="qn-line">
          {item.teacher} · {item.discipline}
        </p>
      ) : null}
      <p className="qn-line muted small">
        {audience} · {t('dates', { from: day(item.opensAt, lang), to: day(item.closesAt, lang) })}
        {item.anonymous ? ` · ${t('anonymous')}` : ''}
      </p>
      {action === 'results' && item.results ? <p className="qn-line small">{t('answeredCount', { count: item.answers })}</p> : null}
      <div className="qn-actions">
        {action === 'answer' && item.state === 'open' && !item.answered ? (
          <button type="button" className="btn btn-primary" onClick={() => dispatch(A.answerOpened({ id: item.id }))} aria-describedby={titleId}>
            {t('answer')}
          </button>
        ) : null}
        {action === 'results' && item.results ? (
          <button type="button" className="btn btn-secondary" onClick={() => dispatch(A.resultsOpened({ id: item.id }))} aria-describedby={titleId}>
            {t('results.open')}
          </button>
        ) : null}
        {action === 'results' && !item.results ? <p className="muted small">{t('results.afterClose')}</p> : null}
      </div>
      {manage ? <ManageActions item={item} titleId={titleId} /> : null}
    </article>
  );
}
