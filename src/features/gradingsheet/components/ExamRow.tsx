/**
 * One student's line of the sheet's table (ExamGrid): drawn again only when what it shows changes,
 * so that typing into one cell or a reply that changed one line does not redraw the others.
 */
import { memo, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { TFunction } from 'i18next';
import type { SheetGrade, SheetLine } from '@contract/gradingsheet';
import { gradeOf, parseExam } from './grade';

/** What a line's cells do, the same object for every line and every drawing. */
export interface RowActions {
  cell(id: number, el: HTMLInputElement | null): void;
  draft(id: number, text: string): void;
  commit(id: number): void;
  key(e: KeyboardEvent<HTMLInputElement>, id: number): void;
  paste(e: ClipboardEvent<HTMLInputElement>, id: number): void;
  resit(id: number): void;
  openSheet(id: number): void;
}

interface Props {
  line: SheetLine;
  index: number;
  /** The exam cell's text: what is typed, else the stored points. */
  text: string;
  sheet: { canWrite: boolean; canResit: boolean; attempt: number; examMax: number };
  grades: readonly SheetGrade[];
  actions: RowActions;
  t: TFunction<'gradingsheet'>;
}

const sameLine = (a: SheetLine, b: SheetLine) =>
  a === b ||
  (a.id_student === b.id_student &&
    a.fio === b.fio &&
    a.modulePoints === b.modulePoints &&
    a.admitted === b.admitted &&
    a.left === b.left &&
    a.exam === b.exam &&
    a.total === b.total &&
    a.letter === b.letter &&
    a.word === b.word &&
    a.passed === b.passed &&
    a.resitId === b.resitId &&
    a.modules.length === b.modules.length &&
    a.modules.every((p, k) => p === b.modules[k]));

const sameRow = (a: Props, b: Props) =>
  a.index === b.index &&
  a.text === b.text &&
  a.sheet.canWrite === b.sheet.canWrite &&
  a.sheet.canResit === b.sheet.canResit &&
  a.sheet.attempt === b.sheet.attempt &&
  a.sheet.examMax === b.sheet.examMax &&
  a.grades === b.grades &&
  a.actions === b.actions &&
  a.t === b.t &&
  sameLine(a.line, b.line);

export const ExamRow = memo(function ExamRow({ line: l, index, text, sheet, grades, actions, t }: Props) {
  const typed = parseExam(text, sheet.examMax);
  const invalid = typed === 'invalid';
  const exam = invalid ? null : typed;
  const total = l.admitted ? (exam === null ? null : l.modulePoints + exam) : l.modulePoints;
  const grade = gradeOf(grades, total);
  const inputId = `gs-exam-${l.id_student}`;
  return (
    <tr data-testid="gs-row" className={grade && !grade.pass ? 'gs-failed' : undefined}>
      <td className="gs-num">{index + 1}</td>
      <th scope="row" className="gs-name">
        {sheet.canWrite && l.admitted && !l.left ? <label htmlFor={inputId}>{l.fio}</label> : l.fio}
        {l.left ? <span className="muted small"> · {t('leftGroup')}</span> : null}
      </th>
      {l.modules.map((p, k) => (
        <td key={k} className="gs-num">
          {p}
        </td>
      ))}
      <td className="gs-num">{l.modulePoints}</td>
      <td className="gs-num gs-exam">
        {!l.admitted ? (
          <span className="muted">{t('notAdmitted')}</span>
        ) : sheet.canWrite && !l.left ? (
          <input
            id={inputId}
            ref={(el) => actions.cell(l.id_student, el)}
            className="input gs-input"
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${inputId}-err` : undefined}
            data-testid="gs-exam"
            value={text}
            onChange={(e) => actions.draft(l.id_student, e.target.value)}
            onBlur={() => actions.commit(l.id_student)}
            onKeyDown={(e) => actions.key(e, l.id_student)}
            onPaste={(e) => actions.paste(e, l.id_student)}
          />
        ) : (
          (l.exam ?? '—')
        )}
        {invalid ? (
          <span id={`${inputId}-err`} className="gs-err">
            {t('examRange', { max: sheet.examMax })}
          </span>
        ) : null}
      </td>
      <td className="gs-num gs-total" data-testid="gs-total">
        {total ?? '—'}
      </td>
      <td data-testid="gs-grade">{grade ? `${grade.letter} · ${grade.word}` : '—'}</td>
      {sheet.canResit ? (
        <td>
          {l.resitId ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => actions.openSheet(l.resitId!)}>
              {t('openResit')}
            </button>
          ) : l.passed === false ? (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => actions.resit(l.id_student)}>
              {sheet.attempt === 1 ? t('makeResit') : t('makeCommission')}
            </button>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}, sameRow);
