/**
 * Questionnaires' seed step, made by the demo dean's office: a course evaluation of the demo
 * teacher's discipline in the demo student's group, open now (from a day before the seed for thirty
 * days, anonymous, not yet answered); and an evaluation of another of his disciplines of a closed
 * half-year, answered by the students of that discipline (more than QUESTIONNAIRE_MIN_ANSWERS), whose
 * results the demo teacher reads. Declared by the area (`seed` of its entry in server/src/modules/index.ts).
 */
import { sql } from 'drizzle-orm';
import type { QuestionKind } from '@contract/pure/questionnaire';
import { QUESTIONNAIRE_MIN_ANSWERS } from '@contract/pure/questionnaire';
import { rowsOf, type Db } from '../../db/client';
import { DEMO_DEAN, DEMO_STUDENT, DEMO_TEACHER } from '../../db/seed/data';
import { Prng } from '../../db/seed/prng';
import type { SeedContext, SeedStep } from '../../db/seed';
import { currentPeriod } from '../../lib/academic-year';
import { halfYearDates } from '../../shared/academic/journal-period';
import { localDate } from '../../shared/lesson-clock';
import { questionnaireAnswers, questionnaireQuestions, questionnaireRespondents, questionnaireResponses, questionnaires } from './questionnaire.schema';

const DAY = 86_400_000;

const QUESTIONS: { kind: QuestionKind; text: string; options: string[]; required: boolean }[] = [
  { kind: 'scale', text: 'Насколько понятно преподаватель объясняет материал?', options: [], required: true },
  { kind: 'scale', text: 'Насколько полезна дисциплина для вашей будущей профессии?', options: [], required: true },
  { kind: 'scale', text: 'Оцените организацию занятий (начало вовремя, подготовленность, материалы).', options: [], required: true },
  { kind: 'single', text: 'Как часто вы посещали занятия?', options: ['Почти всегда', 'Чаще, чем пропускал(а)', 'Редко'], required: true },
  { kind: 'multiple', text: 'Что было наиболее полезным?', options: ['Лекции', 'Практические занятия', 'Материалы УМК', 'Консультации'], required: false },
  { kind: 'text', text: 'Что бы вы предложили улучшить?', options: [], required: false },
];

const SUGGESTIONS = [
  'Больше практических заданий на реальных проектах.',
  'Выкладывать презентации лекций заранее.',
  'Всё устраивает, спасибо!',
  'Хотелось бы больше консультаций перед экзаменом.',
  'Разбирать ошибки в лабораторных работах на занятии.',
];

async function insertQuestionnaire(db: Db, values: typeof questionnaires.$inferInsert): Promise<{ id: number; questions: number[] }> {
  const [q] = await db.insert(questionnaires).values(values).returning({ id: questionnaires.id });
  const rows = await db
    .insert(questionnaireQuestions)
    .values(QUESTIONS.map((x, i) => ({ ...x, questionnaireId: q.id, position: i + 1 })))
    .returning({ id: questionnaireQuestions.id });
  return { id: q.id, questions: rows.map((r) => r.id) };
}

