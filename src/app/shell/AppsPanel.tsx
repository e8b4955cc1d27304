import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@shared/hooks';
import { GlobeIcon } from '@components/shellIcons';
import { toLanguage } from '../../i18n/languages';
import { hyphenate } from '@lib/hyphenate';
import { areaParts } from '../loadAreas';
import { APP_ICONS } from './menuIcons';

/**
 * The university's other services (POST /api/misc/dinurls.json, the profile area's list through the
 * manifest's SHELL_PARTS), each opening in a new tab; `page`: the apps page, whose h1 names it.
 */
export function AppsPanel({ page = false }: { page?: boolean }) {
  const { t, i18n } = useTranslation('cm');
  const apps = useAppSelector(areaParts().shell.apps);
  const lang = toLanguage(i18n.resolvedLanguage);
  return (
    <section className={page ? 'apps-panel apps-page-grid' : 'apps-panel'} aria-labelledby="apps-title" data-testid="apps-panel">
      {page ? (
        <h1 id="apps-title">{t('titles.apps')}</h1>
      ) : (
        <h2 className="panel-title" id="apps-title">
          {t('layout.apps')}
        </h2>
      )}
      {apps.fetching ? (
        <div className="apps-grid" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="skeleton skeleton-tile" />
          ))}
        </div>
      ) : apps.error ? (
        <p className="muted small">{t('layout.appsError')}</p>
      ) : apps.data.length === 0 ? (
        <p className="muted small">{t('layout.noApps')}</p>
      ) : (
        <ul className="apps-grid">
          {apps.data.map((app) => {
            const Icon = APP_ICONS[app.icon] ?? GlobeIcon;
            const name = app.name[lang] || app.name.ru;
            return (
              <li key={app.id}>
                <a className="app-tile" href={app.url} target="_blank" rel="noopener noreferrer">
                  <span className={`app-icon app-icon-${app.icon in APP_ICONS ? app.icon : 'web'}`}>
                    <Icon size={22} />
                  </span>
                  {/* Long words break with a hyphen in the narrow tiles. */}
                  <span className="app-name">{hyphenate(name)}</span>
                  <span className="sr-only">{t('layout.newTab')}</span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
