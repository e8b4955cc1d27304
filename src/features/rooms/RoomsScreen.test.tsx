/** The rooms screen: the rooms free now, a room's week, the teacher's booking form (its checks, a refusal said, a booking listed) and a student's view without booking. */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@contract/auth';
import type { BookBody, Booking, FreeRooms, RoomsOptions, RoomWeek } from '@contract/rooms';
import { initialSessionState } from '@shared/session/session';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, http, ok, publicHandlers, recordRequests, server, student, teacher } from '../../test/server';
import RoomsScreen from './RoomsScreen';

const options: RoomsOptions = {
  buildings: ['Главный корпус', 'Корпус №2'],
  times: [
    { id: 1, startsAt: '08:00', endsAt: '09:20' },
    { id: 2, startsAt: '09:30', endsAt: '10:50' },
  ],
  load: [{ idShed: 77, discipline: 'Базы данных', lessonType: 'Лекция', group: 'ПИ-1-24' }],
  canBook: true,
  today: '2026-11-16',
  timeNow: 1,
};
const room = { id: 5, name: '204', building: 'Главный корпус', capacity: 45, kind: 'lecture' as const };
const free: FreeRooms = {
  date: '2026-11-16',
  lessonTimeId: 1,
  rooms: [room, { ...room, id: 6, name: 'Лаб-5', building: 'Учебно-лабораторный корпус', kind: 'computer' }],
};
const week: RoomWeek = { room, from: '2026-11-16', to: '2026-11-22', lessons: [] };
const booked: Booking = {
  id: 9,
  idShed: 77,
  room: '204, Главный корпус',
  date: '2026-11-18',
  lessonTimeId: 2,
  startsAt: '09:30',
  endsAt: '10:50',
  discipline: 'Базы данных',
  group: 'ПИ-1-24',
  kind: 'consultation',
  cancellable: true,
};

let refuse: boolean;
beforeEach(() => {
  refuse = true;
  server.use(
    ...publicHandlers(),
    http.post('/api/rooms/options.json', () => ok(options)),
    http.post('/api/rooms/free.json', () => ok(free)),
    http.post('/api/rooms/week.json', () => ok(week)),
    http.post('/api/rooms/bookings.json', () => ok([])),
    http.post('/api/rooms/book.json', () =>
      refuse ? fail(409, 'ROOM_TAKEN', 'Аудитория в это время уже занята (расписанием или другой бронью)') : ok(booked),
    ),
  );
});

function renderScreen(user: User) {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user } });
  renderWithStore(<RoomsScreen />, { route: '/lms/rooms', store });
  return userEvent.setup();
}

describe('the rooms screen', () => {
  it('lists the rooms free now with their kind and seats', async () => {
    renderScreen(teacher);
    const list = await screen.findByTestId('rm-free');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Аудитории');
    expect(within(list).getAllByTestId('rm-room')).toHaveLength(2);
    expect(within(list).getByText(/Компьютерный класс/)).toBeInTheDocument();
    expect(within(list).getAllByText(/мест: 45/)).toHaveLength(2);
  });

  it("checks the booking form, says the server's refusal, then lists the booking made", async () => {
    const user = renderScreen(teacher);
    await screen.findByTestId('rm-free');
    await user.click(screen.getByRole('button', { name: 'Неделя и бронь, 204, Главный корпус' }));
    const form = await screen.findByTestId('rm-book');
    const log = recordRequests();
    await user.click(within(form).getByRole('button', { name: 'Забронировать' }));
    expect(await within(form).findByText('Обязательное поле')).toBeInTheDocument();
    expect(log.paths()).not.toContain('/api/rooms/book.json');

    await user.selectOptions(within(form).getByLabelText('Дисциплина и группа'), '77');
    await user.selectOptions(within(form).getByLabelText('Для чего'), 'consultation');
    const date = within(form).getByLabelText('Дата');
    await user.clear(date);
    await user.type(date, '2026-11-13');
    await user.click(within(form).getByRole('button', { name: 'Забронировать' }));
    expect(await within(form).findByText('Эта дата уже прошла')).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '2026-11-18');
    await user.selectOptions(within(form).getByLabelText('Пара'), '2');
    await user.click(within(form).getByRole('button', { name: 'Забронировать' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Аудитория в это время уже занята (расписанием или другой бронью)');
    const body = log.requests.find((r) => r.path === '/api/rooms/book.json')?.body as BookBody;
    expect(body).toEqual({ roomId: 5, idShed: 77, kind: 'consultation', date: '2026-11-18', lessonTimeId: 2 });
    expect(screen.getByText('Броней нет.')).toBeInTheDocument();

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Забронировать' }));
    expect(await screen.findByTestId('rm-book-done')).toHaveTextContent('Забронировано');
    const mine = screen.getByTestId('rm-mine');
    await waitFor(() => expect(within(mine).getAllByTestId('rm-booking')).toHaveLength(1));
    expect(within(mine).getByRole('button', { name: /Отменить бронь 18\.11\.2026 09:30, 204, Главный корпус/ })).toBeInTheDocument();
    log.stop();
  });

  it('shows a student the week without a booking form or bookings', async () => {
    server.use(http.post('/api/rooms/options.json', () => ok({ ...options, canBook: false, load: [] })));
    const user = renderScreen(student);
    await screen.findByTestId('rm-free');
    await user.click(screen.getByRole('button', { name: 'Неделя, 204, Главный корпус' }));
    expect(await screen.findByText('На этой неделе занятий в аудитории нет.')).toBeInTheDocument();
    expect(screen.queryByTestId('rm-book')).not.toBeInTheDocument();
    expect(screen.queryByTestId('rm-mine')).not.toBeInTheDocument();
  });
});
