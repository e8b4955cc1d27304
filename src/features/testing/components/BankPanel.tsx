/** The discipline's question bank: categories (add, rename, delete an empty one), their questions (add, edit, delete), import and GIFT export. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Question } from '@contract/testing';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { bankActions as K } from '../bank.slice';
import { selectBank } from '../testing.slice';
import { exportGiftUrl } from '../testing.api';
import { ImportPanel } from './ImportPanel';
import { QuestionForm } from './QuestionForm';
import { QuestionPicture } from './QuestionPicture';
import { plainText } from './mathText';
import { RichText } from './RichText';

export function BankPanel({ discipline }: { discipline: number }) {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const { categories, questions } = useAppSelector(selectBank);
  const [category, setCategory] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const [removing, setRemoving] = useState<Question | null>(null);
  // A category just added is chosen once the list has it, so that its questions go into it.
  const [added, setAdded] = useState<string | null>(null);
  useEffect(() => {
    const made = added === null ? undefined : categories.data.find((c) => c.name === added);
    if (!made) return;
    setCategory(made.id);
    setAdded(null);
  }, [added, categories.data]);
  const chosen = category ?? categories.data[0]?.id ?? null;
  const shown = questions.data.filter((q) => q.id_category === chosen);
  return (
    <div className="ts-bank">
      {categories.loaded && categories.data.length === 0 ? (
        <p className="muted" data-testid="ts-no-categories">
          {t('bank.noCategories')}
        </p>
      ) : null}
      <form
        className="ts-inline"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) {
            dispatch(K.categorySaved({ id_discipline: discipline, name: name.trim() }));
            setAdded(name.trim());
          }
          setName('');
        }}
      >
        {categories.data.length ? (
          <div className="field">
            <label htmlFor="ts-category">{t('bank.category')}</label>
            <select id="ts-category" className="input" value={chosen ?? ''} onChange={(e) => setCategory(Number(e.target.value))}>
              {categories.data.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.questions})
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="ts-new-category">{t('bank.newCategory')}</label>
          <input id="ts-new-category" className="input" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-ghost">
          {t('bank.addCategory')}
        </button>
        {chosen && shown.length === 0 ? (
          <button type="button" className="btn btn-ghost" onClick={() => dispatch(K.categoryDeleted(chosen))}>
            {t('bank.deleteCategory')}
          </button>
        ) : null}
        {chosen ? (
          <a className="btn btn-ghost" href={exportGiftUrl(chosen)} download>
            {t('bank.exportGift')}
          </a>
        ) : null}
      </form>
      <button type="button" className="btn btn-primary" data-testid="ts-add-question" disabled={!chosen} onClick={() => setEditing('new')}>
        {t('bank.addQuestion')}
      </button>
      {editing ? (
        <QuestionForm question={editing === 'new' ? null : editing} categories={categories.data} category={chosen} onDone={() => setEditing(null)} />
      ) : null}
      <ul className="ts-questions" aria-label={t('bank.questions')}>
        {shown.map((q) => (
          <li key={q.id} className="card ts-bank-q" data-testid="ts-bank-question">
            <p className="ts-question-text">
              <RichText text={q.text} />
            </p>
            <QuestionPicture image={q.image} />
            <p className="muted">
              {t(`kinds.${q.content.kind}`)} · {t('attempt.points', { count: q.points })}
              {q.inUse ? ` · ${t('bank.inUse')}` : ''}
            </p>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setEditing(q)}
              aria-label={t('bank.edit', { text: plainText(q.text).slice(0, 40) })}
            >
              {t('bank.editShort')}
            </button>
            {q.inUse ? null : (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => setRemoving(q)}
                aria-label={t('bank.delete', { text: plainText(q.text).slice(0, 40) })}
              >
                {t('bank.deleteShort')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {chosen ? <ImportPanel category={chosen} /> : null}
      {removing ? (
        <ConfirmDialog
          title={t('bank.deleteTitle')}
          text={<RichText text={removing.text} />}
          confirm={t('bank.deleteShort')}
          cancel={t('cancel')}
          onConfirm={() => {
            dispatch(K.questionDeleted(removing.id));
            setRemoving(null);
          }}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </div>
  );
}
