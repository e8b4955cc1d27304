import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupRating, MyRating } from '@contract/rating';
import { initialSessionState } from '@shared/session/session';
import type { User } from '@contract/auth';
import { initTestI18n } from '../../test/i18n';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, http, ok, server, student, teacher } from '../../test/server';
import RatingScreen from './RatingScreen';

const mine: MyRating = {
  id_a_year: 2026,
  id_w_s: 1,
  fio: 'Токтогулова Айпери Маратовна',
  group: 'ПИ-1-24',
  course: 'Software engineering, 2024',
  average: 72.5,
  disciplines: [
    { id_discipline: 5, discipline: 'Web Programming', points: 80, lessons: 12, absences: 1, absencePct: 8.3 },
    { id_discipline: 6, discipline: 'Databases', points: 65, lessons: 10, absences: 3, absencePct: 30 },
  ],
  inGroup: { place: 2, count: 4, ranked: 3 },
  inCourse: { place: 5, count: 40, ranked: 38 },
  groupRows: [
    { place: 1, average: 81, me: false },
    { place: 2, average: 72.5, me: true },
    { place: 2, average: 72.5, me: false },
    { place: null, average: null, me: false },
  ],
  gpa: [
    { id_a_year: 2024, id_w_s: 1, name: '2024-25', gpa: 3.1 },
    { id_a_year: 2024, id_w_s: 2, name: '2024-25', gpa: 3.45 },
  ],
  warnings: [{ id_discipline: 6, discipline: 'Databases', kind: 'absences', value: 30, threshold: 25 }],
};

const groupRating: GroupRating = {
  id_group: 7,
  group: 'ПИ-1-24',
  id_a_year: 2026,
  id_w_s: 1,
  disciplines: [{ id_discipline: 5, discipline: 'Web Programming' }],
  students: [
    { id_student: 1, fio: 'Абдыкадыров Эмир', place: 1, average: 90, points: { '5': 90 }, warnings: [] },
    {
      id_student: 2,
      fio: 'Бекова Айгерим',
      place: 2,
      average: 40,
      points: { '5': 40 },
      warnings: [{ id_discipline: 5, discipline: 'Web Programming', kind: 'points', value: 40, threshold: 50 }],
    },
    { id_student: 3, fio: 'Сыдыков Бакыт', place: null, average: null, points: {}, warnings: [] },
  ],
  thresholds: { absencesPct: 25, pointsPct: 50 },
};

function renderAs(user: User) {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user } });
  renderWithStore(<RatingScreen />, { route: '/lms/rating', store });
  return userEvent.setup();
}

