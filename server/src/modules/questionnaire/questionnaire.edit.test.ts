/**
 * /api/questionnaire/ corrections: a questionnaire nobody has answered is edited wholly or deleted by
 * those who manage it; after the first answer its questions stay (409 QUESTIONNAIRE_HAS_ANSWERS), its
 * closing may move but never before now, and it may be closed now. An edit or a deletion racing an
 * answer leaves the answers pointing at the questionnaire's own questions, and anonymity holds.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateBody, QuestionnaireDraft, QuestionnaireLists } from '@contract/questionnaire';
import { students, users } from '../../db/schema';
import { rowsOf } from '../../db/client';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';
import type { SignedIn } from '../../test/requests';
import { questionnaireQuestions, questionnaireResponses, questionnaires } from './questionnaire.schema';
import { createdId, studentGroupOf, surveyBody } from './questionnaire.test-fixture';

const clock = testClock();
const fx = useTestApp({ now: clock.now, signIn: ['teacher', 'student', 'admin'] });
const DAY = 86_400_000;
const db = () => fx.db.database.db;
const post = (who: SignedIn | null, call: string, body: object, lang = 'en') => fx.post(`/api/questionnaire/${call}`, who, body, lang);
const at = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString();

let groupId: number;
let dean: SignedIn;
let deanFaculty: number;

const survey = (extra: Partial<CreateBody> = {}): CreateBody =>
  surveyBody(
    clock.now(),
    {
      title: 'Условия в библиотеке',
      audience: { kind: 'group', id: groupId },
      questions: [
        { kind: 'scale', text: 'Оцените библиотеку', options: [], required: true },
        { kind: 'single', text: 'Как часто вы там бываете?', options: ['Часто', 'Редко'], required: false },
      ],
    },
    extra,
  );
const create = (body: CreateBody, who: SignedIn = fx.admin) => createdId(fx, body, who);
const questionIds = async (id: number) =>
  (await rowsOf<{ id: number }>(db(), sql`select id from questionnaire_questions where questionnaire_id = ${id} order by position`)).map((r) => r.id);
const answer = async (id: number, who: SignedIn = fx.student) => {
  const [first] = await questionIds(id);
  return post(who, 'answer.json', { id, answers: [{ id_question: first, choice: 4 }] });
};
const rowOf = async (id: number) => ({
  q: (await db().select().from(questionnaires).where(eq(questionnaires.id, id)))[0],
  questions: await db().select().from(questionnaireQuestions).where(eq(questionnaireQuestions.questionnaireId, id)),
});
/** Every stored answer of the questionnaire names one of its own questions. */
const strayAnswers = async (id: number) =>
  (
    await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from questionnaire_answers a join questionnaire_responses r on r.id = a.response_id
        where r.questionnaire_id = ${id} and a.question_id not in (select id from questionnaire_questions where questionnaire_id = ${id})`,
    )
  )[0].n;

beforeAll(async () => {
  const me = await studentGroupOf(fx);
  groupId = me.groupId;
  const [d] = await db().select({ id: users.id, facultyId: users.deanFacultyId }).from(users).where(eq(users.login, 'dean'));
  dean = await fx.signInAs(d.id, 'dean');
  deanFaculty = d.facultyId!;
  expect(me.facultyId).toBe(deanFaculty);
});

describe('before the first answer', () => {
  it('is edited wholly by who manages it: the form, its questions and dates change', async () => {
    const id = await create(survey({ opensAt: at(1), closesAt: at(5) }));
    const draft = (await post(fx.admin, 'draft.json', { id })).json().data as QuestionnaireDraft;
    expect(draft).toMatchObject({ id, answers: 0, body: { title: 'Условия в библиотеке', audience: { kind: 'group', id: groupId } } });
    const edited = {
      ...draft.body,
      id,
      title: 'Библиотека и читальный зал',
      opensAt: at(-1),
      anonymous: false,
      questions: [{ kind: 'text' as const, text: 'Что улучшить?', options: [], required: true }],
    };
    expect((await post(dean, 'update.json', edited)).statusCode).toBe(200);
    const form = (await post(fx.student, 'questionnaire.json', { id })).json().data;
    expect(form.item).toMatchObject({ title: 'Библиотека и читальный зал', state: 'open', anonymous: false });
    expect(form.questions.map((x: { text: string }) => x.text)).toEqual(['Что улучшить?']);
  });

  it('refuses bad input (a closing in the past translated, bad options) and others than its managers; nothing changes', async () => {
    const id = await create(survey());
    const before = await rowOf(id);
    const past = await post(fx.admin, 'update.json', { ...survey({ opensAt: at(-5), closesAt: at(-1) }), id }, 'ru');
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toMatchObject({ code: 'QUESTIONNAIRE_CLOSE_PAST', message: expect.stringContaining('позже текущего момента') });
    const noOptions = survey({ questions: [{ kind: 'multiple', text: 'Что?', options: ['Одно'], required: true }] });
    expect((await post(fx.admin, 'update.json', { ...noOptions, id })).json().error.params).toMatchObject({ field: 'questions.0.options' });
    expect((await post(fx.admin, 'update.json', { ...survey({ title: 'ab' }), id })).statusCode).toBe(400);
    // The audience's students and the teachers read or answer it only; another faculty's audience is an administrator's.
    expect((await post(fx.student, 'update.json', { ...survey(), id })).statusCode).toBe(403);
    expect((await post(fx.student, 'delete.json', { id })).statusCode).toBe(403);
    expect((await post(fx.teacher, 'draft.json', { id })).statusCode).toBe(404);
    const [other] = await rowsOf<{ id: number }>(
      db(),
      sql`select g.id from groups g join specialities s on s.id = g.speciality_id where s.faculty_id <> ${deanFaculty} order by g.id limit 1`,
    );
    expect((await post(dean, 'update.json', { ...survey({ audience: { kind: 'group', id: other.id } }), id })).statusCode).toBe(403);
    expect(await rowOf(id)).toEqual(before);
  });

  it('is deleted with its questions, and leaves the lists', async () => {
    const id = await create(survey());
    expect((await post(dean, 'delete.json', { id })).statusCode).toBe(200);
    expect((await rowOf(id)).q).toBeUndefined();
    expect((await rowOf(id)).questions).toEqual([]);
    const lists = (await post(fx.student, 'list.json', {})).json().data as QuestionnaireLists;
    expect(lists.toAnswer.some((x) => x.id === id)).toBe(false);
    expect((await post(dean, 'delete.json', { id })).statusCode).toBe(404);
  });
});

describe('after the first answer', () => {
  it('keeps its questions and is not deleted (409, translated); its closing moves later, never before now; it closes now', async () => {
    const id = await create(survey());
    expect((await answer(id)).statusCode).toBe(200);
    const before = await rowOf(id);
    const edit = await post(fx.admin, 'update.json', { ...survey({ anonymous: false }), id }, 'kg');
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toMatchObject({ code: 'QUESTIONNAIRE_HAS_ANSWERS', message: expect.stringContaining('жооп берилип калган (1)') });
    expect((await post(fx.admin, 'delete.json', { id })).json().error.code).toBe('QUESTIONNAIRE_HAS_ANSWERS');
    expect(await rowOf(id)).toEqual(before);
    // Anonymity holds: the stored response still names nobody.
    const [stored] = await db().select().from(questionnaireResponses).where(eq(questionnaireResponses.questionnaireId, id));
    expect(stored.respondentId).toBeNull();

    expect((await post(fx.admin, 'closing.json', { id, closesAt: at(-0.5) })).json().error.code).toBe('QUESTIONNAIRE_CLOSE_PAST');
    expect((await post(fx.admin, 'closing.json', { id, closesAt: at(-2) })).statusCode).toBe(400);
    expect(await rowOf(id)).toEqual(before);
    const later = at(20);
    expect((await post(dean, 'closing.json', { id, closesAt: later })).statusCode).toBe(200);
    expect((await rowOf(id)).q.closesAt.toISOString()).toBe(later);

    expect((await post(dean, 'close.json', { id })).statusCode).toBe(200);
    const closed = (await post(fx.admin, 'list.json', {})).json().data as QuestionnaireLists;
    expect(closed.managed.find((x) => x.id === id)?.state).toBe('closed');
    const classmate = await fx.signInUnused('qe-classmate', 2, eq(students.groupId, groupId));
    expect((await answer(id, classmate)).json().error.code).toBe('QUESTIONNAIRE_CLOSED');
    expect((await post(dean, 'close.json', { id })).json().error.code).toBe('QUESTIONNAIRE_CLOSED');
  });

  it('an upcoming questionnaire cannot be closed now (it can be deleted)', async () => {
    const id = await create(survey({ opensAt: at(2), closesAt: at(4) }));
    expect((await post(fx.admin, 'close.json', { id })).json().error.code).toBe('QUESTIONNAIRE_NOT_OPEN');
  });
});

describe('races with an answer', () => {
  it('an edit and an answer at once: one wins, and the answers point at the questionnaire’s own questions', async () => {
    for (let i = 0; i < 3; i++) {
      const id = await create(survey());
      const edited = { ...survey({ questions: [{ kind: 'scale', text: `Новый вопрос ${i}`, options: [], required: true }] }), id };
      const [edit, sent] = await Promise.all([post(fx.admin, 'update.json', edited), answer(id)]);
      const outcome = [edit.statusCode, sent.statusCode];
      expect([
        [409, 200],
        [200, 400],
      ]).toContainEqual(outcome);
      if (edit.statusCode === 200) expect(sent.json().error.code).toBe('QUESTIONNAIRE_ANSWER');
      expect(await strayAnswers(id)).toBe(0);
      const { questions } = await rowOf(id);
      expect(questions.map((x) => x.text)).toEqual(edit.statusCode === 200 ? [`Новый вопрос ${i}`] : ['Оцените библиотеку', 'Как часто вы там бываете?']);
    }
  });

  it('a deletion and an answer at once: either the answer is refused (404) or the deletion (409)', async () => {
    for (let i = 0; i < 3; i++) {
      const id = await create(survey());
      const [removed, sent] = await Promise.all([post(fx.admin, 'delete.json', { id }), answer(id)]);
      expect([
        [409, 200],
        [200, 404],
      ]).toContainEqual([removed.statusCode, sent.statusCode]);
      const left = await rowsOf<{ n: number }>(db(), sql`select count(*)::int as n from questionnaire_responses where questionnaire_id = ${id}`);
      expect(left[0].n).toBe(removed.statusCode === 200 ? 0 : 1);
    }
  });
});
