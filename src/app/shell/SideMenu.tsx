import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@shared/hooks';
import { ExternalIcon } from '@components/shellIcons';
import { resolveMenu, type MenuKey } from './menu';
import { selectSettings } from '@shared/settings/settings';
import { MENU_ICONS } from './menuIcons';

/**
 * The side menu (docs/areas/profile.md#for-users): an entry links to its in-app route when that route exists, else to the
 * university's link from settings (new tab); entries with neither, and those `hidden` (not for the user's role), are not shown.
 */
export function SideMenu({ routes, hidden }: { routes: Partial<Record<MenuKey, string>>; hidden?: ReadonlySet<MenuKey> }) {
  const { t } = useTranslation('cm');
  const settings = useAppSelector(selectSettings);
  const entries = resolveMenu(routes, settings.data.links, hidden);
  return (
    <nav className="side-menu" aria-label={t('layout.sideMenu')} data-testid="side-menu">
      <h2 className="panel-title">{t('layout.sideMenu')}</h2>
      {settings.fetching ? (
        <ul className="menu-list" aria-busy="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <li key={i} className="skeleton skeleton-line" />
          ))}
        </ul>
      ) : entries.length === 0 ? (
        <p className="muted small">{t('layout.noMenu')}</p>
      ) : (
        <ul className="menu-list">
          {entries.map((entry) => {
            const Icon = MENU_ICONS[entry.key];
            const label = t(`menu.${entry.key}`);
            return (
              <li key={entry.key}>
                {entry.kind === 'route' ? (
                  <NavLink to={entry.to} className="menu-link">
                    <Icon size={18} />
                    <span>{label}</span>
                  </NavLink>
                ) : (
                  <a href={entry.href} className="menu-link" target="_blank" rel="noopener noreferrer">
                    <Icon size={18} />
                    <span>{label}</span>
                    <ExternalIcon size={14} className="menu-ext" />
                    <span className="sr-only">{t('layout.newTab')}</span>
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
