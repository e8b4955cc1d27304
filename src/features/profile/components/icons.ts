import { type IconComponent } from '../../../components/icons';
import { AwardIcon, BookIcon, BookOpenIcon, BriefcaseIcon, CalendarIcon, CapIcon, CardIcon, ChartIcon, CheckSquareIcon, ClipboardIcon, EditIcon, FileIcon, GlobeIcon, HelpIcon, IdCardIcon, LayersIcon, ListChecksIcon, MailIcon, PhoneIcon, PinIcon, QrIcon, VideoIcon } from '../../../components/shellIcons';
import type { MenuKey } from '../../../lib/menu';

export const MENU_ICONS: Record<MenuKey, IconComponent> = {
  schedule: CalendarIcon,
  gradingSheet: ClipboardIcon,
  documents: FileIcon,
  personalCard: IdCardIcon,
  journal: BookOpenIcon,
  umk: LayersIcon,
  library: BookIcon,
  testing: CheckSquareIcon,
  workload: BriefcaseIcon,
  rating: ChartIcon,
  questionnaire: ListChecksIcon,
  registration: EditIcon,
  paymentCode: CardIcon,
  references: FileIcon,
  rooms: PinIcon,
  webinar: VideoIcon,
  manual: HelpIcon,
  transcript: AwardIcon,
  reportQr: QrIcon,
  studentQr: QrIcon,
};

/** Icons of the apps panel (contract: mail, moodle, library, video, calendar, phone, docs, web). */
export const APP_ICONS: Record<string, IconComponent> = {
  mail: MailIcon,
  moodle: CapIcon,
  library: BookIcon,
  video: VideoIcon,
  calendar: CalendarIcon,
  phone: PhoneIcon,
  docs: FileIcon,
  web: GlobeIcon,
};
