/**
 * The journal's grid: students against lessons, worked like a spreadsheet with the keyboard alone.
 * Arrows move; typing replaces the mark; Enter saves and moves down; Tab moves right; Escape
 * cancels; Delete clears; a column copied from Excel or LibreOffice pastes down from the active
 * cell. Names stay on the left and dates on top while scrolling. Each cell shows its own state
 * (saving, failed) until the server answers; rows re-render only when their own cells change.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { JournalStudent } from '../../../../contract/visitlog';
import type { CellEdit, CellWrite } from '../journal.slice';
import { cellKey, pastedColumn, readMark, shortDate, showMark, storedFrom, totalsOf } from '../pivot';

export interface GridLesson {
  date: string;
  time: number;
  timeName: string;
  topic: string | null;
}

interface Props {
  students: readonly JournalStudent[];
  lessons: readonly GridLesson[];
  marks: Readonly<Record<string, string | null>>;
  edits: Readonly<Record<string, CellEdit>>;
  /** The lesson in focus (its column is highlighted). */
  lesson: { date: string; time: number };
  onWrite: (write: CellWrite) => void;
  onPaste: (cells: CellWrite[]) => void;
  onLesson: (date: string, time: number) => void;
  onActive: (cell: { student: number; date: string; time: number } | null) => void;
  /** A typed or pasted value that is not a mark (null: the message is gone). */
  onInvalid: (invalid: boolean) => void;
}

type CellState = 'saving' | 'failed' | undefined;

interface RowProps {
  index: number;
  student: JournalStudent;
  /** The first student of another group (a new printed page). */
  groupStart: boolean;
  values: readonly string[];
  states: readonly CellState[];
  totals: { nb_Count: number; ball_Count: number; ball_average: number };
  activeCol: number;
  editing: string | null;
  onCellClick: (row: number, col: number) => void;
  onDraft: (value: string) => void;
}

const sameArray = <T,>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const Row = memo(
  function Row({ index, student, groupStart, values, states, totals, activeCol, editing, onCellClick, onDraft }: RowProps) {
    const { t } = useTranslation('journal');
    return (
      <tr className={groupStart ? 'jg-group-start' : undefined}>
        <th scope="row" className="jg-name">
          <span className="jg-no">{index + 1}.</span> {student.s_fio}
        </th>
        {values.map((v, c) => {
          const active = c === activeCol;
          const state = states[c];
          return (
            <td
              key={c}
              role="gridcell"
              tabIndex={active ? 0 : -1}
              data-row={index}
              data-col={c}
              aria-selected={active}
              aria-busy={state === 'saving' || undefined}
              aria-invalid={state === 'failed' || undefined}
              className={`jg-cell${active ? ' jg-active' : ''}${state ? ` jg-${state}` : ''}${v === 'н/б' ? ' jg-absent' : ''}`}
              title={state === 'saving' ? t('grid.saving') : state === 'failed' ? t('grid.failed') : undefined}
              onClick={() => onCellClick(index, c)}
            >
              {active && editing !== null ? (
                <input className="jg-input" aria-label={t('grid.cellInput', { name: student.s_fio })} value={editing} onChange={(e) => onDraft(e.target.value)} maxLength={8} />
              ) : (
                <>
                  {v}
                  {state === 'failed' ? <span className="jg-flag" aria-hidden="true">!</span> : null}
                </>
              )}
            </td>
          );
        })}
        <td className="jg-total">{totals.nb_Count}</td>
        <td className="jg-total">{totals.ball_Count}</td>
        <td className="jg-total">{totals.ball_average.toFixed(2)}</td>
      </tr>
    );
  },
  (a, b) =>
    a.index === b.index &&
    a.student === b.student &&
    a.groupStart === b.groupStart &&
    a.activeCol === b.activeCol &&
    a.editing === b.editing &&
    a.totals.ball_Count === b.totals.ball_Count &&
    a.totals.nb_Count === b.totals.nb_Count &&
    a.totals.ball_average === b.totals.ball_average &&
    a.onCellClick === b.onCellClick &&
    a.onDraft === b.onDraft &&
    sameArray(a.values, b.values) &&
    sameArray(a.states, b.states),
);

