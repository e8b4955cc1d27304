/** The side menu's icons: each entry's (an area's from its manifest entry, the others' from shell/menu.ts), and the apps panel's. */
import type { APP_ICON_NAMES } from '@contract/pure/menu';
import { type IconComponent } from '@components/icons';
import {
  AwardIcon,
  BookIcon,
  BookOpenIcon,
  BriefcaseIcon,
  CalendarIcon,
  CapIcon,
  CardIcon,
  ChartIcon,
  CheckSquareIcon,
  ClipboardIcon,
  EditIcon,
  FileIcon,
  GlobeIcon,
  HelpIcon,
  IdCardIcon,
  LayersIcon,
  ListChecksIcon,
  MailIcon,
  PhoneIcon,
  PinIcon,
  QrIcon,
  ShieldIcon,
  VideoIcon,
} from '@components/shellIcons';
import { AREAS, type AreaEntry } from '../areas';
import { OTHER_MENU_ENTRIES, type MenuIconName, type MenuKey } from './menu';

const ICONS: Record<MenuIconName, IconComponent> = {
  qr: QrIcon,
  calendar: CalendarIcon,
  clipboard: ClipboardIcon,
  file: FileIcon,
  idCard: IdCardIcon,
  bookOpen: BookOpenIcon,
  layers: LayersIcon,
  book: BookIcon,
  checkSquare: CheckSquareIcon,
  briefcase: BriefcaseIcon,
  chart: ChartIcon,
  listChecks: ListChecksIcon,
  edit: EditIcon,
  card: CardIcon,
  pin: PinIcon,
  video: VideoIcon,
  help: HelpIcon,
  award: AwardIcon,
  shield: ShieldIcon,
};

/** Each side-menu entry's icon: the areas' as their manifest entries declare them, then the others'. */
export const MENU_ICONS: Record<MenuKey, IconComponent> = Object.fromEntries(
  [
    ...Object.entries(OTHER_MENU_ENTRIES),
    ...(AREAS as readonly AreaEntry[])
      .flatMap((area) => [area.menu, ...(area.routes ?? []).map((route) => route.menu)])
      .flatMap((menu) => (menu ? [[menu.key, menu.icon]] : [])),
  ].map(([key, icon]) => [key, ICONS[icon as MenuIconName]]),
) as Record<MenuKey, IconComponent>;

/** Icons of the apps panel, one for each name a tile may have (contract/pure/menu.ts). */
export const APP_ICONS: Record<string, IconComponent> = {
  mail: MailIcon,
  moodle: CapIcon,
  library: BookIcon,
  video: VideoIcon,
  calendar: CalendarIcon,
  phone: PhoneIcon,
  docs: FileIcon,
  web: GlobeIcon,
} satisfies Record<(typeof APP_ICON_NAMES)[number], IconComponent>;
