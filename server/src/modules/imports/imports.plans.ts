/**
 * Study plans: one row per discipline a cohort (speciality, education form, admission year) studies
 * in a semester, with its credits and form of assessment. A row is matched by the cohort, the
 * semester and the discipline (the plan's own unique key); the academic year follows from the
 * admission year and the semester (semesters 1 and 2 in the first year, 3 and 4 in the second...).
 */
import type { Language } from '@contract/common';
import type { ImportRecord } from '@contract/imports';
import type { Db } from '../../db/client';
import { ADMISSION_YEAR_COLUMN, admissionYears, EDUCATION_FORM_COLUMN, educationFormsOf, SPECIALITY_CODE_COLUMN } from './imports.groups';
import type { ImportKindDef } from './imports.kind';
import { changesOf, DuplicateCheck, formsList, RowReader, sortKnown, writeRecords, type Column, type Field } from './imports.rows';
import * as repo from './imports.repository';
import { say, WORDS } from './imports.texts';

type Key = 'speciality' | 'educationForm' | 'admissionYear' | 'semester' | 'discipline' | 'credits' | 'controlForm';

/** Credits of one discipline in one semester: at most this many. */
export const MAX_CREDITS = 30;

export const PLAN_COLUMNS: readonly Column<Key>[] = [
  { key: 'speciality', ...SPECIALITY_CODE_COLUMN },
  { key: 'educationForm', ...EDUCATION_FORM_COLUMN, required: true, example: 'Очная' },
  { key: 'admissionYear', ...ADMISSION_YEAR_COLUMN },
  {
    key: 'semester',
    title: { ru: 'Семестр', kg: 'Семестр', en: 'Semester' },
    aliases: ['Номер семестра', 'Semester number', 'Семестрдин номери'],
    required: true,
    example: 1,
  },
  {
    key: 'discipline',
    title: { ru: 'Код дисциплины', kg: 'Сабактын коду', en: 'Discipline code' },
    aliases: ['Дисциплина', 'Discipline', 'Subject code', 'Course code', 'Сабак'],
    required: true,
    example: 'PI-101',
  },
  { key: 'credits', title: { ru: 'Кредиты', kg: 'Кредиттер', en: 'Credits' }, aliases: ['Кредит', 'ECTS', 'Кредиттер саны'], required: true, example: 5 },
  {
    key: 'controlForm',
    title: { ru: 'Форма контроля', kg: 'Текшерүү формасы', en: 'Assessment' },
    aliases: ['Контроль', 'Control form', 'Form of assessment', 'Отчётность', 'Отчетность'],
    required: true,
    example: 'Экзамен',
  },
];

/** The forms of assessment (formsList in imports.rows.ts). */
export const controlFormsOf = async (db: Db, lang: Language) => formsList(await repo.allControlForms(db), lang, 'unknownControlForm');

/** The academic year (its first calendar year) in which a cohort admitted in `admissionYear` studies semester `semester`. */
export const academicYearOf = (admissionYear: number, semester: number) => admissionYear + Math.floor((semester - 1) / 2);

