/**
 * What the grading sheet offers other areas that give exam points to it
 * (server/src/shared/sheet-exams.ts): the caller's open sheets of a discipline holding some of their
 * students, a sheet by the sheet's own write check, and the points written through
 * SheetExamWrites.give (gradingsheet.exams.ts). Given to the app context by the grading sheet's entry
 * in server/src/modules/index.ts.
 */
import { ROLE_TEACHER } from '@contract/common';
import type { AppContext } from '../../context';
import { fullName } from '../../lib/person';
import type { AuthInfo } from '../../shared/caller';
import type { GivenExams, SheetExams } from '../../shared/sheet-exams';
import { SheetExamWrites } from './gradingsheet.exams';
import * as repo from './gradingsheet.repository';

export function sheetExams(ctx: AppContext): SheetExams {
  const writes = new SheetExamWrites(ctx);
  return {
    async openSheets(auth: AuthInfo, disciplineId: number, studentIds: readonly number[]) {
      if (auth.role !== ROLE_TEACHER) return [];
      const rows = await repo.openSheetsOf(ctx.db, auth.uid, disciplineId, studentIds);
      return rows.map((r) => ({
        id: r.id,
        attempt: r.attempt,
        year: r.year,
        ws: r.ws,
        group: r.group,
        student: r.surname ? fullName({ surname: r.surname, name: r.name!, patronymic: r.patronymic ?? null }) : null,
      }));
    },
    async sheet(auth: AuthInfo, sheetId: number) {
      // The write's own check (404, 403, 409 signed) under the sheet's lock; an open first sheet follows its group as on a read.
      return ctx.db.transaction(async (tx) => {
        const { s, lines } = await writes.locked(tx, auth, sheetId);
        return { id: s.id, disciplineId: s.disciplineId, studentIds: new Set(lines.views.filter((v) => !v.left).map((v) => v.student.id)) };
      });
    },
    giveExams: (auth: AuthInfo, input: GivenExams) => writes.give(auth, input),
  };
}
