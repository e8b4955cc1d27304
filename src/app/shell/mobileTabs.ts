import type { IconComponent } from '@components/icons';
import { ChatIcon, GridIcon, NewsIcon, QrIcon, UserIcon } from '@components/shellIcons';
import { TAB_APPS, TAB_PROFILE } from '@shared/shell/tabs';
import { AREAS, type AreaEntry, type TabIcon } from '../areas';
import { servesRole } from '../areaAccess';
import type { Role } from '@shared/request/roles';

export interface MobileTab {
  id: number;
  /** Translation key in namespace cm (tabs.profile, tabs.news, tabs.messages, tabs.apps). */
  label: string;
  icon: IconComponent;
  /** A tab that is a route of its own (path inside /lms) instead of a panel of the home page. */
  to?: string;
  /** The area the tab belongs to (its badge follows the area's count). */
  area?: string;
  /** The roles the area serves (none: every role). */
  roles?: readonly Role[];
}

const ICONS: Record<TabIcon, IconComponent> = { user: UserIcon, news: NewsIcon, chat: ChatIcon, grid: GridIcon, qr: QrIcon };

/**
 * Bottom tabs shown on mobile, one per panel that exists: the profile, then each area's tab from the
 * manifest (a panel of the home page, or its route), then the apps.
 */
export const MOBILE_TABS: readonly MobileTab[] = [
  { id: TAB_PROFILE, label: 'tabs.profile', icon: UserIcon },
  ...(AREAS as readonly AreaEntry[]).flatMap((area): MobileTab[] =>
    area.tab
      ? [
          {
            id: area.tab.id,
            label: area.tab.label,
            icon: ICONS[area.tab.icon],
            area: area.key,
            roles: area.roles,
            ...(area.tab.panel ? {} : { to: area.tab.path ?? area.path }),
          },
        ]
      : [],
  ),
  { id: TAB_APPS, label: 'tabs.apps', icon: GridIcon },
];

/** The tabs a user of `role` gets: an area's tab only when the area serves the role (as its menu entry). */
export const tabsFor = (role: number | null | undefined, tabs: readonly MobileTab[] = MOBILE_TABS): readonly MobileTab[] =>
  tabs.filter((tab) => servesRole(tab.roles, role));
