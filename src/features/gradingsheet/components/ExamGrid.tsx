/**
 * The sheet's table: per student the module points, the exam points (typed while the sheet is open:
 * Enter moves down, Shift+Enter up, Escape puts the stored value back; a column pasted from a
 * spreadsheet fills the cells from the focused one down in one write), the total, the letter and
 * the grade in words, computed as the teacher types.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sheet, SheetGrade } from '@contract/gradingsheet';
import { useRenderedInSteps } from '@lib/whenIdle';
import { ExamRow, type RowActions } from './ExamRow';
import { parseExam } from './grade';

/**
 * Rows drawn at first (more than a tall screen holds); a larger group's other rows follow, as many
 * at a time, once the browser is idle, so that the first cell takes points at once.
 */
const ROWS_AT_ONCE = 40;

interface Props {
  sheet: Sheet;
  onSave: (points: { id_student: number; exam: number | null }[]) => void;
  onResit: (id_student: number) => void;
  onOpenSheet: (id: number) => void;
}

export function ExamGrid({ sheet, onSave, onResit, onOpenSheet }: Props) {
  const { t } = useTranslation('gradingsheet');
  const rendered = useRenderedInSteps(sheet.lines.length, ROWS_AT_ONCE);
  const storedById = useMemo(() => new Map(sheet.lines.map((l) => [l.id_student, l.exam])), [sheet]);
  const stored = (id: number) => storedById.get(id) ?? null;
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  // What was sent and not answered yet: leaving a cell after Enter sends it once.
  const sent = useRef(new Map<number, number | null>());
  // A new reply from the server: the cells it stored show what it stored; a cell still being typed
  // (or sent and not answered yet) keeps its text.
  useEffect(() => {
    for (const [id, v] of sent.current) if (storedById.get(id) === v) sent.current.delete(id);
    setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([id, text]) => parseExam(text, sheet.examMax) !== storedById.get(Number(id)))));
  }, [sheet, storedById]);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const editable = sheet.lines.filter((l) => l.admitted && !l.left).map((l) => l.id_student);
  // The scale's bands as one array while they stay the same, so that a reply redraws only the lines it changed.
  const gradesText = JSON.stringify(sheet.grades);
  const grades = useMemo(() => JSON.parse(gradesText) as SheetGrade[], [gradesText]);

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

  // The rows' actions: one object for the grid's life, calling this drawing's handlers.
  const latest = useRef({ commit, onKey, onPaste, onResit, onOpenSheet });
  useLayoutEffect(() => {
    latest.current = { commit, onKey, onPaste, onResit, onOpenSheet };
  });
  const [actions] = useState<RowActions>(() => ({
    cell: (id, el) => {
      if (el) inputs.current.set(id, el);
      else inputs.current.delete(id);
    },
    draft: (id, text) => setDrafts((d) => ({ ...d, [id]: text })),
    commit: (id) => latest.current.commit(id),
    key: (e, id) => latest.current.onKey(e, id),
    paste: (e, id) => latest.current.onPaste(e, id),
    resit: (id) => latest.current.onResit(id),
    openSheet: (id) => latest.current.onOpenSheet(id),
  }));

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
          {sheet.lines.slice(0, rendered).map((l, i) => (
            <ExamRow key={l.id_student} line={l} index={i} text={textOf(l.id_student)} sheet={sheet} grades={grades} actions={actions} t={t} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
