/**
 * The apps page (/lms/apps, docs/product.md#apps): the university's applications (dinurls) and the
 * services its settings link to, as tiles opening in a new tab. Both lists are configured in the
 * database (app_links, menu_links), not in code.
 */
import { useTranslation } from 'react-i18next';
import { ExternalIcon } from '@components/shellIcons';
import { isMenuKey } from './menu';
import { useAppSelector } from '@shared/hooks';
import { selectMenuLinks } from '@shared/settings/settings';
import { AppsPanel } from './AppsPanel';
import { MENU_ICONS } from './menuIcons';

export default function AppsScreen() {
  const { t } = useTranslation('cm');
  const links = useAppSelector(selectMenuLinks).filter((l) => isMenuKey(l.key) && /^https?:\/\//i.test(l.url));
  return (
    <div className="apps-page">
      <AppsPanel page />
      {links.length > 0 ? (
        <section className="apps-panel" aria-labelledby="services-title" data-testid="services">
          <h2 className="panel-title" id="services-title">
            {t('layout.services')}
          </h2>
          <ul className="apps-grid">
            {links.map((link) => {
              const Icon = isMenuKey(link.key) ? MENU_ICONS[link.key] : ExternalIcon;
              return (
                <li key={link.key}>
                  <a className="app-tile" href={link.url} target="_blank" rel="noopener noreferrer">
                    <span className="app-icon app-icon-web">
                      <Icon size={22} />
                    </span>
                    <span className="app-name">{t(`menu.${link.key}`)}</span>
                    <span className="sr-only">{t('layout.newTab')}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
