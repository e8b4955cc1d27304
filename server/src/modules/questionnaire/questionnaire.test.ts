/**
 * /api/questionnaire/: an administrator's survey for the demo student's group answered anonymously
 * (the answer rows hold no user id), once per person (also when the same person sends twice at once),
 * only by its audience and between its dates; the results hidden below QUESTIONNAIRE_MIN_ANSWERS and
 * shown from it; the seeded evaluations as the demo teacher reads them; who may create; the workbook.
 */
import ExcelJS from 'exceljs';
import { and, eq, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_STUDENT, ROLE_TEACHER } from '@contract/common';
import type { CreateBody, QuestionnaireLists, QuestionnaireResults } from '@contract/questionnaire';
import { QUESTIONNAIRE_MIN_ANSWERS } from '@contract/pure/questionnaire';
import { specialities, students, users } from '../../db/schema';
import { rowsOf } from '../../db/client';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';
import type { SignedIn } from '../../test/requests';
import { questionnaireAnswers, questionnaireRespondents, questionnaireResponses } from './questionnaire.schema';
import { createdId, studentGroupOf, surveyBody } from './questionnaire.test-fixture';

const clock = testClock();
const fx = useTestApp({ now: clock.now, signIn: ['teacher', 'student', 'admin'] });
const DAY = 86_400_000;

const post = (who: SignedIn | null, call: string, body: object, lang = 'en') => fx.post(`/api/questionnaire/${call}`, who, body, lang);

let groupId: number;
let facultyId: number;

const survey = (audience: CreateBody['audience'], extra: Partial<CreateBody> = {}): CreateBody =>
  surveyBody(
    clock.now(),
    {
      title: 'Условия в общежитии',
      audience,
      questions: [
        { kind: 'scale', text: 'Оцените условия', options: [], required: true },
        { kind: 'multiple', text: 'Что улучшить?', options: ['Душ', 'Кухня', 'Интернет'], required: false },
        { kind: 'text', text: 'Комментарий', options: [], required: false },
      ],
    },
    extra,
  );

async function create(body: CreateBody, who: SignedIn = fx.admin): Promise<{ id: number; questions: number[] }> {
  const id = await createdId(fx, body, who);
  const form = await rowsOf<{ id: number }>(fx.db.database.db, sql`select id from questionnaire_questions where questionnaire_id = ${id} order by position`);
  return { id, questions: form.map((r) => r.id) };
}

const answersOf = (q: { id: number; questions: number[] }, scale = 4, text = 'Нужен ремонт') => ({
  id: q.id,
  answers: [
    { id_question: q.questions[0], choice: scale },
    { id_question: q.questions[1], choices: [0, 2] },
    { id_question: q.questions[2], text },
  ],
});

async function responses(id: number): Promise<number> {
  const rows = await fx.db.database.db.select().from(questionnaireResponses).where(eq(questionnaireResponses.questionnaireId, id));
  return rows.length;
}

beforeAll(async () => {
  const me = await studentGroupOf(fx);
  groupId = me.groupId;
  facultyId = me.facultyId;
});

