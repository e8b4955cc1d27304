/**
 * The grid's header row: one button per lesson (date and time, the topic when printed; the chosen
 * lesson's also has its menu, LessonMenu.tsx), then each module's subtotal, the final result and the totals.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shortDate } from '../../pivot';
import { COL_WIDTH, type Slot } from './layout';

export interface GridLesson {
  date: string;
  time: number;
  timeName: string;
  topic: string | null;
}

interface Props {
  colSlots: readonly Slot[];
  lessons: readonly GridLesson[];
  lesson: { date: string; time: number };
  onLesson: (date: string, time: number) => void;
  /** The modules whose subtotals follow the lessons (their names). */
  modules: readonly string[];
  /** The grid has the final-result column. */
  final: boolean;
  /** The chosen lesson's menu, in its column's header. */
  lessonMenu?: ReactNode;
}

export function GridHead({ colSlots, lessons, lesson, onLesson, modules, final, lessonMenu }: Props) {
  const { t } = useTranslation('journal');
  const cols = lessons.length;
  let at = cols + 2;
  return (
    <thead>
      <tr aria-rowindex={1}>
        <th scope="col" className="jg-name jg-corner" aria-colindex={1}>
          {t('grid.student')}
        </th>
        {colSlots.map((slot) => {
          if ('gap' in slot)
            return <th key={slot.key} className="jg-gap" aria-hidden="true" style={{ width: slot.gap * COL_WIDTH, minWidth: slot.gap * COL_WIDTH }} />;
          const l = lessons[slot.index];
          const on = l.date === lesson.date && l.time === lesson.time;
          return (
            <th
              key={`${l.date}|${l.time}`}
              scope="col"
              aria-colindex={slot.index + 2}
              className={`jg-date${on ? ' jg-date-on' : ''}`}
              title={l.topic ?? undefined}
            >
              <button type="button" className="jg-date-btn" tabIndex={-1} aria-pressed={on} onClick={() => onLesson(l.date, l.time)}>
                <span>{shortDate(l.date)}</span>
                <span className="jg-time">{l.timeName}</span>
              </button>
              {l.topic ? <span className="jg-topic-print">{l.topic}</span> : null}
              {on ? lessonMenu : null}
            </th>
          );
        })}
        {modules.map((name) => {
          const long = t('grid.moduleLong', { module: name });
          return (
            <th key={`m-${at}`} scope="col" className="jg-module-head" aria-colindex={at++} title={long} aria-label={long}>
              {name}
            </th>
          );
        })}
        {final ? (
          <th scope="col" className="jg-final-head" aria-colindex={at++} title={t('grid.finalLong')} aria-label={t('grid.finalLong')}>
            {t('grid.final')}
          </th>
        ) : null}
        <th scope="col" className="jg-total-head" aria-colindex={at++}>
          {t('grid.nb')}
        </th>
        <th scope="col" className="jg-total-head" aria-colindex={at++}>
          {t('grid.sum')}
        </th>
        <th scope="col" className="jg-total-head" aria-colindex={at++} title={t('grid.averageLong')}>
          {t('grid.average')}
        </th>
        <th scope="col" className="jg-total-head" aria-colindex={at++} title={t('grid.meanLong')}>
          {t('grid.mean')}
        </th>
      </tr>
    </thead>
  );
}
