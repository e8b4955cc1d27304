/** The QR report's group attendance: a discipline chosen, the summary from every source, and the records of a date or a student with their source. */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QrAttendanceReport, QrReportRow } from '@contract/qr';
import { renderPortal, signedInHandlers } from '../../test/portal';
import { http, ok, server } from '../../test/server';

const row = (id: number, name: string): QrReportRow => ({ id, name, expected: 4, present: 3, rate: 75 });

const report: QrAttendanceReport = {
  group: 'ПИ-1-22',
  discipline: 'Компьютерные сети',
  students: [
    { id: 11, name: 'Асанова Айгуль', lessons: 3, present: 1, absent: 1, excused: 1, rate: 33.3 },
    { id: 12, name: 'Сыдыков Бакыт', lessons: 3, present: 1, absent: 2, excused: 0, rate: 33.3 },
  ],
  // 5 October is a double pair: two lessons, 08:00 and 09:30.
  lessons: [
    { date: '2026-10-02', time: '08:00' },
    { date: '2026-10-05', time: '08:00' },
    { date: '2026-10-05', time: '09:30' },
  ],
  records: [
    { studentId: 11, date: '2026-10-02', time: '08:00', status: 'excused', sources: ['journal'] },
    { studentId: 12, date: '2026-10-02', time: '08:00', status: 'absent', sources: ['journal'] },
    { studentId: 11, date: '2026-10-05', time: '08:00', status: 'present', sources: ['qr', 'journal'] },
    { studentId: 12, date: '2026-10-05', time: '08:00', status: 'absent', sources: ['qr'] },
    { studentId: 11, date: '2026-10-05', time: '09:30', status: 'absent', sources: ['journal'] },
    { studentId: 12, date: '2026-10-05', time: '09:30', status: 'present', sources: ['journal'] },
  ],
};

describe("a group's attendance in a discipline", () => {
  it('drills from the summary into a date and a student, each record with its source, and offers the workbook', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'marker');
    const asked: string[] = [];
    server.use(
      ...signedInHandlers(),
      http.get('/api/misc/getstudentqrfaculty', () => ok([row(1, 'Факультет информатики')])),
      http.get('/api/misc/getspecrepqr', () => ok([row(2, 'Программная инженерия')])),
      http.get('/api/misc/getstudentqrrate', () => ok([row(3, 'ПИ-1-22')])),
      http.get('/api/misc/getqrforreportstudent', () => ok([row(11, 'Асанова Айгуль')])),
      http.get('/api/qr/report/disciplines.json', () => ok([{ id: 40, name: 'Компьютерные сети' }])),
      http.get('/api/qr/report/attendance.json', ({ request }) => {
        asked.push(new URL(request.url).search);
        return ok(report);
      }),
    );
    renderPortal('/lms/reportqr');
    await user.click(await screen.findByRole('button', { name: 'Факультет информатики' }));
    await user.click(await screen.findByRole('button', { name: 'Программная инженерия' }));
    await user.click(await screen.findByRole('button', { name: 'ПИ-1-22' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Дисциплина' }), 'Компьютерные сети');

    const summary = await screen.findByTestId('qr-attendance');
    expect(asked).toEqual([expect.stringContaining('group=3')]);
    expect(asked[0]).toContain('discipline=40');
    const second = within(summary).getByRole('row', { name: /Сыдыков Бакыт/ });
    expect(
      within(second)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '1', '2', '0', '33,3 %']);
    const link = screen.getByRole('link', { name: 'Скачать .xlsx' });
    expect(link).toHaveAttribute('href', expect.stringContaining('/api/qr/report/attendance.xlsx?'));
    expect(link.getAttribute('href')).toContain('discipline=40');

    // Each lesson of the double pair has its own button and records.
    const lessons = screen.getByRole('group', { name: 'Занятия' });
    expect(
      within(lessons)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['02.10.2026 08:00', '05.10.2026 08:00', '05.10.2026 09:30']);
    await user.click(screen.getByRole('button', { name: '05.10.2026 09:30' }));
    const secondHalf = await screen.findByTestId('qr-attendance-detail');
    expect(within(secondHalf).getByRole('heading', { name: 'Занятие 05.10.2026 09:30' })).toHaveFocus();
    expect(within(secondHalf).getByRole('row', { name: /Асанова Айгуль/ })).toHaveTextContent('н/бжурнал');
    await user.click(screen.getByRole('button', { name: '05.10.2026 08:00' }));
    const onDate = await screen.findByTestId('qr-attendance-detail');
    expect(within(onDate).getByRole('heading', { name: 'Занятие 05.10.2026 08:00' })).toHaveFocus();
    expect(within(onDate).getByRole('row', { name: /Асанова Айгуль/ })).toHaveTextContent('присутствовал');
    expect(within(onDate).getByRole('row', { name: /Асанова Айгуль/ })).toHaveTextContent('QR, журнал');
    expect(within(onDate).getByRole('row', { name: /Сыдыков Бакыт/ })).toHaveTextContent('н/бQR');

    await user.click(within(summary).getByRole('button', { name: 'Асанова Айгуль' }));
    const ofStudent = screen.getByTestId('qr-attendance-detail');
    expect(within(ofStudent).getByRole('heading', { name: 'Асанова Айгуль' })).toHaveFocus();
    expect(within(ofStudent).getByRole('row', { name: /02\.10\.2026 08:00/ })).toHaveTextContent('увжурнал');
    expect(
      within(ofStudent)
        .getAllByRole('row', { name: /05\.10\.2026/ })
        .map((r) => r.textContent),
    ).toEqual(['05.10.2026 08:00присутствовалQR, журнал', '05.10.2026 09:30н/бжурнал']);

    await user.click(within(ofStudent).getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByTestId('qr-attendance-detail')).toBeNull();
  });
});
