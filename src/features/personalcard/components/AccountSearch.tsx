/** An administrator's search of accounts by login or name: each found account links to its card. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '@components/SearchBox';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { personalcardActions as A, selectPersonalCard } from '../personalcard.slice';
import { CardSection } from './CardSection';

export function AccountSearch() {
  const { t } = useTranslation(['personalcard', 'cm']);
  const dispatch = useAppDispatch();
  const { search } = useAppSelector(selectPersonalCard);
  const [q, setQ] = useState('');
  const [asked, setAsked] = useState(false);
  return (
    <CardSection name="search" title={t('search.title')}>
      <form
        className="pc-search"
        role="search"
        aria-labelledby="pc-search-title"
        onSubmit={(e) => {
          e.preventDefault();
          if (!q.trim()) return;
          setAsked(true);
          dispatch(A.searchRequested(q.trim()));
        }}
      >
        <SearchBox
          id="pc-search-q"
          label={t('search.label')}
          hideLabel
          value={q}
          onChange={setQ}
          maxLength={100}
          placeholder={t('search.placeholder')}
          testId="pc-search"
          submit={t('search.submit')}
          submitClass="btn btn-secondary"
          submitTestId="pc-search-submit"
        />
      </form>
      <div aria-live="polite" aria-busy={search.fetching}>
        {search.error ? <p className="field-error">{describeFailure(t, search.error)}</p> : null}
        {asked && search.loaded && search.data.length === 0 ? <p className="muted">{t('search.nothing')}</p> : null}
        {search.data.length ? (
          <ul className="pc-hits">
            {search.data.map((h) => (
              <li key={h.userId}>
                <Link to={`/personalcard/${h.userId}`} data-testid="pc-hit">
                  {h.fullName}
                </Link>{' '}
                <span className="muted small">
                  {h.login}
                  {h.place ? ` · ${h.place}` : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </CardSection>
  );
}