async function seedQuestionnaires(db: Db, ctx: SeedContext): Promise<void> {
  const [people] = await rowsOf<{ dean: number; teacherId: number; groupId: number; facultyId: number }>(
    db,
    sql`select (select id from users where login = ${DEMO_DEAN.login}) as dean, t.teacher_id as "teacherId",
        (select s.group_id from users u join students s on s.id = u.student_id where u.login = ${DEMO_STUDENT.login}) as "groupId", d.faculty_id as "facultyId"
      from users t join teachers x on x.id = t.teacher_id join departments d on d.id = x.department_id where t.login = ${DEMO_TEACHER.login}`,
  );
  if (!people?.dean || !people.groupId) throw new Error('questionnaire seed: the demo dean, teacher or student is missing');
  const { year, ws } = currentPeriod(ctx.now);
  const [open] = await rowsOf<{ disciplineId: number }>(
    db,
    sql`select a.discipline_id as "disciplineId" from teaching_assignments a
         where a.teacher_id = ${people.teacherId} and a.academic_year_id = ${year} and a.working_semester_id = ${ws}
           and (a.group_id = ${people.groupId} or a.stream_id in (select stream_id from stream_groups where group_id = ${people.groupId}))
         order by a.id limit 1`,
  );
  if (open) {
    await insertQuestionnaire(db, {
      title: 'Итоги полугодия: ваше мнение о дисциплине',
      description: 'Анкета анонимна: ответы хранятся без имени. Пожалуйста, отвечайте честно.',
      kind: 'evaluation',
      anonymous: true,
      opensAt: new Date(ctx.now.getTime() - DAY),
      closesAt: new Date(ctx.now.getTime() + 30 * DAY),
      academicYearId: year,
      workingSemesterId: ws,
      audienceKind: 'group',
      audienceId: people.groupId,
      facultyId: people.facultyId,
      teacherId: people.teacherId,
      disciplineId: open.disciplineId,
      createdBy: people.dean,
      createdAt: ctx.now,
    });
  }

  // A half-year closed well before the seed (beyond any usual grace period), the discipline with the most students.
  const before = localDate(new Date(ctx.now.getTime() - 60 * DAY));
  const past = await rowsOf<{ disciplineId: number; year: number; ws: number; facultyId: number; students: number[] }>(
    db,
    sql`select a.discipline_id as "disciplineId", a.academic_year_id as year, a.working_semester_id::int as ws, d.faculty_id as "facultyId",
        (select coalesce(json_agg(u.id order by u.id), '[]') from users u join students s on s.id = u.student_id
          where u.login <> ${DEMO_STUDENT.login} and s.group_id in (select coalesce(b.group_id, sg.group_id) from teaching_assignments b left join stream_groups sg on sg.stream_id = b.stream_id
            where b.discipline_id = a.discipline_id and b.academic_year_id = a.academic_year_id and b.working_semester_id = a.working_semester_id)) as students
      from teaching_assignments a join disciplines x on x.id = a.discipline_id join departments d on d.id = x.department_id
     where a.teacher_id = ${people.teacherId}
     group by a.discipline_id, a.academic_year_id, a.working_semester_id, d.faculty_id
     order by a.academic_year_id desc, a.working_semester_id desc, a.discipline_id`,
  );
  const closed = past.find((p) => halfYearDates(p.year, p.ws).endsOn < before && p.students.length >= QUESTIONNAIRE_MIN_ANSWERS);
  if (!closed) throw new Error('questionnaire seed: no closed half-year of the demo teacher with enough students');
  const { endsOn } = halfYearDates(closed.year, closed.ws);
  const end = new Date(`${endsOn}T12:00:00Z`).getTime();
  const q = await insertQuestionnaire(db, {
    title: 'Итоги полугодия: ваше мнение о дисциплине',
    description: 'Анкета анонимна: ответы хранятся без имени.',
    kind: 'evaluation',
    anonymous: true,
    opensAt: new Date(end - 21 * DAY),
    closesAt: new Date(end),
    academicYearId: closed.year,
    workingSemesterId: closed.ws,
    audienceKind: 'discipline',
    audienceId: closed.disciplineId,
    facultyId: closed.facultyId,
    teacherId: people.teacherId,
    disciplineId: closed.disciplineId,
    createdBy: people.dean,
    createdAt: new Date(end - 22 * DAY),
  });
  const prng = new Prng('questionnaire');
  const respondents = closed.students.slice(0, Math.max(QUESTIONNAIRE_MIN_ANSWERS + 3, Math.floor(closed.students.length * 0.7)));
  await db.insert(questionnaireRespondents).values(respondents.map((userId) => ({ questionnaireId: q.id, userId })));
  for (let i = 0; i < respondents.length; i++) {
    const [r] = await db.insert(questionnaireResponses).values({ questionnaireId: q.id, respondentId: null }).returning({ id: questionnaireResponses.id });
    const scale = () => prng.int(3, 5);
    const useful = [0, 1, 2, 3].filter(() => prng.chance(0.5));
    const rows = [
      { questionId: q.questions[0], choice: scale(), choices: null, text: null },
      { questionId: q.questions[1], choice: scale(), choices: null, text: null },
      { questionId: q.questions[2], choice: prng.int(2, 5), choices: null, text: null },
      { questionId: q.questions[3], choice: prng.chance(0.7) ? 0 : prng.int(1, 2), choices: null, text: null },
      ...(useful.length ? [{ questionId: q.questions[4], choice: null, choices: useful, text: null }] : []),
      ...(prng.chance(0.6) ? [{ questionId: q.questions[5], choice: null, choices: null, text: prng.pick(SUGGESTIONS) }] : []),
    ];
    await db.insert(questionnaireAnswers).values(rows.map((a) => ({ ...a, responseId: r.id })));
  }
  ctx.log(`questionnaire: an evaluation open for ${DEMO_STUDENT.group}, a closed one with ${respondents.length} answers`);
}

export const SEED_STEPS: readonly SeedStep[] = [{ name: '0023-questionnaire', run: seedQuestionnaires }];
