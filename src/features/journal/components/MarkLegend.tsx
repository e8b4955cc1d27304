/**
 * The signs a cell takes, in one short line: +, н/б and ув and the journal's marks. The teacher's
 * grid adds the Latin-keyboard key of each sign; the student's own journal reads them only.
 */
import { useTranslation } from 'react-i18next';
import { SCALES, type MarkScale } from '../journal.api';

export function MarkLegend({ scale, keys = true }: { scale?: MarkScale; keys?: boolean }) {
  const { t } = useTranslation('journal');
  return (
    <p className="journal-legend muted small" data-testid="mark-legend">
      <span>{t('legend.title')}</span> <span>{t('legend.present')}</span> · <span>{t(keys ? 'legend.absentKey' : 'legend.absent')}</span> ·{' '}
      <span>{t(keys ? 'legend.excusedKey' : 'legend.excused')}</span>
      {scale ? (
        <>
          {' '}
          · <span>{t('legend.marks', SCALES[scale])}</span>
        </>
      ) : null}
    </p>
  );
}
