/**
 * Marking one lesson by touch (the journal on a phone): the lesson is picked (today's by default),
 * then each student is a row of large buttons for present, absent, excused and the marks. A tap
 * writes the cell as the grid does (the same save, rules and history); each row shows its own state
 * (saving, failed) until the server answers, and opens the cell's history.
 */
import './lessonMarking.css';
import { memo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { JournalStudent, MarkScale } from '@contract/journal';
import { ABSENT, EXCUSED, PRESENT, SCALES } from '../journal.api';
import { describeFailure } from '@shared/request/errors';
import { canRetry, type CellEdit, type CellWrite, type Lesson } from '../journal.slice';
import { cellKey, lessonKey, readMark, shortDate, showMark } from '../pivot';
import type { GridLesson } from './JournalGrid';
import { PendingMark } from './PendingMark';
import { PhoneFinal } from './PhoneFinal';
import type { useFinals } from './useFinals';

type Finals = ReturnType<typeof useFinals>['finals'];

/** The values a tap writes: present, absent, excused, then the marks of the 2–5 scale. */
export const TAP_VALUES = [PRESENT, ABSENT, EXCUSED, '2', '3', '4', '5'] as const;
/** A 0–100 journal taps attendance; its points are typed in a number field of the row. */
const ATTENDANCE_VALUES = [PRESENT, ABSENT, EXCUSED] as const;

interface Props {
  students: readonly JournalStudent[];
  lessons: readonly GridLesson[];
  marks: Readonly<Record<string, string | null>>;
  edits: Readonly<Record<string, CellEdit>>;
  /** The lesson being marked (the lesson bar's). */
  lesson: Lesson;
  onLesson: (date: string, time: number) => void;
  onWrite: (write: CellWrite) => void;
  onHistory: (cell: CellWrite) => void;
  /** The journal's mark scale: the buttons of a 2–5 journal, a number field for 0–100. */
  scale?: MarkScale;
  /** The final results (stored, being written, the write): each student's row ends with his (PhoneFinal) when shown. */
  finals?: Finals;
  /** Today's lessons of the teacher's timetable that are not in the journal yet: offered at the top. */
  today?: readonly GridLesson[];
  /** What acts on the lesson (add it, mark all present, undo), between the lesson and the students. */
  actions?: ReactNode;
  /** The lesson's menu (LessonMenu.tsx), beside its choice. */
  lessonMenu?: ReactNode;
}

interface RowProps {
  index: number;
  student: JournalStudent;
  lesson: Lesson;
  value: string;
  /** saving, failed (refused), pending (kept in the outbox, sent again when the server answers). */
  state: CellEdit['status'] | 'pending' | undefined;
  /** Why the row's save failed, in the user's language. */
  reason: string;
  scale: MarkScale;
  onWrite: (write: CellWrite) => void;
  onHistory: (cell: CellWrite) => void;
  /** The row's final result (none without the column). */
  final?: ReactNode;
}

const MarkRow = memo(function MarkRow({ index, student, lesson, value, state, reason, scale, onWrite, onHistory, final }: RowProps) {
  const { t } = useTranslation('journal');
  const id = `lm-name-${student.id_student}`;
  const values = scale === '0-100' ? ATTENDANCE_VALUES : TAP_VALUES;
  const points = scale === '0-100' && /^\d+$/.test(value) ? value : '';
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const write = (v: string) => {
    if (value !== v) onWrite({ student: student.id_student, date: lesson.date, time: lesson.time, written: v });
  };
  const commitPoints = () => {
    if (draft === null) return;
    const mark = readMark(draft, scale);
    if (mark === 'invalid' || mark === null) {
      setInvalid(draft.trim() !== '');
      return;
    }
    setInvalid(false);
    setDraft(null);
    write(mark);
  };
  return (
    <li className={`lm-row${state ? ` lm-${state}` : ''}`} aria-labelledby={id} aria-busy={state === 'saving' || undefined} data-state={state}>
      <div className="lm-head">
        <span id={id} className="lm-name">
          <span className="jg-no">{index + 1}.</span> {student.s_fio}
        </span>
        <span className="lm-state" role={state === 'failed' ? 'alert' : undefined}>
          {state === 'saving' ? (
            t('grid.saving')
          ) : state === 'pending' ? (
            <PendingMark />
          ) : state === 'failed' ? (
            reason
          ) : invalid ? (
            t('cm:errors.INVALID_MARK', SCALES[scale])
          ) : null}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-small lm-history"
          aria-label={`${t('toolbar.history')}: ${student.s_fio}`}
          onClick={() => onHistory({ student: student.id_student, date: lesson.date, time: lesson.time, written: null })}
        >
          {t('toolbar.history')}
        </button>
      </div>
      <div className="lm-buttons" role="group" aria-labelledby={id}>
        {values.map((v) => (
          <button
            key={v}
            type="button"
            className={`lm-btn${v === ABSENT ? ' lm-absent' : ''}`}
            aria-pressed={value === v}
            aria-label={`${v} (${t(`phone.value.${v === PRESENT ? 'present' : v === ABSENT ? 'absent' : v === EXCUSED ? 'excused' : 'mark'}`, { mark: v })})`}
            onClick={() => write(v)}
          >
            {v}
          </button>
        ))}
        <button
          type="button"
          className="lm-btn lm-clear"
          disabled={value === ''}
          aria-label={t('phone.clear', { name: student.s_fio })}
          title={t('phone.clear', { name: student.s_fio })}
          onClick={() => onWrite({ student: student.id_student, date: lesson.date, time: lesson.time, written: null })}
        >
          ×
        </button>
        {scale === '0-100' ? (
          <input
            className="input lm-points"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            aria-label={t('grid.cellInput', { name: student.s_fio })}
            aria-invalid={invalid || undefined}
            value={draft ?? points}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={commitPoints}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commitPoints();
            }}
          />
        ) : null}
      </div>
      {final}
    </li>
  );
});

