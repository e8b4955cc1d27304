/** The manual's search field (results follow as one types) and its audience: the reader's own roles, one role, or every role. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@shared/hooks';
import { MANUAL_ROLES } from '../manual.pages';
import { manualActions as A, type RoleFilter } from '../manual.slice';

const MINE = 'mine';

export function ManualFilters({ query, role }: { query: string; role: RoleFilter }) {
  const { t } = useTranslation('manual');
  const dispatch = useAppDispatch();
  const searchId = useId();
  const roleId = useId();
  return (
    <form role="search" className="card man-filters" aria-label={t('search.label')} onSubmit={(e) => e.preventDefault()}>
      <div className="field man-search">
        <label htmlFor={searchId}>{t('search.label')}</label>
        <input
          id={searchId}
          className="input"
          type="search"
          value={query}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          onChange={(e) => dispatch(A.queryTyped(e.target.value))}
          data-testid="manual-search"
        />
      </div>
      <div className="field man-role">
        <label htmlFor={roleId}>{t('roles.label')}</label>
        <select
          id={roleId}
          className="input"
          value={role ?? MINE}
          onChange={(e) => dispatch(A.roleChosen(e.target.value === MINE ? null : (e.target.value as RoleFilter)))}
          data-testid="manual-role"
        >
          <option value={MINE}>{t('roles.mine')}</option>
          {MANUAL_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
          <option value="all">{t('roles.all')}</option>
        </select>
      </div>
    </form>
  );
}
