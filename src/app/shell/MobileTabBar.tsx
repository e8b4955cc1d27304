import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { shellActions, selectActiveTab } from '@shared/shell/shell.slice';
import { MOBILE_TABS, type MobileTab } from './mobileTabs';

/** Bottom tab bar below 899.92 px; picking a tab shows its panel (and leaves a route screen). */
interface Props {
  tabs?: readonly MobileTab[];
  /** The tab to mark as current; null while a route screen is shown. Defaults to the active tab. */
  current?: number | null;
  onSelect?: (id: number) => void;
  /** Counters shown on tabs (e.g. unread messages), by tab id. */
  badges?: Partial<Record<number, number>>;
}

export function MobileTabBar({ tabs = MOBILE_TABS, current, onSelect, badges = {} }: Props) {
  const { t } = useTranslation('cm');
  const dispatch = useAppDispatch();
  const activeTab = useAppSelector(selectActiveTab);
  const active = current === undefined ? activeTab : current;
  return (
    <nav className="tab-bar" aria-label={t('layout.tabs')} data-testid="mobile-tab-bar">
      {tabs.map(({ id, label, icon: Icon }) => (
        <button
          key={id}
          type="button"
          className={`tab-btn${active === id ? ' active' : ''}`}
          aria-current={active === id ? 'page' : undefined}
          aria-describedby={badges[id] ? `tab-unread-${id}` : undefined}
          onClick={() => {
            dispatch(shellActions.tabSelected(id));
            onSelect?.(id);
          }}
        >
          <span className="tab-icon">
            <Icon size={22} />
            {badges[id] ? (
              <span className="count-badge tab-badge" aria-hidden="true">
                {(badges[id] ?? 0) > 99 ? '99+' : badges[id]}
              </span>
            ) : null}
          </span>
          <span>{t(label)}</span>
          {/* The count as words, read as the tab's description ('Unread: 3'); the tab keeps its name. */}
          {badges[id] ? (
            <span className="sr-only" id={`tab-unread-${id}`} aria-hidden="true">
              {t('layout.unread', { count: badges[id] })}
            </span>
          ) : null}
        </button>
      ))}
    </nav>
  );
}
