import type { IconComponent } from '../../components/icons';
import { ChatIcon, GridIcon, NewsIcon, UserIcon } from '../../components/shellIcons';
import { TAB_APPS, TAB_CHAT, TAB_NEWS, TAB_PROFILE } from '../../shared/shell/shell.slice';

export interface MobileTab {
  id: number;
  /** Translation key in namespace cm (tabs.profile, tabs.news, tabs.messages, tabs.apps). */
  label: string;
  icon: IconComponent;
  /** A tab that is a route of its own (path inside /lms) instead of a panel of the home page. */
  to?: string;
}

/** Bottom tabs shown on mobile, one per panel that exists. The messages tab opens the chat route. */
export const MOBILE_TABS: readonly MobileTab[] = [
  { id: TAB_PROFILE, label: 'tabs.profile', icon: UserIcon },
  { id: TAB_NEWS, label: 'tabs.news', icon: NewsIcon },
  { id: TAB_CHAT, label: 'tabs.messages', icon: ChatIcon, to: '/chat' },
  { id: TAB_APPS, label: 'tabs.apps', icon: GridIcon },
];