export function JournalGrid({ students, lessons, marks, edits, lesson, onWrite, onPaste, onLesson, onActive, onInvalid }: Props) {
  const { t } = useTranslation('journal');
  const [pos, setPos] = useState({ row: 0, col: Math.max(0, lessons.length - 1) });
  const [editing, setEditing] = useState<string | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  /** The grid is in use: focus stays in it when the cell's input comes and goes. */
  const engaged = useRef(false);
  const rows = students.length;
  const cols = lessons.length;
  const row = Math.min(pos.row, Math.max(0, rows - 1));
  const col = Math.min(pos.col, Math.max(0, cols - 1));

  const data = useMemo(
    () =>
      students.map((s) => {
        const values: string[] = [];
        const states: CellState[] = [];
        const stored: (string | null)[] = [];
        for (const l of lessons) {
          const key = cellKey(s.id_student, l.date, l.time);
          const edit = edits[key];
          const mark = edit ? storedFrom(edit.written) : key in marks ? marks[key] : undefined;
          values.push(edit ? (edit.written ?? '') : showMark(mark));
          states.push(edit?.status);
          if (mark !== undefined) stored.push(mark);
        }
        return { values, states, totals: totalsOf(stored) };
      }),
    [students, lessons, marks, edits],
  );

  const current = useMemo(
    () => (rows && cols ? { student: students[row].id_student, date: lessons[col].date, time: lessons[col].time } : null),
    [rows, cols, students, lessons, row, col],
  );
  useEffect(() => {
    onActive(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reported when the active cell changes
  }, [current?.student, current?.date, current?.time]);

  /** Focus follows the active cell (the input while editing). */
  useEffect(() => {
    const table = tableRef.current;
    if (!table || !engaged.current) return;
    const cell = table.querySelector<HTMLElement>(`td[data-row="${row}"][data-col="${col}"]`);
    const target = editing !== null ? cell?.querySelector('input') : cell;
    if (target && document.activeElement !== target) target.focus();
  }, [row, col, editing]);

  const move = useCallback(
    (dr: number, dc: number) => {
      setPos({ row: Math.max(0, Math.min(rows - 1, row + dr)), col: Math.max(0, Math.min(cols - 1, col + dc)) });
    },
    [row, col, rows, cols],
  );

  /** Saves what was typed in the active cell; false when it is not a mark (the text stays). */
  const commit = useCallback((): boolean => {
    if (editing === null || !current) return true;
    const mark = readMark(editing);
    if (mark === 'invalid') {
      onInvalid(true);
      return false;
    }
    onInvalid(false);
    if (mark !== data[row].values[col] && !(mark === null && data[row].values[col] === '')) onWrite({ ...current, written: mark });
    setEditing(null);
    return true;
  }, [editing, current, data, row, col, onWrite, onInvalid]);

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (!current) return;
    if ((e.target as HTMLElement).tagName === 'BUTTON') return;
    if (editing !== null) {
      if (e.key === 'Escape') {
        e.preventDefault();
        setEditing(null);
        onInvalid(false);
      } else if (e.key === 'Enter' || e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        if (commit()) move(e.key === 'ArrowUp' ? -1 : 1, 0);
      } else if (e.key === 'Tab') {
        if (!commit()) return e.preventDefault();
        const dc = e.shiftKey ? -1 : 1;
        if (col + dc >= 0 && col + dc < cols) {
          e.preventDefault();
          move(0, dc);
        }
      }
      return;
    }
    switch (e.key) {
      case 'ArrowUp':
        e.preventDefault();
        return move(-1, 0);
      case 'ArrowDown':
        e.preventDefault();
        return move(1, 0);
      case 'ArrowLeft':
        e.preventDefault();
        return move(0, -1);
      case 'ArrowRight':
        e.preventDefault();
        return move(0, 1);
      case 'Home':
        e.preventDefault();
        return setPos({ row: e.ctrlKey ? 0 : row, col: 0 });
      case 'End':
        e.preventDefault();
        return setPos({ row: e.ctrlKey ? rows - 1 : row, col: cols - 1 });
      case 'Tab': {
        const dc = e.shiftKey ? -1 : 1;
        if (col + dc >= 0 && col + dc < cols) {
          e.preventDefault();
          move(0, dc);
        }
        return;
      }
      case 'Enter':
      case 'F2':
        e.preventDefault();
        return setEditing(data[row].values[col]);
      case 'Delete':
      case 'Backspace':
        e.preventDefault();
        if (data[row].values[col] !== '') onWrite({ ...current, written: null });
        return;
      default:
        if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
          e.preventDefault();
          setEditing(e.key);
        }
    }
  };

  const onPasteEvent = (e: ClipboardEvent<HTMLTableElement>) => {
    if (!current || editing !== null) return;
    const values = pastedColumn(e.clipboardData.getData('text/plain'));
    if (values.length === 0) return;
    e.preventDefault();
    const cells: CellWrite[] = [];
    for (let i = 0; i < values.length && row + i < rows; i++) {
      const mark = readMark(values[i]);
      if (mark === 'invalid') {
        onInvalid(true);
        return;
      }
      cells.push({ student: students[row + i].id_student, date: current.date, time: current.time, written: mark });
    }
    onInvalid(false);
    onPaste(cells);
  };

  const onCellClick = useCallback(
    (r: number, c: number) => {
      if (editing !== null && !commit()) return;
      setPos({ row: r, col: c });
    },
    [editing, commit],
  );
  const onDraft = useCallback((v: string) => setEditing(v), []);

  if (rows === 0) return <p className="muted">{t('grid.noStudents')}</p>;

  return (
    <div className="jg-wrap" role="region" aria-label={t('grid.region')} tabIndex={-1}>
      <table
        ref={tableRef}
        className="jg"
        role="grid"
        aria-rowcount={rows + 1}
        aria-colcount={cols + 4}
        onKeyDown={onKeyDown}
        onPaste={onPasteEvent}
        onFocus={() => (engaged.current = true)}
        onBlur={(e) => {
          if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) engaged.current = false;
        }}
      >
        <thead>
          <tr>
            <th scope="col" className="jg-name jg-corner">
              {t('grid.student')}
            </th>
            {lessons.map((l) => {
              const on = l.date === lesson.date && l.time === lesson.time;
              return (
                <th key={`${l.date}|${l.time}`} scope="col" className={`jg-date${on ? ' jg-date-on' : ''}`} title={l.topic ?? undefined}>
                  <button type="button" className="jg-date-btn" tabIndex={-1} aria-pressed={on} onClick={() => onLesson(l.date, l.time)}>
                    <span>{shortDate(l.date)}</span>
                    <span className="jg-time">{l.timeName}</span>
                  </button>
                </th>
              );
            })}
            <th scope="col" className="jg-total-head">
              {t('grid.nb')}
            </th>
            <th scope="col" className="jg-total-head">
              {t('grid.sum')}
            </th>
            <th scope="col" className="jg-total-head">
              {t('grid.average')}
            </th>
          </tr>
        </thead>
        <tbody>
          {students.map((s, r) => (
            <Row
              key={s.id_student}
              index={r}
              student={s}
              groupStart={r > 0 && students[r - 1].group !== s.group}
              values={data[r].values}
              states={data[r].states}
              totals={data[r].totals}
              activeCol={r === row ? col : -1}
              editing={r === row ? editing : null}
              onCellClick={onCellClick}
              onDraft={onDraft}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