describe('RatingScreen (en)', () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });

  it('shows a student his average, places, warning, his group anonymised and his GPA with a table', async () => {
    server.use(http.post('/api/rating/my.json', () => ok(mine)));
    renderAs(student);
    expect(await screen.findByTestId('rt-place-group')).toHaveTextContent('2 of 4');
    expect(screen.getByTestId('rt-place-course')).toHaveTextContent('5 of 40');
    expect(screen.getByTestId('rt-average')).toHaveTextContent('72.5 of 100');
    const warning = screen.getByTestId('rt-warning');
    expect(warning).toHaveTextContent('Databases: absent from 30.0 % of the lessons (the limit is 25 %)');
    expect(warning).toHaveTextContent("Talk to the discipline's teacher");
    const rows = within(screen.getByTestId('rt-group')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1Classmate81.0', `2You, ${mine.fio}72.5`, '2Classmate72.5', '—Classmateno points yet']);
    // The chart is for the eye; its figures are a table for screen readers.
    expect(document.querySelector('svg.rt-svg')).toHaveAttribute('aria-hidden', 'true');
    const gpa = screen.getByRole('table', { name: 'GPA by half-year' });
    expect(within(gpa).getByRole('rowheader', { name: '2024-25, spring' })).toBeInTheDocument();
    expect(gpa).toHaveTextContent('3.45');
    expect(screen.getByRole('heading', { level: 1, name: 'Rating' }).closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
  });

  it("lets a teacher choose a group, see its students' places and narrow the list to those at risk", async () => {
    const asked: number[] = [];
    server.use(
      http.post('/api/rating/groups.json', () => ok([{ id_group: 7, group: 'ПИ-1-24' }])),
      http.post('/api/rating/group.json', async ({ request }) => {
        asked.push(((await request.json()) as { id_group: number }).id_group);
        return ok(groupRating);
      }),
    );
    const user = renderAs(teacher);
    await user.selectOptions(await screen.findByLabelText('Group'), '7');
    const table = await screen.findByTestId('rt-students');
    expect(asked).toEqual([7]);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(table).toHaveTextContent('Сыдыков Бакыт');
    expect(table).toHaveTextContent('no points yet');
    expect(screen.getByTestId('rt-at-risk-count')).toHaveTextContent('at risk: 1');
    await user.click(screen.getByLabelText('At risk only'));
    const rows = within(screen.getByTestId('rt-students')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Бекова Айгерим');
    expect(rows[0]).toHaveTextContent('Web Programming: 40.0 points of 100, under the 50 expected');
  });

  it("shows a dean's office his faculty's groups with every discipline's points and the students at risk, as the server gives them", async () => {
    const dean: User = { ...teacher, id: 40, uid: 601, login: 'dean', fullName: 'Токтосунов Эрлан Бекболотович', deanFacultyId: 2 };
    const whole: GroupRating = {
      ...groupRating,
      id_group: 8,
      group: 'ЭК-1-24',
      disciplines: [
        { id_discipline: 5, discipline: 'Web Programming' },
        { id_discipline: 6, discipline: 'Databases' },
      ],
      students: [
        { id_student: 1, fio: 'Абдыкадыров Эмир', place: 1, average: 85, points: { '5': 90, '6': 80 }, warnings: [] },
        {
          id_student: 2,
          fio: 'Бекова Айгерим',
          place: 2,
          average: 55,
          points: { '5': 70, '6': 40 },
          warnings: [{ id_discipline: 6, discipline: 'Databases', kind: 'points', value: 40, threshold: 50 }],
        },
      ],
    };
    server.use(
      http.post('/api/rating/groups.json', () =>
        ok([
          { id_group: 7, group: 'ПИ-1-24' },
          { id_group: 8, group: 'ЭК-1-24' },
        ]),
      ),
      http.post('/api/rating/group.json', () => ok(whole)),
    );
    const user = renderAs(dean);
    const select = await screen.findByLabelText('Group');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(expect.arrayContaining(['ПИ-1-24', 'ЭК-1-24'])),
    );
    await user.selectOptions(select, '8');
    const table = await screen.findByTestId('rt-students');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Web Programming', 'Databases']));
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('70.040.0');
    expect(screen.getByTestId('rt-at-risk-count')).toHaveTextContent('at risk: 1');
    await user.click(screen.getByLabelText('At risk only'));
    const rows = within(screen.getByTestId('rt-students')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Databases: 40.0 points of 100, under the 50 expected');
  });

  it('tells a member of staff with no group to see so, without a filter to use', async () => {
    server.use(http.post('/api/rating/groups.json', () => ok([])));
    renderAs(teacher);
    expect(await screen.findByText('You have no group in this half-year.')).toBeInTheDocument();
    expect(screen.queryByLabelText('At risk only')).toBeNull();
  });

  it("shows the server's refusal of a group in the user's language", async () => {
    server.use(
      http.post('/api/rating/groups.json', () => ok([{ id_group: 9, group: 'ЭК-1-25' }])),
      http.post('/api/rating/group.json', () => fail(403, 'FORBIDDEN', 'Access denied')),
    );
    const user = renderAs(teacher);
    await user.selectOptions(await screen.findByLabelText('Group'), '9');
    await waitFor(() => expect(screen.getByTestId('load-failed')).toHaveTextContent('Access denied'));
  });
});
