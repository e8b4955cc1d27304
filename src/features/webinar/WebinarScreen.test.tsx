/**
 * The webinar screen: a teacher attaches a meeting to a coming lesson (the link checked, the server's
 * refusal said, then the meeting listed), sees who joined and marks them present; a student sees when
 * a coming meeting opens, joins an open one (the join recorded, the meeting opened in a new tab) and
 * the recordings; a failed load offers Retry.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@contract/auth';
import type { AttachBody, Participants, StudentMeeting, TeacherMeeting, WebinarOptions } from '@contract/webinar';
import { initialSessionState } from '@shared/session/session';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, http, ok, publicHandlers, recordRequests, server, student, teacher } from '../../test/server';
import WebinarScreen from './WebinarScreen';

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const options: WebinarOptions = {
  canAttach: true,
  serverConfigured: true,
  today: '2026-11-16',
  lessons: [
    { idShed: 77, date: '2026-11-18', startsAt: '09:30', endsAt: '10:50', discipline: 'Базы данных', lessonType: 'Лекция', group: 'ПИ-1-24', meetingId: null },
  ],
};
const meeting: TeacherMeeting = {
  ...options.lessons[0],
  id: 5,
  opensAt: inMinutes(-5),
  closesAt: inMinutes(60),
  provider: 'link',
  url: 'https://meet.example.org/db',
  joined: 1,
  recordings: [],
};
const people: Participants = {
  meetingId: 5,
  joined: [{ studentId: 3, name: 'Сыдыкова Айпери Талантовна', joinedAt: inMinutes(-2) }],
  absent: [{ studentId: 4, name: 'Асанов Нурлан' }],
};
const open: StudentMeeting = {
  id: 8,
  idShed: 77,
  date: '2026-11-16',
  startsAt: '09:30',
  endsAt: '10:50',
  discipline: 'Базы данных',
  lessonType: 'Лекция',
  group: 'ПИ-1-24',
  opensAt: inMinutes(-5),
  closesAt: inMinutes(60),
  teacher: 'Асанов Бакыт Кубанычбекович',
  dayNumber: 1,
  thisWeek: true,
  joinedAt: null,
  recordings: [],
};
const later: StudentMeeting = { ...open, id: 9, opensAt: inMinutes(120), closesAt: inMinutes(200) };
const past: StudentMeeting = {
  ...open,
  id: 10,
  opensAt: inMinutes(-300),
  closesAt: inMinutes(-200),
  recordings: [{ id: 1, title: 'Запись лекции', url: 'https://rec.example.org/1' }],
};

let refuse: boolean;
beforeEach(() => {
  refuse = true;
  server.use(
    ...publicHandlers(),
    http.post('/api/webinar/options.json', () => ok(options)),
    http.post('/api/webinar/meetings.json', () => ok([])),
    http.post('/api/webinar/attach.json', () => (refuse ? fail(409, 'WEBINAR_TAKEN', 'К этому занятию уже прикреплена онлайн-встреча') : ok(meeting))),
    http.post('/api/webinar/participants.json', () => ok(people)),
    http.post('/api/webinar/mark-present.json', () => ok({ written: 1, kept: 0 })),
    http.post('/api/webinar/student/list.json', () => ok([open, later, past])),
    http.post('/api/webinar/join.json', () => ok({ url: 'https://meet.example.org/db', joinedAt: new Date().toISOString() })),
  );
});
afterEach(() => vi.restoreAllMocks());

function renderScreen(user: User) {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user } });
  renderWithStore(<WebinarScreen />, { route: '/lms/webinar', store });
  return userEvent.setup();
}

describe('the webinar screen', () => {
  it('lets a teacher attach a meeting by a checked link, says a refusal, then lists the meeting, its participants and marks them present', async () => {
    const user = renderScreen(teacher);
    const coming = await screen.findByTestId('wb-coming');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Онлайн-занятия');
    expect(await screen.findByText('Встреч пока нет: прикрепите встречу к ближайшему занятию.')).toBeInTheDocument();
    await user.click(within(coming).getByRole('button', { name: /Прикрепить встречу Базы данных/ }));
    const form = await screen.findByTestId('wb-attach');
    await user.click(within(form).getByLabelText(/По ссылке/));
    const log = recordRequests();
    await user.type(within(form).getByLabelText('Ссылка на встречу'), 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: 'Прикрепить' }));
    expect(await within(form).findByText('Нужна ссылка https:// (не длиннее 500 символов)')).toBeInTheDocument();
    expect(log.paths()).not.toContain('/api/webinar/attach.json');

    await user.clear(within(form).getByLabelText('Ссылка на встречу'));
    await user.type(within(form).getByLabelText('Ссылка на встречу'), 'https://meet.example.org/db');
    await user.click(within(form).getByRole('button', { name: 'Прикрепить' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('К этому занятию уже прикреплена онлайн-встреча.');
    expect(log.requests.find((r) => r.path === '/api/webinar/attach.json')?.body as AttachBody).toEqual({
      idShed: 77,
      date: '2026-11-18',
      provider: 'link',
      url: 'https://meet.example.org/db',
    });
    log.stop();

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Прикрепить' }));
    const card = await screen.findByTestId('wb-meeting-5');
    expect(within(coming).getByText('Встреча прикреплена')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Открыть встречу/ })).toHaveAttribute('href', 'https://meet.example.org/db');
    await user.click(within(card).getByRole('button', { name: /Участники/ }));
    const panel = await within(card).findByTestId('wb-participants');
    await waitFor(() => expect(within(panel).getAllByTestId('wb-joined')).toHaveLength(1));
    expect(within(panel).getByText('Асанов Нурлан')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Отметить подключившихся присутствующими в журнале' }));
    expect(await within(panel).findByTestId('wb-marked')).toHaveTextContent('Отмечено присутствие: 1; уже было в журнале: 0.');
  });

  it('shows a student when a meeting opens, joins an open one in a new tab, and lists the recordings', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const opened = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    server.use(http.post('/api/webinar/options.json', () => ok({ ...options, canAttach: false, lessons: [] })));
    const user = renderScreen(student);
    const coming = await screen.findByTestId('wb-mine-coming');
    expect(within(coming).getByTestId('join-opens-9')).toHaveTextContent(/Онлайн-занятие: вход с \d\d:\d\d/);
    await user.click(within(coming).getByRole('button', { name: 'Подключиться Базы данных' }));
    await waitFor(() => expect(tab.location.href).toBe('https://meet.example.org/db'));
    expect(opened).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(await within(coming).findByText(/Вы подключились/)).toBeInTheDocument();
    const recent = screen.getByTestId('wb-mine-recent');
    expect(within(recent).getByRole('link', { name: 'Запись лекции' })).toHaveAttribute('href', 'https://rec.example.org/1');
    expect(within(recent).getByText('Закончилось')).toBeInTheDocument();
  });

  it('says a failed load with Retry, and loads again', async () => {
    let first = true;
    server.use(
      http.post('/api/webinar/options.json', () => {
        const answer = first ? fail(500, 'INTERNAL') : ok({ ...options, canAttach: false, lessons: [] });
        first = false;
        return answer;
      }),
    );
    const user = renderScreen(student);
    await user.click(await screen.findByRole('button', { name: 'Повторить' }));
    expect(await screen.findByTestId('wb-mine-coming')).toBeInTheDocument();
  });
});
