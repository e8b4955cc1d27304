/** The registration chooser's chains: a discipline clears teacher and subgroup, a teacher clears the subgroup, a full subgroup offers the waiting list. */
import { describe, expect, it } from 'vitest';
import { initialRegistrationState, registrationActions as A, registrationReducer as reduce } from './registration.slice';

const chosen = () => {
  let s = reduce(initialRegistrationState, A.disciplineSelected({ id: 7 }));
  s = reduce(s, A.teachersLoaded({ data: [{ id: 3, name: 'T' }], fetching: false, error: null, loaded: true }));
  s = reduce(s, A.teacherSelected({ id: 3 }));
  s = reduce(
    s,
    A.subgroupsLoaded({
      data: [{ id: 1, name: 'S1', id_vid_zaniatiy: 2, capacity: 30, taken: 3, waiting: 0, day_number: 1, time: '08:00–09:20', clash: null }],
      fetching: false,
      error: null,
      loaded: true,
    }),
  );
  return reduce(s, A.subgroupSelected({ id: 1 }));
};

describe('registration chooser', () => {
  it('choosing another discipline clears the teacher and the subgroup', () => {
    const s = reduce(chosen(), A.disciplineSelected({ id: 8 }));
    expect(s).toMatchObject({ offeringId: 8, teacherId: null, subgroup: null });
    expect(s.subgroups.data).toEqual([]);
    expect(s.teachers.fetching).toBe(true);
  });

  it('choosing another teacher clears the subgroup', () => {
    const s = reduce(chosen(), A.teacherSelected({ id: 4 }));
    expect(s).toMatchObject({ offeringId: 7, teacherId: 4, subgroup: null });
    expect(s.subgroups.fetching).toBe(true);
  });

  it('a SUBGROUP_FULL refusal offers the waiting list; another failure does not', () => {
    const full = reduce(chosen(), A.saveFailed({ ok: false, problem: 'CLIENT_ERROR', status: 409, error: { code: 'SUBGROUP_FULL', message: 'full' } }));
    expect(full.save.full).toBe(true);
    const clash = reduce(chosen(), A.saveFailed({ ok: false, problem: 'CLIENT_ERROR', status: 400, error: { code: 'TIMETABLE_CLASH', message: 'clash' } }));
    expect(clash.save.full).toBe(false);
  });
});
