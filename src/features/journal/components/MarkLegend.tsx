/** The signs a cell takes, in one short line: +, н/б and ув (with their Latin-keyboard keys) and the journal's marks. */
import { useTranslation } from 'react-i18next';
import { SCALES, type MarkScale } from '../../../api/journal';

export function MarkLegend({ scale }: { scale: MarkScale }) {
  const { t } = useTranslation('journal');
  return (
    <p className="journal-legend muted small">
      <span>{t('legend.title')}</span> <span>{t('legend.present')}</span> · <span>{t('legend.absent')}</span> · <span>{t('legend.excused')}</span> ·{' '}
      <span>{t('legend.marks', SCALES[scale])}</span>
    </p>
  );
}
