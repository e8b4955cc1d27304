/** The manual's pages found: each a link to its page, with its purpose and, for another role's page, whose it is. */
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { manualPagePath, type ManualPage, type ManualRole } from '../manual.pages';
import type { PageTexts } from '../manualSearch';

export function PageList({ pages, texts, mine }: { pages: readonly ManualPage[]; texts: (page: ManualPage) => PageTexts; mine: readonly ManualRole[] }) {
  const { t } = useTranslation('manual');
  return (
    <ul className="man-list" data-testid="manual-pages">
      {pages.map((page) => {
        const { title, purpose } = texts(page);
        const others = page.roles.some((role) => mine.includes(role)) ? [] : page.roles;
        return (
          <li key={page.id} className="card man-item" data-testid={`manual-item-${page.id}`}>
            <Link to={manualPagePath(page.id)} className="man-item-title">
              {title}
            </Link>
            <p className="man-item-purpose">{purpose}</p>
            {others.length > 0 ? <p className="man-item-roles">{others.map((role) => t(`roles.${role}`)).join(' · ')}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
