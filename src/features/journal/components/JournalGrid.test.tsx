import { Profiler } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JournalStudent } from '@contract/journal';
import { cellKey } from '../pivot';
import { JournalGrid, VIRTUAL_FROM, type GridLesson } from './JournalGrid';

/** A journal of `rows` students against `cols` lessons, every cell present ('+'), student 0 with a 4 at lesson 0. */
function journal(rows: number, cols: number) {
  const students: JournalStudent[] = Array.from({ length: rows }, (_, i) => ({
    id_student: 100 + i,
    s_fio: `Студент ${i + 1}`,
    code: `C${i}`,
    group: 'Г-1',
    subgroup: 1,
  }));
  const lessons: GridLesson[] = Array.from({ length: cols }, (_, i) => {
    const d = new Date(Date.UTC(2026, 8, 1 + i));
    return { date: d.toISOString().slice(0, 10), time: 1, timeName: '08:00', topic: null };
  });
  const marks: Record<string, string | null> = {};
  for (const s of students) for (const l of lessons) marks[cellKey(s.id_student, l.date, l.time)] = null;
  marks[cellKey(100, lessons[0].date, 1)] = '4';
  return { students, lessons, marks };
}

/** The grid's props for these students and lessons: no edits, no lesson chosen, every handler a mock. */
function gridProps(students: JournalStudent[], lessons: GridLesson[], marks: Record<string, string | null> = {}) {
  return {
    students,
    lessons,
    marks,
    edits: {},
    lesson: { date: '', time: -1 },
    onWrite: vi.fn(),
    onPaste: vi.fn(),
    onLesson: vi.fn(),
    onActive: vi.fn(),
    onInvalid: vi.fn(),
  };
}

function renderGrid(rows: number, cols: number) {
  const { students, lessons, marks } = journal(rows, cols);
  const props = gridProps(students, lessons, marks);
  render(<JournalGrid {...props} />);
  return { students, lessons, onWrite: props.onWrite };
}

const active = () => document.querySelector<HTMLElement>('td.jg-cell[tabindex="0"]')!;
/** The date header of a cell's column. */
const headerOf = (cell: HTMLElement) => document.querySelectorAll('th.jg-date')[Number(cell.dataset.col)]!.textContent;

