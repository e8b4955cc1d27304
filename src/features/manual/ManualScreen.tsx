/**
 * /lms/manual (docs/areas/manual.md#for-users): the user manual's pages, one task each, found by the
 * words of their titles and steps in the language on screen as the reader types, the reader's own
 * roles' pages first and every role's reachable through the audience filter.
 */
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { selectUser } from '@shared/session/session';
import { MANUAL_PAGES, ownFirst, rolesOf } from './manual.pages';
import { manualActions as A, selectManual } from './manual.slice';
import { searchPages } from './manualSearch';
import { useManualTexts } from './useManualTexts';
import { ManualFilters } from './components/ManualFilters';
import { PageList } from './components/PageList';
import './manual.css';

export default function ManualScreen() {
  const { t } = useTranslation('manual');
  const dispatch = useAppDispatch();
  const { query, role } = useAppSelector(selectManual);
  const mine = rolesOf(useAppSelector(selectUser));
  const texts = useManualTexts();
  const shownRoles = role === null ? mine : role === 'all' ? null : [role];

  // A few dozen pages: searched anew at each keystroke.
  const pages = shownRoles === null ? MANUAL_PAGES : MANUAL_PAGES.filter((page) => page.roles.some((r) => shownRoles.includes(r)));
  const found = searchPages(ownFirst(pages, mine), texts, query);

  return (
    <div className="man-screen">
      <h1 className="man-title">{t('title')}</h1>
      <p className="man-intro">{t('intro')}</p>
      <ManualFilters query={query} role={role} />
      <div aria-live="polite" className="sr-only" data-testid="manual-count">
        {query.trim() ? t('search.count', { count: found.length }) : ''}
      </div>
      {found.length > 0 ? (
        <PageList pages={found} texts={texts} mine={mine} />
      ) : (
        <div className="card man-empty" data-testid="manual-empty">
          <p>{t('search.none', { text: query.trim() })}</p>
          {role !== 'all' ? (
            <button type="button" className="btn btn-secondary" onClick={() => dispatch(A.roleChosen('all'))}>
              {t('search.everyRole')}
            </button>
          ) : null}
        </div>
      )}
    </div>
  );
}
