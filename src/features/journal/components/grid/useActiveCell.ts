/**
 * The grid's active cell, held by its identity (student, lesson date and time), never by position: a
 * lesson added before it, a row or column that goes away, leaves it (and its open editor) on the same
 * student and lesson. `row`/`col` are where it was last seen, the fallback when it is gone. The lesson
 * chosen outside the grid (the lesson bar, a date's header, a lesson just added) takes it to that
 * lesson's column, on the same student.
 *
 * The active cell is reported with whether the teacher moved it there (a click, the keys) rather
 * than the grid (placed first, kept while rows or lessons arrive, the lesson bar's lesson followed):
 * only the teacher's own move makes its lesson the lesson in focus, so the grid following the lesson
 * bar never sends an older lesson back to it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { JournalStudent } from '@contract/journal';
import { lessonKey } from '../../pivot';
import type { GridLesson } from './GridHead';

interface ActiveCell {
  student: number | null;
  /** lessonKey(date, time) */
  lesson: string | null;
  row: number;
  col: number;
}

/** A cell: a student's lesson, or (final: true, no lesson) his final result. */
export type CellPlace = { student: number; date: string; time: number; final?: boolean };

/** The final-result column's key in place of a lesson's. */
export const FINAL_COL = 'final';
const placeKey = (c: CellPlace) => (c.final ? FINAL_COL : lessonKey(c.date, c.time));

interface Args {
  students: readonly JournalStudent[];
  lessons: readonly GridLesson[];
  lesson: { date: string; time: number };
  editing: string | null;
  /** `moved`: by the teacher himself (a click, the keys). */
  onActive: (cell: CellPlace | null, moved: boolean) => void;
  /** The final-result column follows the lessons (the last column the keys reach). */
  finalCol: boolean;
}

export function useActiveCell({ students, lessons, lesson, editing, onActive, finalCol }: Args) {
  const [pos, setActiveCell] = useState<ActiveCell>({ student: null, lesson: null, row: 0, col: Number.MAX_SAFE_INTEGER });
  const rows = students.length;
  const lessonCols = lessons.length;
  /** The columns the keys move over: the lessons, then the final result. */
  const cols = lessonCols + (finalCol ? 1 : 0);
  const rowOf = useMemo(() => new Map(students.map((s, i) => [s.id_student, i])), [students]);
  const colOf = useMemo(() => {
    const map = new Map(lessons.map((l, i) => [lessonKey(l.date, l.time), i]));
    if (finalCol) map.set(FINAL_COL, lessons.length);
    return map;
  }, [lessons, finalCol]);
  const row = (pos.student !== null ? rowOf.get(pos.student) : undefined) ?? Math.min(pos.row, Math.max(0, rows - 1));
  // Found by position (at first, or when its lesson is gone): the nearest lesson, the latest at first; the final result only without lessons.
  const col = (pos.lesson !== null ? colOf.get(pos.lesson) : undefined) ?? Math.min(pos.col, Math.max(0, (lessonCols || cols) - 1));
  /** The cell the teacher moved to last, until it is reported. */
  const movedTo = useRef<{ student: number | null; lesson: string | null } | null>(null);
  /** Makes the cell at (r, c) the active one, by its identity; `moved`: the teacher's own move. */
  const place = useCallback(
    (r: number, c: number, moved: boolean) => {
      const s = students[r];
      const l = lessons[c];
      const key = l ? lessonKey(l.date, l.time) : finalCol && c === lessons.length ? FINAL_COL : null;
      const student = s ? s.id_student : null;
      movedTo.current = moved ? { student, lesson: key } : null;
      setActiveCell({ student, lesson: key, row: r, col: c });
    },
    [students, lessons, finalCol],
  );

  const current = useMemo<CellPlace | null>(
    () =>
      !rows || !cols
        ? null
        : col >= lessonCols
          ? { student: students[row].id_student, date: '', time: -1, final: true }
          : { student: students[row].id_student, date: lessons[col].date, time: lessons[col].time },
    [rows, cols, lessonCols, students, lessons, row, col],
  );
  /** The teacher moves the active cell to (r, c): a click, the keys. A click on the active cell itself makes its lesson the one in focus again. */
  const setPos = useCallback(
    (r: number, c: number) => {
      if (current && students[r]?.id_student === current.student && c === col) onActive(current, true);
      else place(r, c, true);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onActive is the caller's, read when the teacher moves
    [place, current, students, col],
  );

  useEffect(() => {
    // The cell shown active is held by its identity from now on (also when it was found by position).
    let moved = false;
    if (current) {
      const key = placeKey(current);
      if (pos.student !== current.student || pos.lesson !== key) setActiveCell({ student: current.student, lesson: key, row, col });
      moved = movedTo.current?.student === current.student && movedTo.current.lesson === key;
    }
    movedTo.current = null;
    onActive(current, moved);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reported when the active cell changes
  }, [current?.student, current?.date, current?.time]);

  useEffect(() => {
    const c = colOf.get(lessonKey(lesson.date, lesson.time));
    if (c !== undefined && c !== col && editing === null && !current?.final) place(row, c, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the chosen lesson and the set of lessons move it
  }, [lesson.date, lesson.time, colOf]);

  const move = useCallback(
    (dr: number, dc: number) => {
      setPos(Math.max(0, Math.min(rows - 1, row + dr)), Math.max(0, Math.min(cols - 1, col + dc)));
    },
    [row, col, rows, cols, setPos],
  );

  return { row, col, current, setPos, move };
}
