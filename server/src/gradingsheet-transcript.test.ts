/**
 * Two areas together (docs/areas/gradingsheet.md, docs/areas/transcript.md), each through its service:
 * every grading sheet of the demo's current half-year (2026-27 autumn) against the transcript: each
 * demo teacher opens every discipline and group of his list, fills every admitted student's exam
 * points (values fixed by the student and the sheet) and signs; then each student's transcript (its
 * service, once the half-year is closed) shows exactly the sheets' totals and grades.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE_STUDENT, ROLE_TEACHER } from '@contract/common';
import { EXAM_POINTS_MAX, type Sheet } from '@contract/gradingsheet';
import { rowsOf } from './db/client';
import type { AuthInfo } from './shared/caller';
import { testClock } from './test/helpers';
import { useTestApp } from './test/fixture';
import { TranscriptService } from './modules/transcript/transcript.service';
import { GradingSheetService } from './modules/gradingsheet/gradingsheet.service';

const YEAR = 2026;
const WS = 1;
const clock = testClock(new Date(2026, 10, 30, 12, 0));
const fx = useTestApp({ now: clock.now, signIn: [] });

const caller = (role: typeof ROLE_TEACHER | typeof ROLE_STUDENT, userId: number, uid: number, login: string): AuthInfo => ({
  sessionId: 0,
  userId,
  role,
  uid,
  login,
  newsPerms: false,
  via: 'password',
});

/** A student's exam points on a sheet: fixed by both, spread over 0..40. */
const examOf = (sheetId: number, studentId: number) => (studentId * 7 + sheetId * 3) % (EXAM_POINTS_MAX + 1);

describe("the demo half-year's grading sheets and the transcript", () => {
  it('signs every sheet the demo teachers open; every student’s transcript shows its totals and grades', async () => {
    const db = fx.db.database.db;
    const sheets = new GradingSheetService(fx.app.ctx);
    const teachers = await rowsOf<{ userId: number; teacherId: number; login: string }>(
      db,
      sql`select u.id as "userId", u.teacher_id as "teacherId", u.login from users u
           where u.role = ${ROLE_TEACHER} and u.teacher_id is not null and not u.disabled
             and exists (select 1 from teaching_assignments a where a.teacher_id = u.teacher_id and a.academic_year_id = ${YEAR} and a.working_semester_id = ${WS})
           order by u.id`,
    );
    expect(teachers.length).toBeGreaterThan(0);
    const signed = new Map<number, Sheet>();
    for (const t of teachers) {
      const auth = caller(ROLE_TEACHER, t.userId, t.teacherId, t.login);
      for (const item of await sheets.list(auth, { id_a_year: YEAR, id_w_s: WS }, 'en')) {
        let sheet = await sheets.open(auth, { id_journal: item.id_journal, id_group: item.id_group }, 'en');
        // A discipline and group several teachers share has one sheet: the first to reach it fills it.
        if (signed.has(sheet.id)) continue;
        expect(sheet.signed).toBe(false);
        const admitted = sheet.lines.filter((l) => l.admitted);
        if (admitted.length)
          sheet = await sheets.exam(
            auth,
            { id_sheet: sheet.id, points: admitted.map((l) => ({ id_student: l.id_student, exam: examOf(sheet.id, l.id_student) })) },
            'en',
          );
        sheet = await sheets.sign(auth, sheet.id, 'en');
        expect(sheet.signed).toBe(true);
        signed.set(sheet.id, sheet);
      }
    }
    expect(signed.size).toBeGreaterThan(0);

    // What each student's line says, by student and discipline code.
    const expected = new Map<number, Map<string, { total: number | null; letter: string | null }>>();
    for (const s of signed.values())
      for (const l of s.lines) {
        if (l.admitted) expect(l.total).toBe(l.modulePoints + examOf(s.id, l.id_student));
        else expect(l.total).toBe(l.modulePoints);
        const own = expected.get(l.id_student) ?? new Map();
        own.set(s.code, { total: l.total, letter: l.letter });
        expected.set(l.id_student, own);
      }

    // The transcript shows a half-year's results once it is closed.
    clock.set(new Date(2027, 2, 1, 12, 0));
    try {
      const transcripts = new TranscriptService(fx.app.ctx);
      let compared = 0;
      for (const [studentId, own] of expected) {
        const t = await transcripts.transcript(caller(ROLE_STUDENT, 0, studentId, `student-${studentId}`), 'en');
        const shown = new Map(
          t.groups
            .flatMap((g) => g.years)
            .filter((y) => y.id_a_year === YEAR)
            .flatMap((y) => y.semesters)
            .filter((s) => s.id_w_s === WS)
            .flatMap((s) => s.disciplines)
            .map((d) => [d.code_discipline, { total: d.points, letter: d.ekv_bukv }]),
        );
        for (const [code, line] of own) {
          expect({ studentId, code, ...shown.get(code) }).toEqual({ studentId, code, ...line });
          compared++;
        }
      }
      expect(compared).toBe([...signed.values()].reduce((n, s) => n + s.lines.length, 0));
    } finally {
      clock.set(new Date(2026, 10, 30, 12, 0));
    }
  }, 120000);
});
