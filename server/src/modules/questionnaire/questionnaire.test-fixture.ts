/** What the questionnaire's server tests (questionnaire.*.test.ts) share: a survey's body and its creation through the call. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CreateBody } from '@contract/questionnaire';
import { groups, specialities, students } from '../../db/schema';
import { currentPeriod } from '../../lib/academic-year';
import type { TestAppFixture } from '../../test/fixture';
import type { SignedIn } from '../../test/requests';

const DAY = 86_400_000;

/** An anonymous survey of the current half-year, open from a day before `now` for ten days; `extra` changes any of it. */
export function surveyBody(now: Date, own: Pick<CreateBody, 'title' | 'audience' | 'questions'>, extra: Partial<CreateBody> = {}): CreateBody {
  const { year, ws } = currentPeriod(now);
  return {
    title: own.title,
    description: '',
    kind: 'survey',
    anonymous: true,
    opensAt: new Date(now.getTime() - DAY).toISOString(),
    closesAt: new Date(now.getTime() + 10 * DAY).toISOString(),
    id_a_year: year,
    id_w_s: ws,
    audience: own.audience,
    questions: own.questions,
    ...extra,
  };
}

/** Creates the questionnaire through create.json (answered 200) and returns its id. */
export async function createdId(fx: TestAppFixture, body: CreateBody, who: SignedIn): Promise<number> {
  const res = await fx.post('/api/questionnaire/create.json', who, body, 'en');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

/** The demo student's group and its faculty. */
export async function studentGroupOf(fx: TestAppFixture): Promise<{ groupId: number; facultyId: number }> {
  const [me] = await fx.db.database.db
    .select({ groupId: students.groupId, facultyId: specialities.facultyId })
    .from(students)
    .innerJoin(groups, eq(groups.id, students.groupId))
    .innerJoin(specialities, eq(specialities.id, groups.specialityId))
    .where(eq(students.id, fx.student.user.uid));
  return me;
}