describe('JournalGrid of a large journal', () => {
  // jsdom lays nothing out: the grid's scroll box gets a laptop's size.
  const sizes = { clientWidth: 1024, clientHeight: 600 };
  const saved = Object.keys(sizes).map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const);
  beforeAll(() => {
    for (const [name, value] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  });
  afterAll(() => {
    for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  });

  it('renders only part of the cells, keeps the full size and each cell’s position for screen readers', () => {
    expect(150 * 60).toBeGreaterThan(VIRTUAL_FROM);
    renderGrid(150, 60);
    const grid = screen.getByRole('grid');
    expect(grid).toHaveAttribute('aria-rowcount', '151');
    expect(grid).toHaveAttribute('aria-colcount', '65');
    const cells = document.querySelectorAll('td.jg-cell');
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.length).toBeLessThan((150 * 60) / 4);
    // The active cell (first student, latest lesson) is there, with its place in the whole grid.
    expect(active().dataset.row).toBe('0');
    expect(active().dataset.col).toBe('59');
    expect(active()).toHaveAttribute('aria-colindex', '61');
    expect(active().closest('tr')).toHaveAttribute('aria-rowindex', '2');
    // Totals count every lesson, not only those rendered.
    const first = active().closest('tr')!.querySelectorAll('td.jg-total');
    expect([...first].map((td) => td.textContent)).toEqual(['0', '4', '0.07', '4.00']);
  });

  it('moves with the keyboard beyond what was rendered, types a mark and saves it', () => {
    const { students, lessons, onWrite } = renderGrid(150, 60);
    // Ctrl+End: the last student, far below what was rendered; then Home and up.
    fireEvent.keyDown(active(), { key: 'End', ctrlKey: true });
    expect(active().dataset.row).toBe('149');
    fireEvent.keyDown(active(), { key: 'Home' });
    for (let i = 0; i < 29; i++) fireEvent.keyDown(active(), { key: 'ArrowUp' });
    expect(active().dataset.row).toBe('120');
    expect(active().dataset.col).toBe('0');
    expect(active().closest('tr')).toHaveAttribute('aria-rowindex', '122');
    expect(active()).toHaveTextContent('+');
    fireEvent.keyDown(active(), { key: '5' });
    const input = screen.getByRole('textbox');
    expect(input).toHaveValue('5');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onWrite).toHaveBeenCalledWith({ student: students[120].id_student, date: lessons[0].date, time: 1, written: '5' });
    expect(active().dataset.row).toBe('121');
  });

  it('renders every row and column for printing, and the window again afterwards', () => {
    renderGrid(150, 60);
    const inView = document.querySelectorAll('td.jg-cell').length;
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(document.querySelectorAll('td.jg-cell')).toHaveLength(150 * 60);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(document.querySelectorAll('td.jg-cell')).toHaveLength(inView);
  });

  it('opens with the latest lessons rendered, then those around them, and a scroll within what was rendered renders nothing', async () => {
    const { students, lessons, marks } = journal(150, 60);
    const commits: string[] = [];
    render(
      <Profiler id="grid" onRender={(_id, phase) => commits.push(phase)}>
        <JournalGrid {...gridProps(students, lessons, marks)} />
      </Profiler>,
    );
    // The latest lessons are the rendered columns from the first render on (the grid opens scrolled to them).
    const cols = () => [...document.querySelectorAll<HTMLElement>('td.jg-cell[data-row="0"]')].map((td) => Number(td.dataset.col));
    expect(cols()).toContain(59);
    expect(cols()).toContain(45);
    expect(cols()).not.toContain(0);
    // What is in view comes first; the rows and columns around it once the browser is idle.
    expect(document.querySelector('td.jg-cell[data-row="20"]')).toBeNull();
    await waitFor(() => expect(document.querySelector('td.jg-cell[data-row="20"]')).not.toBeNull());
    expect(cols()).toContain(40);
    const wrap = document.querySelector<HTMLElement>('.jg-wrap')!;
    // One row down stays within the rendered rows: no row or cell of the page changes.
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(wrap, { subtree: true, childList: true, attributes: true, characterData: true });
    act(() => {
      wrap.scrollTop = 34;
      wrap.dispatchEvent(new Event('scroll'));
    });
    changes.push(...observer.takeRecords());
    observer.disconnect();
    expect(changes).toEqual([]);
    const afterScroll = commits.length;
    // Far down: the rows there are rendered.
    act(() => {
      wrap.scrollTop = 34 * 100;
      wrap.dispatchEvent(new Event('scroll'));
    });
    expect(commits.length).toBe(afterScroll + 1);
    expect(document.querySelector('td.jg-cell[data-row="105"]')).not.toBeNull();
    expect(document.querySelector('td.jg-cell[data-row="30"]')).toBeNull();
  });

  it('renders a small journal whole', () => {
    renderGrid(10, 12);
    expect(document.querySelectorAll('td.jg-cell')).toHaveLength(120);
    expect(document.querySelector('.jg-gap')).toBeNull();
  });
});

describe('JournalGrid keeps the active cell on its lesson', () => {
  const lessonAt = (date: string): GridLesson => ({ date, time: 1, timeName: '08:00', topic: null });
  const students: JournalStudent[] = [100, 101, 102].map((id) => ({ id_student: id, s_fio: `Студент ${id}`, code: String(id), group: 'Г-1', subgroup: 1 }));
  const base = ['2026-11-02', '2026-11-09', '2026-11-16'].map(lessonAt);
  const props = (lessons: GridLesson[], lesson = { date: '', time: -1 }) => ({ ...gridProps(students, lessons), lesson });

  it('a lesson added before the active one moves neither the active cell nor the open editor to another date', () => {
    const p = props(base);
    const { rerender } = render(<JournalGrid {...p} />);
    // The second student on 09.11.
    fireEvent.click(document.querySelector('td[data-row="1"][data-col="1"]')!);
    expect(headerOf(active())).toContain('09.11');
    const reported = p.onActive.mock.calls.length;
    fireEvent.keyDown(active(), { key: '5' });
    expect(screen.getByRole('textbox')).toHaveValue('5');
    // Two lessons dated before it arrive while the editor is open.
    rerender(<JournalGrid {...p} lessons={[lessonAt('2026-10-26'), lessonAt('2026-10-30'), ...base]} />);
    expect(headerOf(active())).toContain('09.11');
    expect(active().dataset.row).toBe('1');
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    expect(p.onWrite).toHaveBeenCalledWith({ student: 101, date: '2026-11-09', time: 1, written: '5' });
    // The lesson in focus reported to the screen never became another date.
    expect(new Set(p.onActive.mock.calls.slice(reported - 1).map(([c]) => c?.date))).toEqual(new Set(['2026-11-09']));
  });

  it('the lesson chosen in the lesson bar (a lesson just added) takes the active cell to its column, on the same student', () => {
    const p = props(base, { date: '2026-11-16', time: 1 });
    const { rerender } = render(<JournalGrid {...p} />);
    fireEvent.click(document.querySelector('td[data-row="2"][data-col="2"]')!);
    rerender(<JournalGrid {...p} lesson={{ date: '2026-10-30', time: 1 }} />);
    // Not a column yet: nothing moves.
    expect(headerOf(active())).toContain('16.11');
    rerender(<JournalGrid {...p} lesson={{ date: '2026-10-30', time: 1 }} lessons={[lessonAt('2026-10-30'), ...base]} />);
    expect(headerOf(active())).toContain('30.10');
    expect(active().dataset.row).toBe('2');
  });
});

