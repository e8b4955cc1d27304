import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_MIN } from '../library.api';
import { useAppDispatch } from '@shared/hooks';
import { libraryActions } from '../library.slice';

/** The search across the whole library (at least SEARCH_MIN characters). */
export function GlobalSearch() {
  const { t } = useTranslation(['library', 'cm']);
  const dispatch = useAppDispatch();
  const [globalText, setGlobalText] = useState('');
  const [globalError, setGlobalError] = useState(false);
  const globalId = useId();

  const submitGlobal = (e: FormEvent) => {
    e.preventDefault();
    const text = globalText.trim();
    if (text.length < SEARCH_MIN) {
      setGlobalError(true);
      return;
    }
    setGlobalError(false);
    dispatch(libraryActions.searchRequested({ text }));
  };

  return (
    <form className="card library-global" role="search" onSubmit={submitGlobal} aria-label={t('global.label')}>
      <label htmlFor={globalId}>{t('global.label')}</label>
      <div className="library-global-row">
        <input
          id={globalId}
          className={`input${globalError ? ' invalid' : ''}`}
          type="search"
          value={globalText}
          maxLength={100}
          onChange={(e) => setGlobalText(e.target.value)}
          placeholder={t('global.placeholder')}
          aria-invalid={globalError}
          aria-describedby={globalError ? `${globalId}-error` : undefined}
        />
        <button type="submit" className="btn btn-secondary">
          {t('global.submit')}
        </button>
      </div>
      {globalError ? (
        <p id={`${globalId}-error`} className="field-error">
          {t('global.tooShort', { count: SEARCH_MIN })}
        </p>
      ) : null}
    </form>
  );
}