export const plansImport: ImportKindDef<Key> = {
  kind: 'plans',
  columns: PLAN_COLUMNS,
  async plan(db, sheet, columns, lang, now) {
    const forms = await educationFormsOf(db, lang);
    const controls = await controlFormsOf(db, lang);
    const specialities = new Map((await repo.specialityDurations(db)).map((s) => [s.code, s]));
    const disciplineId = new Map((await repo.allDisciplines(db)).map((d) => [d.code, d.id]));
    const semesters = await repo.allSemesters(db);
    const semesterId = new Map(semesters.map((s) => [s.number, s.id]));
    const lastSemester = Math.max(0, ...semesters.map((s) => s.number));
    const academicYears = await repo.academicYearIds(db);
    const rowKey = (p: Pick<repo.PlanValues, 'specialityId' | 'educationFormId' | 'admissionYear' | 'semesterId' | 'disciplineId'>) =>
      [p.specialityId, p.educationFormId, p.admissionYear, p.semesterId, p.disciplineId].join(':');
    const existing = new Map((await repo.allPlanRows(db)).map((p) => [rowKey(p), p]));
    const years = admissionYears(now);
    const fields: readonly Field<repo.PlanValues>[] = [
      { key: 'credits', label: PLAN_COLUMNS[5].title },
      { key: 'controlFormId', label: PLAN_COLUMNS[6].title, show: controls.show },
    ];
    const plan = { added: [] as ImportRecord[], changed: [] as ImportRecord[], unchanged: 0, refused: [], missing: [] };
    const inserts: repo.PlanValues[] = [];
    const updates: { id: number; values: repo.PlanValues }[] = [];
    const duplicates = new DuplicateCheck();
    for (const row of sheet.rows) {
      const r = new RowReader(row, columns, lang, plan.refused);
      const specialityCode = r.required('speciality', 40);
      const speciality = specialityCode === null ? undefined : specialities.get(specialityCode);
      if (specialityCode !== null && !speciality) r.refuse('speciality', 'unknownSpeciality', { value: specialityCode });
      const educationFormId = forms.read(r, 'educationForm');
      const admissionYear = r.wholeNumber('admissionYear', years.min, years.max);
      const semester = r.wholeNumber('semester', 1, lastSemester);
      const beyondStudy = semester !== null && speciality !== undefined && semester > speciality.durationYears * 2;
      if (beyondStudy) r.refuse('semester', 'semesterBeyondStudy', { value: semester, speciality: speciality.code, max: speciality.durationYears * 2 });
      const academicYearId = admissionYear === null || semester === null ? null : academicYearOf(admissionYear, semester);
      if (academicYearId !== null && !beyondStudy && !academicYears.has(academicYearId)) {
        r.refuse('semester', 'noAcademicYear', { semester: semester!, year: admissionYear!, academicYear: `${academicYearId}-${academicYearId + 1}` });
      }
      const disciplineCode = r.required('discipline', 40);
      const discipline = disciplineCode === null ? undefined : disciplineId.get(disciplineCode);
      if (disciplineCode !== null && discipline === undefined) r.refuse('discipline', 'unknownDiscipline', { value: disciplineCode });
      const credits = r.wholeNumber('credits', 1, MAX_CREDITS);
      const controlFormId = controls.read(r, 'controlForm');
      if (r.refused) continue;
      const values: repo.PlanValues = {
        specialityId: speciality!.id,
        educationFormId: educationFormId!,
        admissionYear: admissionYear!,
        academicYearId: academicYearId!,
        semesterId: semesterId.get(semester!)!,
        disciplineId: discipline!,
        credits: credits!,
        controlFormId: controlFormId!,
      };
      const key = say(WORDS.planKey, lang, {
        discipline: disciplineCode!,
        speciality: specialityCode!,
        form: forms.show(educationFormId),
        year: admissionYear!,
        semester: semester!,
      });
      if (duplicates.repeated(r, 'discipline', key)) continue;
      const before = existing.get(rowKey(values));
      if (!before) {
        plan.added.push({ line: r.line, key, changes: [] });
        inserts.push(values);
        continue;
      }
      sortKnown(plan, updates, { line: r.line, key, id: before.id, values }, changesOf(fields, before, values, lang));
    }
    return { ...plan, write: writeRecords(inserts, updates, repo.insertPlanRows, repo.updatePlanRow) };
  },
  async exportRows(db, lang) {
    const forms = await educationFormsOf(db, lang);
    const controls = await controlFormsOf(db, lang);
    const specialityCode = new Map((await repo.specialityDurations(db)).map((s) => [s.id, s.code]));
    const disciplineCode = new Map((await repo.allDisciplines(db)).map((d) => [d.id, d.code]));
    const semesterNumber = new Map((await repo.allSemesters(db)).map((s) => [s.id, s.number]));
    return (await repo.allPlanRows(db)).map((p) => [
      specialityCode.get(p.specialityId) ?? '',
      forms.show(p.educationFormId),
      p.admissionYear,
      semesterNumber.get(p.semesterId) ?? p.semesterId,
      disciplineCode.get(p.disciplineId) ?? '',
      p.credits,
      controls.show(p.controlFormId),
    ]);
  },
};
