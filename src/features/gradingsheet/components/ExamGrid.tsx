/**
 * The sheet's table: per student the module points, the exam points (typed while the sheet is open:
 * Enter moves down, Shift+Enter up, Escape puts the stored value back; a column pasted from a
 * spreadsheet fills the cells from the focused one down in one write), the total, the letter and
 * the grade in words, computed as the teacher types.
 */
import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sheet } from '@contract/gradingsheet';
import { gradeOf, parseExam } from './grade';

interface Props {
  sheet: Sheet;
  onSave: (points: { id_student: number; exam: number | null }[]) => void;
  onResit: (id_student: number) => void;
  onOpenSheet: (id: number) => void;
}

export function ExamGrid({ sheet, onSave, onResit, onOpenSheet }: Props) {
  const { t } = useTranslation('gradingsheet');
  const stored = (id: number) => sheet.lines.find((l) => l.id_student === id)?.exam ?? null;
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  // What was sent and not answered yet: leaving a cell after Enter sends it once.
  const sent = useRef(new Map<number, number | null>());
  // A new reply from the server: the cells it stored show what it stored; a cell still being typed
  // (or sent and not answered yet) keeps its text.
  useEffect(() => {
    const storedNow = new Map(sheet.lines.map((l) => [l.id_student, l.exam]));
    for (const [id, v] of sent.current) if (storedNow.get(id) === v) sent.current.delete(id);
    setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([id, text]) => parseExam(text, sheet.examMax) !== storedNow.get(Number(id)))));
  }, [sheet]);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const editable = sheet.lines.filter((l) => l.admitted && !l.left).map((l) => l.id_student);

  const textOf = (id: number) => drafts[id] ?? (stored(id) === null ? '' : String(stored(id)));
  const commit = (id: number) => {
    const text = drafts[id];
    if (text === undefined) return;
    const v = parseExam(text, sheet.examMax);
    if (v === 'invalid' || v === stored(id) || (sent.current.has(id) && sent.current.get(id) === v)) return;
    sent.current.set(id, v);
    onSave([{ id_student: id, exam: v }]);
  };
  const move = (id: number, by: number) => {
    const next = editable[editable.indexOf(id) + by];
    if (next !== undefined) inputs.current.get(next)?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>, id: number) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit(id);
      move(id, e.shiftKey ? -1 : 1);
    } else if (e.key === 'Escape') {
      setDrafts(({ [id]: _, ...rest }) => rest);
    }
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>, id: number) => {
    const text = e.clipboardData.getData('text/plain');
    const values = text.replace(/\r/g, '').replace(/\n$/, '').split('\n');
    if (values.length < 2) return;
    e.preventDefault();
    const from = editable.indexOf(id);
    const targets = editable.slice(from, from + values.length);
    const parsed = targets.map((sid, i) => ({ id_student: sid, text: (values[i] ?? '').split('\t')[0] }));
    setDrafts((d) => ({ ...d, ...Object.fromEntries(parsed.map((p) => [p.id_student, p.text])) }));
    const points = parsed.map((p) => ({ id_student: p.id_student, exam: parseExam(p.text, sheet.examMax) }));
    if (points.some((p) => p.exam === 'invalid')) return;
    for (const p of points) sent.current.set(p.id_student, p.exam as number | null);
    onSave(points as { id_student: number; exam: number | null }[]);
  };

  return (
    <div className="gs-table-wrap" role="region" aria-label={t('table')} tabIndex={0}>
      <table className="gs-table" data-testid="gs-table">
        <caption className="sr-only">{t('table')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.no')}</th>
            <th scope="col">{t('columns.student')}</th>
            {sheet.modules.map((m) => (
              <th scope="col" key={m.id_module} className="gs-num">
                {m.name} <span className="muted">({m.max})</span>
              </th>
            ))}
            <th scope="col" className="gs-num">
              {t('columns.modules')} <span className="muted">(60)</span>
            </th>
            <th scope="col" className="gs-num">
              {t('columns.exam')} <span className="muted">(0–{sheet.examMax})</span>
            </th>
            <th scope="col" className="gs-num">
              {t('columns.total')}
            </th>
            <th scope="col">{t('columns.grade')}</th>
            {sheet.canResit ? <th scope="col">{t('columns.resit')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {sheet.lines.map((l, i) => {
            const typed = parseExam(textOf(l.id_student), sheet.examMax);
            const invalid = typed === 'invalid';
            const exam = invalid ? null : typed;
            const total = l.admitted ? (exam === null ? null : l.modulePoints + exam) : l.modulePoints;
            const grade = gradeOf(sheet.grades, total);
            const inputId = `gs-exam-${l.id_student}`;
            return (
              <tr key={l.id_student} data-testid="gs-row" className={grade && !grade.pass ? 'gs-failed' : undefined}>
                <td className="gs-num">{i + 1}</td>
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
                      ref={(el) => {
                        if (el) inputs.current.set(l.id_student, el);
                        else inputs.current.delete(l.id_student);
                      }}
                      className="input gs-input"
                      inputMode="numeric"
                      autoComplete="off"
                      aria-invalid={invalid || undefined}
                      aria-describedby={invalid ? `${inputId}-err` : undefined}
                      data-testid="gs-exam"
                      value={textOf(l.id_student)}
                      onChange={(e) => setDrafts((d) => ({ ...d, [l.id_student]: e.target.value }))}
                      onBlur={() => commit(l.id_student)}
                      onKeyDown={(e) => onKey(e, l.id_student)}
                      onPaste={(e) => onPaste(e, l.id_student)}
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
                      <button type="button" className="btn btn-ghost btn-sm" onClick={() => onOpenSheet(l.resitId!)}>
                        {t('openResit')}
                      </button>
                    ) : l.passed === false ? (
                      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onResit(l.id_student)}>
                        {sheet.attempt === 1 ? t('makeResit') : t('makeCommission')}
                      </button>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
