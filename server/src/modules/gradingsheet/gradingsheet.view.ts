/**
 * A grading sheet as a caller sees it (docs/areas/gradingsheet.md): its heading, modules, grade
 * scale, lines, history and what the caller may do with it.
 */
import { ATTEMPT_COMMISSION, EXAM_POINTS_MAX, type Sheet, type SheetGrade } from '@contract/gradingsheet';
import type { Language } from '@contract/common';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import { halfYearTitle } from '../../lib/sheet-texts';
import { fullName } from '../../lib/person';
import { lineViews, type LineViews } from './gradingsheet.lines';
import { moduleMax } from './gradingsheet.points';
import * as repo from './gradingsheet.repository';
import { SX } from './gradingsheet.texts';

/**
 * The sheet as the caller sees it, in his language; `rights`: whether he teaches it and whether he is
 * its dean's office; `lines`: its lines as read already (else read now).
 */
export async function sheetView(
  db: Db,
  s: repo.SheetRow,
  rights: { teacher: boolean; dean: boolean },
  lang: Language,
  admissionMin: number,
  lines?: LineViews,
): Promise<Sheet> {
  const [{ views, moduleIds, scale }, names, g, modules, history, resits] = await Promise.all([
    lines ?? lineViews(db, s, admissionMin),
    repo.sheetNames(db, s),
    repo.group(db, s.groupId),
    repo.moduleNames(db),
    repo.historyOf(db, s.id),
    repo.resitsOf(db, s.id),
  ]);
  const moduleName = new Map(modules.map((m) => [m.id, localName(m, lang)]));
  const grades: SheetGrade[] = scale.map((b) => ({ min: b.min, max: b.max, letter: b.letter, word: localName(b, lang), pass: b.ekvNum > 0 }));
  const studentName = new Map(views.map((v) => [v.student.id, fullName(v.student)]));
  return {
    id: s.id,
    attempt: s.attempt,
    parentId: s.parentId,
    discipline: localName(names.discipline, lang),
    code: names.code,
    group: g?.name ?? '',
    faculty: g ? localName(g.faculty, lang) : '',
    teacher: fullName(names),
    id_a_year: s.academicYearId,
    id_w_s: s.workingSemesterId,
    halfYear: halfYearTitle(lang, s.academicYearId, s.workingSemesterId),
    credits: s.credits,
    control: localName(names.control, lang),
    signed: s.signed,
    signedAt: s.signedAt ? s.signedAt.toISOString() : null,
    modules: moduleIds.map((id, i) => ({
      id_module: id,
      name: id === 0 ? SX.allLessons[lang] : (moduleName.get(id) ?? String(id)),
      max: moduleMax(i, moduleIds.length),
    })),
    examMax: EXAM_POINTS_MAX,
    admissionMin: s.attempt > 1 ? 0 : admissionMin,
    grades,
    lines: views.map((v) => ({
      id_student: v.student.id,
      fio: fullName(v.student),
      modules: v.modules,
      modulePoints: v.modulePoints,
      admitted: v.admitted,
      left: v.left,
      exam: v.line.examPoints,
      total: v.total,
      letter: v.band?.letter ?? null,
      word: v.band ? localName(v.band, lang) : null,
      passed: v.passed,
      resitId: resits.get(v.student.id) ?? null,
    })),
    history: history.map((h) => ({
      action: h.action,
      student: h.studentId === null ? null : (studentName.get(h.studentId) ?? null),
      oldPoints: h.oldPoints,
      newPoints: h.newPoints,
      reason: h.reason,
      who: h.surname ? fullName({ surname: h.surname, name: h.name!, patronymic: h.patronymic }) : (h.login ?? ''),
      at: new Date(h.at).toISOString(),
    })),
    canWrite: rights.teacher && !s.signed,
    canReopen: rights.dean && s.signed,
    canResit: rights.teacher && s.signed && s.attempt < ATTEMPT_COMMISSION,
  };
}
