import type { IconComponent } from '../../../components/icons';
import { GridIcon, NewsIcon, UserIcon } from '../../../components/moreIcons';
import { TAB_APPS, TAB_NEWS, TAB_PROFILE } from '../general.slice';

export interface MobileTab {
  id: number;
  /** Translation key in namespace cm (tabs.profile, tabs.news, tabs.messages, tabs.apps). */
  label: string;
  icon: IconComponent;
}

/**
 * Bottom tabs shown on mobile, one per panel that exists. When the news and chat areas land, add
 * `{ id: TAB_NEWS, label: 'tabs.news', icon: NewsIcon }` and `{ id: TAB_CHAT, label: 'tabs.messages', icon: ChatIcon }`.
 */
export const MOBILE_TABS: readonly MobileTab[] = [
  { id: TAB_PROFILE, label: 'tabs.profile', icon: UserIcon },
  { id: TAB_NEWS, label: 'tabs.news', icon: NewsIcon },
  { id: TAB_APPS, label: 'tabs.apps', icon: GridIcon },
];
