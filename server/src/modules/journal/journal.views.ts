/** The journal's rows as the contract shows them. */
import { type JournalInfo, type JournalStudent, type LessonTopic, type VisitRow } from '@contract/journal';
import type { Language } from '@contract/common';
import { localName } from '../../i18n';
import { fullName } from '../../lib/person';
import { journalPeriod, type PeriodRules } from '../../shared/academic/journal-period';
import * as repo from './journal.repository';
import type { JournalSource, StudentRow, VisitCell } from './journal.repository';
import { scaleOf } from './journal.marks';

export const cellKey = (date: string, timeId: number) => `${date}|${timeId}`;

export function visitView(r: VisitCell): VisitRow {
  return {
    id_studentJournalVisit: r.id,
    id_student: r.studentId,
    visitDate: r.visitDate,
    id_time: r.lessonTimeId,
    otsenka: r.mark,
    source: r.source,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function studentView(s: StudentRow): JournalStudent {
  return { id_student: s.id, s_fio: fullName(s), code: s.code, group: s.group, subgroup: s.subgroup };
}

export function infoView(r: JournalSource, lang: Language, formNames: Map<number, string>, rules: PeriodRules): JournalInfo {
  const a = r.a;
  const period = journalPeriod(a, rules);
  return {
    id_journal: a.id,
    id_a_year: a.academicYearId,
    id_w_s: a.workingSemesterId,
    id_semester: a.semesterId,
    semester: String(r.semesterNumber),
    id_discipline: a.disciplineId,
    discipline: localName(r.discipline, lang),
    id_vid_zaniatiy: a.lessonTypeId,
    vid_zaniatiy: localName(r.lessonType, lang),
    id_examination: a.controlFormId,
    examination: localName(r.control, lang),
    credits: a.credits,
    id_groupOrPotok: (a.groupId ?? a.streamId)!,
    groupOrPotok: (r.groupName ?? r.streamName)!,
    isPotok: a.streamId !== null,
    subgroup: a.subgroup,
    id_f_educ: r.educationFormId,
    f_educ: formNames.get(r.educationFormId) ?? '',
    id_teacher: a.teacherId,
    teacher: fullName(r.teacher),
    startsOn: period.startsOn,
    endsOn: period.endsOn,
    closesOn: period.closesOn,
    readOnly: period.closed,
    scale: scaleOf(a),
  };
}

export function topicView(t: Awaited<ReturnType<typeof repo.lessonTopicsOf>>[number]): LessonTopic {
  return {
    visitDate: t.visitDate,
    id_time: t.lessonTimeId,
    topic: t.topic,
    lessonNumber: t.lessonNumber,
    hours: t.hours,
    id_module: t.moduleId,
    id_planTopic: t.planTopicId,
  };
}
