/**
 * The student's own journal: each discipline and lesson type with its dates, marks, absences, sum,
 * mean mark and average per lesson attended, under the legend of the signs (н/б, ув) its marks use.
 */
import './studentJournal.css';
import { useTranslation } from 'react-i18next';
import type { StudentJournalItem } from '@contract/journal';
import { shortDate, showFinal, showMark, showMean } from '../pivot';
import { MarkLegend } from './MarkLegend';

export function StudentJournal({ items }: { items: readonly StudentJournalItem[] }) {
  const { t } = useTranslation('journal');
  if (items.length === 0) return <p className="muted">{t('student.empty')}</p>;
  return (
    <div className="sj-list">
      <MarkLegend keys={false} />
      {items.map((item) => (
        <section key={item.id_journal} className="card sj-card" aria-labelledby={`sj-${item.id_journal}`}>
          <h2 id={`sj-${item.id_journal}`} className="sj-title">
            {item.discipline} <span className="muted">· {item.vid_zaniatiy}</span>
          </h2>
          <p className="muted sj-teacher">{item.teacher}</p>
          <dl className="sj-totals">
            <div>
              <dt>{t('grid.nbLong')}</dt>
              <dd>{item.nb_Count}</dd>
            </div>
            <div>
              <dt>{t('grid.sum')}</dt>
              <dd>{item.ball_Count}</dd>
            </div>
            <div>
              <dt>{t('grid.meanLong')}</dt>
              <dd>{showMean(item.ball_mean)}</dd>
            </div>
            <div>
              <dt>{t('grid.averageLong')}</dt>
              <dd>{item.ball_average.toFixed(2)}</dd>
            </div>
            {item.modules.map((m) => (
              <div key={m.id_module}>
                <dt>{t('grid.moduleLong', { module: m.module })}</dt>
                <dd>
                  {m.ball_average.toFixed(2)} / {showMean(m.ball_mean)}
                </dd>
              </div>
            ))}
            {item.final ? (
              <div>
                <dt>{t('grid.finalLong')}</dt>
                <dd>{showFinal(item.final)}</dd>
              </div>
            ) : null}
          </dl>
          <ul className="sj-marks" aria-label={t('student.marks')}>
            {item.visits.map((v) => (
              <li key={`${v.visitDate}|${v.id_time}`} className={v.otsenka === 'н/б' ? 'sj-absent' : undefined}>
                <span className="sj-date">{shortDate(v.visitDate)}</span>
                <span className="sj-mark">{showMark(v.otsenka)}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
