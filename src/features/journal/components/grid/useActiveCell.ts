/**
 * The grid's active cell, held by its identity (student, lesson date and time), never by position: a
 * lesson added before it, a row or column that goes away, leaves it (and its open editor) on the same
 * student and lesson. `row`/`col` are where it was last seen, the fallback when it is gone. The lesson
 * chosen outside the grid (the lesson bar, a date's header, a lesson just added) takes it to that
 * lesson's column, on the same student.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { JournalStudent } from '../../../../../contract/journal';
import { lessonKey } from '../../pivot';
import type { GridLesson } from './GridHead';

interface ActiveCell {
  student: number | null;
  /** lessonKey(date, time) */
  lesson: string | null;
  row: number;
  col: number;
}

export type CellPlace = { student: number; date: string; time: number };

interface Args {
  students: readonly JournalStudent[];
  lessons: readonly GridLesson[];
  lesson: { date: string; time: number };
  editing: string | null;
  onActive: (cell: CellPlace | null) => void;
}

export function useActiveCell({ students, lessons, lesson, editing, onActive }: Args) {
  const [pos, setActiveCell] = useState<ActiveCell>({ student: null, lesson: null, row: 0, col: Number.MAX_SAFE_INTEGER });
  const rows = students.length;
  const cols = lessons.length;
  const rowOf = useMemo(() => new Map(students.map((s, i) => [s.id_student, i])), [students]);
  const colOf = useMemo(() => new Map(lessons.map((l, i) => [lessonKey(l.date, l.time), i])), [lessons]);
  const row = (pos.student !== null ? rowOf.get(pos.student) : undefined) ?? Math.min(pos.row, Math.max(0, rows - 1));
  const col = (pos.lesson !== null ? colOf.get(pos.lesson) : undefined) ?? Math.min(pos.col, Math.max(0, cols - 1));
  /** Makes the cell at (r, c) the active one, by its identity. */
  const setPos = useCallback(
    (r: number, c: number) => {
      const s = students[r];
      const l = lessons[c];
      setActiveCell({ student: s ? s.id_student : null, lesson: l ? lessonKey(l.date, l.time) : null, row: r, col: c });
    },
    [students, lessons],
  );

  const current = useMemo<CellPlace | null>(
    () => (rows && cols ? { student: students[row].id_student, date: lessons[col].date, time: lessons[col].time } : null),
    [rows, cols, students, lessons, row, col],
  );
  useEffect(() => {
    // The cell shown active is held by its identity from now on (also when it was found by position).
    if (current) {
      const key = lessonKey(current.date, current.time);
      if (pos.student !== current.student || pos.lesson !== key) setActiveCell({ student: current.student, lesson: key, row, col });
    }
    onActive(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reported when the active cell changes
  }, [current?.student, current?.date, current?.time]);

  useEffect(() => {
    const c = colOf.get(lessonKey(lesson.date, lesson.time));
    if (c !== undefined && c !== col && editing === null) setPos(row, c);
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