describe('JournalGrid says whether the teacher moved its active cell', () => {
  const lessonAt = (date: string): GridLesson => ({ date, time: 1, timeName: '08:00', topic: null });
  const students: JournalStudent[] = [100, 101, 102].map((id) => ({ id_student: id, s_fio: `Студент ${id}`, code: String(id), group: 'Г-1', subgroup: 1 }));
  const lessons = ['2026-11-02', '2026-11-09', '2026-11-16'].map(lessonAt);
  const last = (p: { onActive: ReturnType<typeof vi.fn> }) => p.onActive.mock.calls.at(-1) as [{ student: number; date: string } | null, boolean];

  it('placed first by the grid, then moved by a click or the keys', () => {
    const p = gridProps(students, lessons);
    render(<JournalGrid {...p} />);
    expect(last(p)).toEqual([expect.objectContaining({ student: 100, date: '2026-11-16' }), false]);
    fireEvent.click(document.querySelector('td[data-row="1"][data-col="0"]')!);
    expect(last(p)).toEqual([expect.objectContaining({ student: 101, date: '2026-11-02' }), true]);
    fireEvent.keyDown(active(), { key: 'ArrowRight' });
    expect(last(p)).toEqual([expect.objectContaining({ student: 101, date: '2026-11-09' }), true]);
    // A click on the active cell itself gives its lesson again (the lesson bar may show another one).
    const calls = p.onActive.mock.calls.length;
    fireEvent.click(active());
    expect(p.onActive.mock.calls.length).toBe(calls + 1);
    expect(last(p)).toEqual([expect.objectContaining({ student: 101, date: '2026-11-09' }), true]);
  });

  it('following the lesson bar, or rows changing under it, is not the teacher moving it: no older lesson goes back to the bar', () => {
    const p = { ...gridProps(students, lessons), lesson: { date: '2026-11-16', time: 1 } };
    const { rerender } = render(<JournalGrid {...p} />);
    fireEvent.click(document.querySelector('td[data-row="0"][data-col="2"]')!);
    // The teacher picks 02.11 in the lesson bar: the grid follows, and says it was not the teacher's move.
    rerender(<JournalGrid {...p} lesson={{ date: '2026-11-02', time: 1 }} />);
    expect(headerOf(active())).toContain('02.11');
    expect(last(p)).toEqual([expect.objectContaining({ student: 100, date: '2026-11-02' }), false]);
    // He then picks a lesson that has no column yet (30.11): the grid stays where it was…
    rerender(<JournalGrid {...p} lesson={{ date: '2026-11-30', time: 1 }} />);
    const before = p.onActive.mock.calls.length;
    // …and when the active student leaves the rows (a refresh), the cell found in his place is not the teacher's move either.
    rerender(<JournalGrid {...p} lesson={{ date: '2026-11-30', time: 1 }} students={students.slice(1)} />);
    expect(p.onActive.mock.calls.length).toBe(before + 1);
    expect(last(p)).toEqual([expect.objectContaining({ student: 101, date: '2026-11-02' }), false]);
  });
});

describe('JournalGrid marks the cells the students marked by QR', () => {
  it('a QR record carries a small mark, named for screen readers; other cells do not', () => {
    const { students, lessons, marks } = journal(2, 2);
    const qr = new Set([cellKey(students[1].id_student, lessons[0].date, 1)]);
    render(<JournalGrid {...gridProps(students, lessons, marks)} qrCells={qr} />);
    const cell = document.querySelector('td[data-row="1"][data-col="0"]')!;
    expect(cell.querySelector('.jg-qr')).not.toBeNull();
    expect(cell).toHaveTextContent('+Отмечен по QR-коду');
    expect(document.querySelectorAll('.jg-qr')).toHaveLength(1);
  });
});

