/**
 * /lms/questionnaire (docs/areas/questionnaire.md#for-users): the questionnaires the caller is asked
 * to answer (open ones answered through a form, "answered" afterwards), a teacher's evaluations with
 * their results once his half-year is closed, and for an administrator or a dean's office the
 * questionnaires he manages, their results, the creation form and their corrections (edit, delete,
 * close now, move the closing).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireItem } from '@contract/questionnaire';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { Loaded } from '@shared/request/Loaded';
import { AnswerForm } from './components/AnswerForm';
import { CreateForm } from './components/CreateForm';
import { ItemCard } from './components/ItemCard';
import { ResultsView } from './components/ResultsView';
import { questionnaireActions as A, selectQuestionnaire } from './questionnaire.slice';
import './questionnaire.css';

interface SectionProps {
  id: string;
  title: string;
  items: QuestionnaireItem[];
  empty: string;
  action: 'answer' | 'results';
  manage?: boolean;
}

function Section({ id, title, items, empty, action, manage }: SectionProps) {
  return (
    <section className="qn-section" aria-labelledby={id}>
      <h2 id={id} className="qn-heading">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="qn-list" data-testid={action === 'answer' ? 'qn-to-answer' : id}>
          {items.map((item) => (
            <li key={item.id}>
              <ItemCard item={item} action={action} manage={manage} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function QuestionnaireScreen() {
  const { t } = useTranslation('questionnaire');
  const dispatch = useAppDispatch();
  const { view, lists } = useAppSelector(selectQuestionnaire);
  useEffect(() => {
    dispatch(A.opened());
  }, [dispatch]);
  const data = lists.data;

  return (
    <div className="qn-screen" aria-busy={!lists.loaded && !lists.error}>
      <h1 className="qn-title">{t('title')}</h1>
      {view.kind === 'answer' ? <AnswerForm /> : null}
      {view.kind === 'results' ? <ResultsView /> : null}
      {view.kind === 'create' || view.kind === 'edit' ? <CreateForm /> : null}
      {view.kind === 'list' ? (
        <Loaded of={lists} onRetry={() => dispatch(A.opened())}>
          {data ? (
            <>
              <Section id="qn-mine" title={t('lists.toAnswer')} items={data.toAnswer} empty={t('lists.noneToAnswer')} action="answer" />
              {data.evaluations.length > 0 ? (
                <Section id="qn-evaluations" title={t('lists.evaluations')} items={data.evaluations} empty="" action="results" />
              ) : null}
              {data.manage ? (
                <>
                  <div className="qn-toolbar">
                    <button type="button" className="btn btn-primary" onClick={() => dispatch(A.createOpened())} data-testid="qn-create">
                      {t('create.open')}
                    </button>
                  </div>
                  <Section id="qn-managed" title={t('lists.managed')} items={data.managed} empty={t('lists.noneManaged')} action="results" manage />
                </>
              ) : null}
            </>
          ) : null}
        </Loaded>
      ) : null}
    </div>
  );
}