export function LessonMarking(props: Props) {
  const { students, lessons, marks, edits, lesson, onLesson, onWrite, onHistory, scale = '2-5', finals, today = [], actions, lessonMenu } = props;
  const { t } = useTranslation('journal');
  const key = lessonKey(lesson.date, lesson.time);
  const offered = [...today, ...lessons];
  const chosen = offered.some((l) => lessonKey(l.date, l.time) === key);
  /** The final results are typed when asked for: folded, they stay out of the way of marking. */
  const [finalsShown, setFinalsShown] = useState(false);
  return (
    <section className="lm" aria-labelledby="lm-title">
      <h3 id="lm-title" className="sr-only">
        {t('phone.title')}
      </h3>
      <div className="field">
        <label htmlFor="lm-lesson">{t('phone.lesson')}</label>
        <div className="lm-lesson-row">
          <select
            id="lm-lesson"
            className="input"
            value={chosen ? key : ''}
            onChange={(e) => {
              const l = offered.find((x) => lessonKey(x.date, x.time) === e.target.value);
              if (l) onLesson(l.date, l.time);
            }}
          >
            {chosen ? null : <option value="">{t('phone.choose')}</option>}
            {today.map((l) => (
              <option key={lessonKey(l.date, l.time)} value={lessonKey(l.date, l.time)}>
                {t('phone.todayLesson', { time: l.timeName })}
              </option>
            ))}
            {lessons.map((l) => (
              <option key={lessonKey(l.date, l.time)} value={lessonKey(l.date, l.time)}>
                {shortDate(l.date)} · {l.timeName}
                {l.topic ? ` · ${l.topic}` : ''}
              </option>
            ))}
          </select>
          {lessonMenu}
        </div>
      </div>
      {actions}
      {chosen && finals ? (
        <button type="button" className="btn btn-ghost btn-small lm-finals-toggle" aria-pressed={finalsShown} onClick={() => setFinalsShown((v) => !v)}>
          {t('phone.finals')}
        </button>
      ) : null}
      {chosen ? (
        <ol className="lm-list">
          {students.map((s, i) => {
            const k = cellKey(s.id_student, lesson.date, lesson.time);
            const edit = edits[k];
            const value = edit ? (edit.written ?? '') : showMark(k in marks ? marks[k] : undefined);
            // A write the server did not answer waits in the outbox: pending, as in the grid, not failed.
            const state = edit?.status === 'failed' && canRetry(edit.error) ? 'pending' : edit?.status;
            const reason = state === 'failed' ? describeFailure(t, edit?.error ?? null) || t('grid.failed') : '';
            return (
              <MarkRow
                key={s.id_student}
                index={i}
                student={s}
                lesson={lesson}
                value={value}
                state={state}
                reason={reason}
                scale={scale}
                onWrite={onWrite}
                onHistory={onHistory}
                final={
                  finals && finalsShown ? (
                    <PhoneFinal
                      student={s.id_student}
                      name={s.s_fio}
                      stored={finals.stored[s.id_student]}
                      edit={finals.edits[s.id_student]}
                      onWrite={finals.onWrite}
                    />
                  ) : undefined
                }
              />
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}
