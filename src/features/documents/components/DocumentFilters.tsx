/** The list's category buttons and its search (sent when typed: 2 characters at least, or none). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentCategory } from '@contract/documents';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { CATEGORIES } from '../documents.api';
import { documentsActions as A, selectDocuments } from '../documents.slice';

export function DocumentFilters() {
  const { t } = useTranslation('documents');
  const dispatch = useAppDispatch();
  const { category, text } = useAppSelector(selectDocuments);
  const [typed, setTyped] = useState(text);
  const tooShort = typed.trim().length === 1;

  useEffect(() => {
    const value = typed.trim();
    if (value === text.trim() || value.length === 1) return;
    const timer = window.setTimeout(() => dispatch(A.filtered({ category, text: value })), 300);
    return () => window.clearTimeout(timer);
  }, [typed, text, category, dispatch]);

  const choose = (c: DocumentCategory | null) => dispatch(A.filtered({ category: c, text: typed.trim().length === 1 ? text : typed.trim() }));

  return (
    <section className="doc-filters card" aria-label={t('filters.label')}>
      <form
        role="search"
        className="field doc-search"
        onSubmit={(e) => {
          e.preventDefault();
          if (!tooShort) dispatch(A.filtered({ category, text: typed.trim() }));
        }}
      >
        <label htmlFor="doc-search">{t('filters.search')}</label>
        <input
          id="doc-search"
          type="search"
          className="input"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-describedby="doc-search-hint"
          data-testid="doc-search"
        />
        <p id="doc-search-hint" className="field-hint">
          {tooShort ? t('filters.tooShort') : t('filters.hint')}
        </p>
      </form>
      <div className="doc-categories" role="group" aria-label={t('filters.category')}>
        {[null, ...CATEGORIES].map((c) => (
          <button
            key={c ?? 'all'}
            type="button"
            className={`btn ${category === c ? 'btn-primary' : 'btn-secondary'}`}
            aria-pressed={category === c}
            onClick={() => choose(c)}
          >
            {c ? t(`categories.${c}`) : t('filters.all')}
          </button>
        ))}
      </div>
    </section>
  );
}
