/**
 * What the registration tests (registration*.test.ts) share: their calls under
 * /api/regfordisciplines as any caller, with the reply's data and error, and the body that saves a
 * plan or elective row in one teacher's subgroup.
 */
import type { RegRow, RegSubgroup, SaveRegistrationBody } from '@contract/registration';
import type { TestAppFixture } from '../../test/fixture';
import type { Caller } from '../../test/requests';

export const P = '/api/regfordisciplines';

/** POST `${P}/${path}` as `who` (in `lang` when given): the reply, its data and its error. */
export function registrationCalls(fx: Pick<TestAppFixture, 'post'>) {
  return {
    async post<T = unknown>(who: Caller, path: string, payload: object, lang?: string) {
      const res = await fx.post(`${P}/${path}`, who, payload, lang);
      return { res, data: res.json().data as T, error: res.json().error as { code: string; message: string } | null };
    },
  };
}

/** The save of `row` by student `student.id` of group `student.groupId` in teacher `teacherId`'s subgroup `sub`. */
export function saveBody(
  half: { id_a_year: number; id_w_s: 1 | 2 },
  row: RegRow,
  teacherId: number,
  sub: RegSubgroup,
  student: { id: number; groupId: number },
): SaveRegistrationBody {
  return {
    ...half,
    id_semester: row.id_semester,
    id_kafedra: row.id_kafedra,
    id_teacher: teacherId,
    id_discipline: row.id_discipline,
    kredits: row.kredits,
    id_examination: row.id_examination,
    id_group: student.groupId,
    subgroup: sub.id,
    id_student: student.id,
    id_vid_zaniatiy: sub.id_vid_zaniatiy,
    id_disciplineForStudent: row.id_disciplineForStudent,
    isByPlan: !row.isElective,
    descGroupNum: row.descGroupNum,
  };
}