describe('answering', () => {
  it('stores an anonymous answer without the respondent, shows it answered, and refuses a second', async () => {
    const q = await create(survey({ kind: 'group', id: groupId }));
    const list = (await post(fx.student, 'list.json', {})).json().data as QuestionnaireLists;
    expect(list.toAnswer.find((x) => x.id === q.id)).toMatchObject({ state: 'open', answered: false, anonymous: true });
    expect(list.manage).toBe(false);

    expect((await post(fx.student, 'answer.json', answersOf(q))).statusCode).toBe(200);
    const db = fx.db.database.db;
    const stored = await db.select().from(questionnaireResponses).where(eq(questionnaireResponses.questionnaireId, q.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].respondentId).toBeNull();
    const answers = await db.select().from(questionnaireAnswers).where(eq(questionnaireAnswers.responseId, stored[0].id));
    expect(answers).toHaveLength(3);
    // The answer rows have no column that could name a person or a time.
    const columns = await rowsOf<{ table_name: string; column_name: string }>(
      db,
      sql`select table_name, column_name from information_schema.columns where table_name in ('questionnaire_answers', 'questionnaire_responses', 'questionnaire_respondents') order by table_name, ordinal_position`,
    );
    const of = (t: string) => columns.filter((c) => c.table_name === t).map((c) => c.column_name);
    expect(of('questionnaire_answers')).toEqual(['response_id', 'question_id', 'choice', 'choices', 'text']);
    expect(of('questionnaire_responses')).toEqual(['id', 'questionnaire_id', 'respondent_id']);
    expect(of('questionnaire_respondents')).toEqual(['questionnaire_id', 'user_id']);
    // What was answered, and nothing else (a response id is a random UUID, with no part of the person in it).
    expect(answers.map(({ responseId, ...given }) => [responseId === stored[0].id, given.choice, given.choices, given.text])).toEqual(
      expect.arrayContaining([
        [true, 4, null, null],
        [true, null, [0, 2], null],
        [true, null, null, 'Нужен ремонт'],
      ]),
    );

    const again = await post(fx.student, 'answer.json', answersOf(q, 1), 'ru');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'ALREADY_ANSWERED', message: 'Вы уже ответили на эту анкету: повторный ответ не принимается' });
    expect(await responses(q.id)).toBe(1);
    const after = (await post(fx.student, 'list.json', {})).json().data as QuestionnaireLists;
    expect(after.toAnswer.find((x) => x.id === q.id)?.answered).toBe(true);
  });

  it('keeps exactly one answer when one person sends two at once', async () => {
    const q = await create(survey({ kind: 'group', id: groupId }));
    const classmate = await fx.signInUnused('q-classmate', ROLE_STUDENT, and(eq(students.groupId, groupId), ne(students.id, fx.student.user.uid)));
    const replies = await Promise.all([post(classmate, 'answer.json', answersOf(q, 5)), post(classmate, 'answer.json', answersOf(q, 2))]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await responses(q.id)).toBe(1);
    const marks = await fx.db.database.db.select().from(questionnaireRespondents).where(eq(questionnaireRespondents.questionnaireId, q.id));
    expect(marks).toEqual([{ questionnaireId: q.id, userId: classmate.user.id }]);
  });

  it('keeps the respondent of a questionnaire that is not anonymous', async () => {
    const q = await create(survey({ kind: 'group', id: groupId }, { anonymous: false }));
    expect((await post(fx.student, 'answer.json', answersOf(q))).statusCode).toBe(200);
    const [r] = await fx.db.database.db.select().from(questionnaireResponses).where(eq(questionnaireResponses.questionnaireId, q.id));
    expect(r.respondentId).toBe(fx.student.user.id);
  });

  it('answers 404 to a student outside the audience and writes nothing', async () => {
    const q = await create(survey({ kind: 'group', id: groupId }));
    const stranger = await fx.signInUnused('q-stranger', ROLE_STUDENT, ne(students.groupId, groupId));
    expect((await post(stranger, 'questionnaire.json', { id: q.id })).statusCode).toBe(404);
    expect((await post(stranger, 'answer.json', answersOf(q))).statusCode).toBe(404);
    expect((await post(fx.teacher, 'answer.json', answersOf(q))).statusCode).toBe(404);
    const list = (await post(stranger, 'list.json', {})).json().data as QuestionnaireLists;
    expect(list.toAnswer.some((x) => x.id === q.id)).toBe(false);
    expect(await responses(q.id)).toBe(0);
  });

  it('refuses answers before the opening and after the closing', async () => {
    const now = clock.now().getTime();
    const later = await create(survey({ kind: 'group', id: groupId }, { opensAt: new Date(now + DAY).toISOString() }));
    const early = await post(fx.student, 'answer.json', answersOf(later));
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('QUESTIONNAIRE_NOT_OPEN');
    const past = await create(
      survey({ kind: 'group', id: groupId }, { opensAt: new Date(now - 5 * DAY).toISOString(), closesAt: new Date(now - DAY).toISOString() }),
    );
    const late = await post(fx.student, 'answer.json', answersOf(past), 'kg');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('QUESTIONNAIRE_CLOSED');
    expect(late.json().error.message).toContain('жабылган');
    expect((await responses(later.id)) + (await responses(past.id))).toBe(0);
  });

  it('refuses a missing required answer or one that does not fit its question', async () => {
    const q = await create(survey({ kind: 'group', id: groupId }));
    const cases = [
      { id: q.id, answers: [{ id_question: q.questions[2], text: 'без оценки' }] },
      { id: q.id, answers: [{ id_question: q.questions[0], choice: 6 }] },
      {
        id: q.id,
        answers: [
          { id_question: q.questions[0], choice: 3 },
          { id_question: q.questions[1], choices: [3] },
        ],
      },
      {
        id: q.id,
        answers: [
          { id_question: q.questions[0], choice: 3 },
          { id_question: q.questions[2], choice: 1 },
        ],
      },
    ];
    for (const body of cases) {
      const res = await post(fx.student, 'answer.json', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('QUESTIONNAIRE_ANSWER');
    }
    expect(await responses(q.id)).toBe(0);
    expect((await post(fx.student, 'answer.json', { id: q.id, answers: [{ id_question: q.questions[0], choice: 3 }] })).statusCode).toBe(200);
  });
});

