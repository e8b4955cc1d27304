import { useTranslation } from 'react-i18next';
import type { RegInfo } from '@contract/registration';
import { formatDate, formatZonedDateTime } from '@lib/dates';
import { useAppSelector } from '@shared/hooks';
import { selectTimeZone } from '@shared/settings/settings';

/**
 * Whether the half-year's registration is open: until when, or, before its opening, when it opens
 * (day and time on the university's clock); closed otherwise.
 */
export function PeriodState({ info }: { info: RegInfo }) {
  const { t, i18n } = useTranslation('registration');
  const timeZone = useAppSelector(selectTimeZone);
  if (info.open && info.closesAt) return <>{t('info.open', { date: formatDate(info.closesAt, i18n.resolvedLanguage) })}</>;
  // Not open, with its opening still to come: it opens then.
  if (info.opensAt !== null && Date.parse(info.opensAt) > Date.now())
    return <>{t('info.opens', { date: formatZonedDateTime(info.opensAt, i18n.resolvedLanguage, timeZone) })}</>;
  return <>{t('info.closed')}</>;
}
