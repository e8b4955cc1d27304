import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { JournalStudent, MarkScale } from '@contract/journal';
import type { CellEdit } from '../journal.slice';
import { cellKey } from '../pivot';
import type { GridLesson } from './JournalGrid';
import { LessonMarking } from './LessonMarking';

const students: JournalStudent[] = [{ id_student: 100, s_fio: 'Абдыкадыров Азамат', code: '1', group: 'ПИ-1-24', subgroup: 1 }];
const lessons: GridLesson[] = [{ date: '2026-11-02', time: 1, timeName: '08:00', topic: null }];
const lesson = { date: '2026-11-02', time: 1 };

/** The lesson's props: no marks, no edits, every handler a mock. */
const markingProps = () => ({ students, lessons, marks: {}, edits: {}, lesson, onLesson: vi.fn(), onWrite: vi.fn(), onHistory: vi.fn() });

function renderMarking(scale: MarkScale, edits: Record<string, CellEdit> = {}) {
  const props = { ...markingProps(), edits, scale };
  render(<LessonMarking {...props} />);
  return props.onWrite;
}

describe('marking a lesson on a phone', () => {
  it('a 2–5 journal offers its marks as buttons, and a tap writes the mark', () => {
    const onWrite = renderMarking('2-5');
    expect(screen.queryByRole('spinbutton')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^4 / }));
    expect(onWrite).toHaveBeenCalledWith({ student: 100, date: '2026-11-02', time: 1, written: '4' });
  });

  it('a 0–100 journal takes points in a number field; points outside the scale are refused and not written', () => {
    const onWrite = renderMarking('0-100');
    expect(screen.queryByRole('button', { name: /^5 / })).toBeNull();
    const field = screen.getByRole('spinbutton');
    fireEvent.change(field, { target: { value: '150' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onWrite).not.toHaveBeenCalled();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(field, { target: { value: '85' } });
    fireEvent.blur(field);
    expect(onWrite).toHaveBeenCalledWith({ student: 100, date: '2026-11-02', time: 1, written: '85' });
  });

  it("a refused save says the server's reason on its row", () => {
    const key = cellKey(100, '2026-11-02', 1);
    renderMarking('2-5', {
      [key]: {
        written: '5',
        status: 'failed',
        seq: 1,
        error: { ok: false, problem: 'CLIENT_ERROR', status: 400, error: { code: 'FUTURE_DATE', message: '' } },
      },
    });
    expect(screen.getByRole('alert').textContent).not.toBe('');
    expect(screen.getByRole('alert').textContent).not.toMatch(/неверные данные/);
  });

  it('a write the server did not answer waits in the outbox: the row shows it pending ("…", labelled), not failed', () => {
    const key = cellKey(100, '2026-11-02', 1);
    renderMarking('2-5', {
      [key]: { written: '5', status: 'failed', seq: 1, error: { ok: false, problem: 'CONNECTION_ERROR', status: null, error: null } },
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('img', { name: 'Ещё не сохранено: хранится на этом устройстве и будет отправлено, когда связь вернётся' })).toHaveTextContent('…');
    expect(screen.getByRole('listitem')).toHaveAttribute('data-state', 'pending');
    expect(screen.getByRole('button', { name: /^5 / })).toHaveAttribute('aria-pressed', 'true');
  });

  it("a mark is cleared by its row's clear button (none to clear: the button is off)", () => {
    const props = markingProps();
    const { onWrite } = props;
    const { rerender } = render(<LessonMarking {...props} />);
    expect(screen.getByRole('button', { name: 'Очистить отметку: Абдыкадыров Азамат' })).toBeDisabled();
    rerender(<LessonMarking {...props} marks={{ [cellKey(100, '2026-11-02', 1)]: 'н/б' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Очистить отметку: Абдыкадыров Азамат' }));
    expect(onWrite).toHaveBeenCalledWith({ student: 100, date: '2026-11-02', time: 1, written: null });
  });

  it("today's timetable lesson not in the journal yet is offered first, and its students are listed when it is the lesson", () => {
    const today = [{ date: '2026-11-09', time: 1, timeName: '08:00', topic: null }];
    render(<LessonMarking {...markingProps()} lesson={{ date: '2026-11-09', time: 1 }} today={today} />);
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveTextContent('Сегодня, 08:00 · по расписанию');
    expect(screen.getByRole('combobox')).toHaveValue('2026-11-09|1');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it("each row ends with the student's final result once asked for: points and letter shown, new points saved on Enter, points outside 0–100 refused and not written", () => {
    const onFinal = vi.fn();
    const finals = { stored: { 100: { id_student: 100, points: 70, ekv_num: 2.67, ekv_bukv: 'B-' } }, edits: {}, onWrite: onFinal };
    render(<LessonMarking {...markingProps()} finals={finals} />);
    // Folded at first: the final results are not in the way of marking.
    expect(screen.queryByRole('spinbutton')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Итоговые результаты' }));
    const field = screen.getByRole('spinbutton', { name: 'Итоговый результат: Абдыкадыров Азамат' });
    expect(field).toHaveValue(70);
    expect(screen.getByText('B-')).toBeInTheDocument();
    expect(screen.getByText('Итог')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '150' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByRole('alert')).toHaveTextContent('Итоговый балл — целое число от 0 до 100.');
    expect(onFinal).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '88' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onFinal).toHaveBeenCalledWith(100, 88);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