describe('results', () => {
  it('hides them below the threshold and shows counts, mean and texts without respondents from it', async () => {
    const q = await create(survey({ kind: 'faculty', id: facultyId }));
    const people: SignedIn[] = [];
    for (let i = 0; i < QUESTIONNAIRE_MIN_ANSWERS; i++)
      people.push(await fx.signInUnused(`q-faculty-${i}`, ROLE_STUDENT, eq(specialities.facultyId, facultyId)));
    for (const [i, who] of people.slice(0, -1).entries()) expect((await post(who, 'answer.json', answersOf(q, i + 1, `текст ${i}`))).statusCode).toBe(200);
    const below = (await post(fx.admin, 'results.json', { id: q.id })).json().data as QuestionnaireResults;
    expect(below).toMatchObject({ shown: false, answers: QUESTIONNAIRE_MIN_ANSWERS - 1, threshold: QUESTIONNAIRE_MIN_ANSWERS, questions: [] });

    expect((await post(people[people.length - 1], 'answer.json', answersOf(q, 5, 'последний'))).statusCode).toBe(200);
    const res = (await post(fx.admin, 'results.json', { id: q.id })).json().data as QuestionnaireResults;
    expect(res.shown).toBe(true);
    const [scale, multiple, text] = res.questions;
    expect(scale.counts).toEqual([1, 1, 1, 1, 1]);
    expect(scale.mean).toBe(3);
    expect(multiple).toMatchObject({ labels: ['Душ', 'Кухня', 'Интернет'], counts: [5, 0, 5] });
    expect([...text.texts].sort()).toEqual(['последний', 'текст 0', 'текст 1', 'текст 2', 'текст 3']);
    // A person of the audience does not read the results.
    expect((await post(people[0], 'results.json', { id: q.id })).statusCode).toBe(403);

    const xlsx = await fx.get(`/api/questionnaire/export.xlsx?id=${q.id}`, fx.admin, 'en');
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells = wb.worksheets[0].getSheetValues().flat().map(String);
    expect(cells).toContain('Условия в общежитии');
    expect(cells).toContain('последний');
  });

  it("gives the demo teacher his closed evaluation's results, not the open one's", async () => {
    const list = (await post(fx.teacher, 'list.json', {})).json().data as QuestionnaireLists;
    const closed = list.evaluations.find((e) => e.state === 'closed');
    const open = list.evaluations.find((e) => e.state === 'open');
    expect(closed?.results).toBe(true);
    expect(open?.results).toBe(false);
    const res = (await post(fx.teacher, 'results.json', { id: closed!.id })).json().data as QuestionnaireResults;
    expect(res.shown).toBe(true);
    expect(res.answers).toBeGreaterThanOrEqual(QUESTIONNAIRE_MIN_ANSWERS);
    expect((await post(fx.teacher, 'results.json', { id: open!.id })).statusCode).toBe(403);
    // The seeded open evaluation is the demo student's to answer.
    const mine = (await post(fx.student, 'list.json', {})).json().data as QuestionnaireLists;
    expect(mine.toAnswer.some((x) => x.id === open!.id && x.kind === 'evaluation' && !x.answered)).toBe(true);
  });
});

describe('creating', () => {
  it('is an administrator’s, or a dean’s office’s within its faculty', async () => {
    expect((await post(fx.student, 'create.json', survey({ kind: 'group', id: groupId }))).statusCode).toBe(403);
    expect((await post(fx.teacher, 'create.json', survey({ kind: 'group', id: groupId }))).statusCode).toBe(403);
    expect((await post(fx.teacher, 'choices.json', {})).statusCode).toBe(403);
    const [dean] = await fx.db.database.db.select({ id: users.id, facultyId: users.deanFacultyId }).from(users).where(eq(users.login, 'dean'));
    const deanSession = await fx.signInAs(dean.id, 'dean');
    const [other] = await rowsOf<{ id: number }>(
      fx.db.database.db,
      sql`select g.id from groups g join specialities s on s.id = g.speciality_id where s.faculty_id <> ${dean.facultyId} order by g.id limit 1`,
    );
    expect((await post(deanSession, 'create.json', survey({ kind: 'group', id: other.id }))).statusCode).toBe(403);
    expect((await post(deanSession, 'create.json', survey({ kind: 'teachers', id: null }))).statusCode).toBe(400);
    const own = await create(survey({ kind: 'faculty', id: dean.facultyId! }), deanSession);
    const list = (await post(deanSession, 'list.json', {})).json().data as QuestionnaireLists;
    expect(list.manage).toBe(true);
    expect(list.managed.some((x) => x.id === own.id)).toBe(true);
    expect(list.managed.every((x) => x.audience.kind !== 'group' || x.audience.name !== '')).toBe(true);
  });

  it('checks an evaluation names a teacher who gives the discipline, and choice questions have options', async () => {
    const other = await fx.signInUnused('q-teacher', ROLE_TEACHER);
    const bad = await post(
      fx.admin,
      'create.json',
      survey({ kind: 'group', id: groupId }, { kind: 'evaluation', id_teacher: other.user.uid, id_discipline: 1 }),
    );
    expect(bad.statusCode).toBe(400);
    const noOptions = survey({ kind: 'group', id: groupId }, { questions: [{ kind: 'single', text: 'Да?', options: ['Да'], required: true }] });
    expect((await post(fx.admin, 'create.json', noOptions)).json().error.params).toMatchObject({ field: 'questions.0.options' });
    expect((await post(fx.admin, 'create.json', survey({ kind: 'group', id: groupId }, { closesAt: new Date(0).toISOString() }))).statusCode).toBe(400);
  });
});