describe('JournalGrid Tab', () => {
  it('leaves the grid: the keys are not taken, the active cell stays the one tab stop', () => {
    renderGrid(3, 3);
    // The active cell opens on the first student's latest lesson (the last column).
    expect([active().dataset.row, active().dataset.col]).toEqual(['0', '2']);
    // Not prevented: the browser moves focus to what follows (or precedes) the grid.
    expect(fireEvent.keyDown(active(), { key: 'Tab' })).toBe(true);
    expect(fireEvent.keyDown(active(), { key: 'Tab', shiftKey: true })).toBe(true);
    expect([active().dataset.row, active().dataset.col]).toEqual(['0', '2']);
    expect(document.querySelectorAll('[role="grid"] [tabindex="0"]')).toHaveLength(1);
  });

  it('saves what is being typed and leaves the grid', () => {
    const { students, lessons, onWrite } = renderGrid(3, 3);
    fireEvent.keyDown(active(), { key: '5' });
    expect(fireEvent.keyDown(active(), { key: 'Tab' })).toBe(true);
    expect(onWrite).toHaveBeenCalledWith({ student: students[0].id_student, date: lessons[2].date, time: 1, written: '5' });
  });
});

describe('JournalGrid paste and Latin keys', () => {
  const paste = (text: string) => {
    const event = new Event('paste', { bubbles: true, cancelable: true });
    Object.assign(event, { clipboardData: { getData: () => text } });
    fireEvent(active(), event);
  };
  function grid(rows: number, cols: number) {
    const { students, lessons, marks } = journal(rows, cols);
    const p = { onWrite: vi.fn(), onPaste: vi.fn(), onInvalid: vi.fn(), onOverflow: vi.fn() };
    render(<JournalGrid {...gridProps(students, lessons, marks)} {...p} />);
    return { students, lessons, ...p };
  }

  it('n, NB and n/b typed on a Latin keyboard are written as н/б, U and uv as ув', () => {
    const { onWrite, lessons } = grid(3, 2);
    fireEvent.keyDown(active(), { key: 'N' });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'N/B' } });
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    fireEvent.keyDown(active(), { key: 'u' });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'uv' } });
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    expect(onWrite.mock.calls.map(([w]) => [w.student, w.date, w.written])).toEqual([
      [100, lessons[1].date, 'н/б'],
      [101, lessons[1].date, 'ув'],
    ]);
  });

  it('a block fills the neighbouring columns and rows from the active cell', () => {
    const { onPaste, onOverflow, lessons } = grid(3, 3);
    fireEvent.click(document.querySelector('td[data-row="1"][data-col="1"]')!);
    paste('5\tnb\r\n4\tU\r\n');
    expect(onOverflow).not.toHaveBeenCalled();
    expect(onPaste).toHaveBeenCalledWith(
      [
        { student: 101, date: lessons[1].date, time: 1, written: '5' },
        { student: 101, date: lessons[2].date, time: 1, written: 'н/б' },
        { student: 102, date: lessons[1].date, time: 1, written: '4' },
        { student: 102, date: lessons[2].date, time: 1, written: 'ув' },
      ],
      [],
    );
  });

  it('a block that does not fit is refused whole, with the number of cells outside', () => {
    const { onPaste, onOverflow } = grid(3, 3);
    fireEvent.click(document.querySelector('td[data-row="2"][data-col="2"]')!);
    paste('5\t4\n3\t3');
    expect(onOverflow).toHaveBeenCalledWith(3);
    expect(onPaste).not.toHaveBeenCalled();
  });
});

describe('JournalGrid shortcuts', () => {
  it('F6 goes to the toolbar and Alt+H asks for the active cell’s history', () => {
    const { students, lessons, marks } = journal(2, 2);
    const onHistory = vi.fn();
    const onToolbar = vi.fn();
    render(<JournalGrid {...gridProps(students, lessons, marks)} onHistory={onHistory} onToolbar={onToolbar} />);
    fireEvent.keyDown(active(), { key: 'F6' });
    expect(onToolbar).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(active(), { key: 'h', code: 'KeyH', altKey: true });
    expect(onHistory).toHaveBeenCalledWith({ student: 100, date: lessons[1].date, time: 1 });
    // Neither started an edit.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
