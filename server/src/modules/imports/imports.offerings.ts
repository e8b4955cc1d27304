/**
 * The disciplines offered for registration (reg_offerings) and their subgroups (reg_subgroups): one
 * row per subgroup. An offering is matched by its academic year, half-year, discipline, speciality
 * (blank: an elective offered to every speciality) and, for a speciality's, the semester of study; a
 * subgroup by its offering, teacher and number. A subgroup never gets fewer seats than students
 * already registered in it. Offerings and subgroups of the file's half-years that it does not name
 * are listed, never deleted.
 */
import type { Language } from '@contract/common';
import type { ImportMissing, ImportRecord } from '@contract/imports';
import type { Db } from '../../db/client';
import { academicYearName } from '../../lib/academic-year';
import type { ImportKindDef } from './imports.kind';
import * as orepo from './imports.offerings.repository';
import { controlFormsOf, MAX_CREDITS, PLAN_COLUMNS } from './imports.plans';
import { changesOf, DuplicateCheck, normalizeHeader, RowReader, type Column, type Field } from './imports.rows';
import * as repo from './imports.repository';
import { TIMETABLE_COLUMNS } from './imports.timetable.columns';
import { DAY_BY_TEXT, dayName, listsOf, readDiscipline, readYearAndHalf } from './imports.timetable.lists';
import { say, WORDS } from './imports.texts';

type Key =
  | 'year'
  | 'halfYear'
  | 'discipline'
  | 'speciality'
  | 'semester'
  | 'credits'
  | 'controlForm'
  | 'displayGroup'
  | 'teacher'
  | 'subgroup'
  | 'lessonType'
  | 'day'
  | 'time'
  | 'capacity';

const from = <C extends Column<string>>(list: readonly C[], key: string) => list.find((c) => c.key === key)!;

/** Seats of one subgroup: at most this many. */
const MAX_CAPACITY = 10_000;

export const OFFERING_COLUMNS: readonly Column<Key>[] = [
  { ...from(TIMETABLE_COLUMNS, 'year'), key: 'year' },
  { ...from(TIMETABLE_COLUMNS, 'halfYear'), key: 'halfYear' },
  { ...from(PLAN_COLUMNS, 'discipline'), key: 'discipline' },
  { ...from(PLAN_COLUMNS, 'speciality'), key: 'speciality', required: false },
  { ...from(PLAN_COLUMNS, 'semester'), key: 'semester', required: false },
  { ...from(PLAN_COLUMNS, 'credits'), key: 'credits' },
  { ...from(PLAN_COLUMNS, 'controlForm'), key: 'controlForm' },
  {
    key: 'displayGroup',
    title: { ru: 'Блок на экране', kg: 'Экрандагы блок', en: 'Display group' },
    aliases: ['Блок', 'Номер блока', 'Block', 'Group on screen', 'Блоктун номери'],
    required: false,
    example: 1,
  },
  { ...from(TIMETABLE_COLUMNS, 'teacher'), key: 'teacher' },
  { ...from(TIMETABLE_COLUMNS, 'subgroup'), key: 'subgroup', example: 1 },
  { ...from(TIMETABLE_COLUMNS, 'lessonType'), key: 'lessonType', example: 'Практическое занятие' },
  { ...from(TIMETABLE_COLUMNS, 'day'), key: 'day' },
  { ...from(TIMETABLE_COLUMNS, 'time'), key: 'time' },
  {
    key: 'capacity',
    title: { ru: 'Число мест', kg: 'Орундардын саны', en: 'Capacity' },
    aliases: ['Места', 'Мест', 'Вместимость', 'Seats', 'Places', 'Орундар', 'Орун'],
    required: true,
    example: 30,
  },
];

const title = (key: Key) => from(OFFERING_COLUMNS, key).title;

/** Everything a row is checked against, and how its records are named. */
async function contextOf(db: Db, lang: Language) {
  const lists = await listsOf(db, lang);
  const controls = await controlFormsOf(db, lang);
  const specialities = await repo.specialityDurations(db);
  const semesters = await orepo.semestersOfHalfYears(db);
  const specialityCode = new Map(specialities.map((s) => [s.id, s.code]));
  const semesterNumber = new Map(semesters.map((s) => [s.id, s.number]));
  const offeringText = (o: Pick<orepo.OfferingValues, 'academicYearId' | 'workingSemesterId' | 'disciplineId' | 'specialityId' | 'semesterId'>) =>
    say(WORDS.offeringKey, lang, {
      discipline: lists.disciplineCode(o.disciplineId),
      speciality: o.specialityId === null ? say(WORDS.allSpecialities, lang) : (specialityCode.get(o.specialityId) ?? String(o.specialityId)),
      semester: semesterNumber.get(o.semesterId) ?? o.semesterId,
      year: academicYearName(o.academicYearId),
      halfYear: lists.halfYearName(o.workingSemesterId),
    });
  return {
    lists,
    controls,
    specialityId: new Map(specialities.map((s) => [s.code, s.id])),
    specialityCode,
    semesters,
    semesterNumber,
    offeringText,
    subgroupText: (offering: string, s: Pick<orepo.SubgroupValues, 'teacherId' | 'number'>) =>
      say(WORDS.subgroupKey, lang, { offering, teacher: lists.teacherCode(s.teacherId), number: s.number }),
    slotText: (s: orepo.SubgroupValues) =>
      say(WORDS.subgroupSlot, lang, {
        lessonType: lists.lessonTypeName(s.lessonTypeId),
        day: dayName(s.dayNumber, lang),
        time: lists.timeStart(s.lessonTimeId),
        capacity: s.capacity,
      }),
  };
}

/** An offering's key: a speciality's offering by its semester of study too, an elective (no speciality) without it. */
const offeringKey = (o: Pick<orepo.OfferingValues, 'academicYearId' | 'workingSemesterId' | 'disciplineId' | 'specialityId' | 'semesterId'>) =>
  [o.academicYearId, o.workingSemesterId, o.disciplineId, o.specialityId ?? '*', o.specialityId === null ? '' : o.semesterId].join(':');
const subgroupKey = (offering: string, s: Pick<orepo.SubgroupValues, 'teacherId' | 'number'>) => `${offering}/${s.teacherId}/${s.number}`;

/** What the file gives of an offering (`semesterId` undefined: an elective's row left it blank, the stored one stays). */
type OfferingFields = Pick<orepo.OfferingValues, 'credits' | 'controlFormId' | 'descGroupNum'> & { semesterId?: number };

export const offeringsImport: ImportKindDef<Key> = {
  kind: 'offerings',
  columns: OFFERING_COLUMNS,
  async plan(db, sheet, columns, lang) {
    const c = await contextOf(db, lang);
    const { lists } = c;
    const offeringFields: readonly Field<OfferingFields>[] = [
      { key: 'semesterId', label: title('semester'), show: (id) => String(c.semesterNumber.get(id as number) ?? id) },
      { key: 'credits', label: title('credits') },
      { key: 'controlFormId', label: title('controlForm'), show: c.controls.show },
      { key: 'descGroupNum', label: title('displayGroup') },
    ];
    const subgroupFields: readonly Field<orepo.SubgroupValues>[] = [
      { key: 'lessonTypeId', label: title('lessonType'), show: lists.lessonTypeName },
      { key: 'dayNumber', label: title('day'), show: (d) => dayName(d as number, lang) },
      { key: 'lessonTimeId', label: title('time'), show: lists.timeStart },
      { key: 'capacity', label: title('capacity') },
    ];
    const existingOfferings = new Map<string, orepo.OfferingRow>();
    for (const o of await orepo.allOfferings(db)) if (!existingOfferings.has(offeringKey(o))) existingOfferings.set(offeringKey(o), o);
    const offeringById = new Map([...existingOfferings.values()].map((o) => [o.id, o]));
    const existingSubgroups = new Map<string, orepo.SubgroupRow>();
    for (const s of await orepo.allSubgroups(db)) {
      const o = offeringById.get(s.offeringId);
      if (o) existingSubgroups.set(subgroupKey(offeringKey(o), s), s);
    }

    const plan = { added: [] as ImportRecord[], changed: [] as ImportRecord[], unchanged: 0, refused: [], missing: [] as ImportMissing[] };
    const duplicates = new DuplicateCheck();
    const named = new Set<string>();
    const halves = new Set<string>();
    /** The file's offerings: the first row's line and values, and what a new one is written with. */
    const fileOfferings = new Map<string, { line: number; fields: OfferingFields; values: orepo.OfferingValues; changesShown: boolean }>();
    const newSubgroups: { offering: string; values: Omit<orepo.SubgroupValues, 'offeringId'> }[] = [];
    const subgroupUpdates: { id: number; values: orepo.SubgroupValues }[] = [];
    for (const row of sheet.rows) {
      const r = new RowReader(row, columns, lang, plan.refused);
      const { year, ws } = readYearAndHalf(r, lists);
      const disciplineId = readDiscipline(r, lists);
      const specialityText = r.optional('speciality', 40);
      const specialityId = specialityText === null ? null : c.specialityId.get(specialityText);
      if (specialityText !== null && specialityId === undefined) r.refuse('speciality', 'unknownSpeciality', { value: specialityText });
      const lastSemester = Math.max(0, ...c.semesters.map((s) => s.number));
      const semesterNumber = r.wholeNumber('semester', 1, lastSemester, specialityText !== null);
      let semester = semesterNumber === null ? undefined : c.semesters.find((s) => s.number === semesterNumber);
      if (semester && ws !== undefined && semester.workingSemesterId !== ws) {
        r.refuse('semester', 'semesterNotInHalfYear', { semester: semester.number, halfYear: lists.halfYearName(ws) });
        semester = undefined;
      }
      const credits = r.wholeNumber('credits', 1, MAX_CREDITS);
      const controlFormId = c.controls.read(r, 'controlForm');
      const descGroupNum = r.wholeNumber('displayGroup', 1, 99, false) ?? 1;
      const teacherCode = r.required('teacher', 40);
      const teacherId = teacherCode === null ? undefined : lists.teacher.get(teacherCode);
      if (teacherCode !== null && teacherId === undefined) r.refuse('teacher', 'unknownTeacher', { value: teacherCode });
      const number = r.wholeNumber('subgroup', 1, 99, false) ?? 1;
      const typeText = r.required('lessonType');
      const lessonTypeId = typeText === null ? undefined : lists.lessonType(typeText);
      if (typeText !== null && lessonTypeId === undefined) r.refuse('lessonType', 'unknownLessonType', { value: typeText, types: lists.lessonTypeList });
      const dayText = r.required('day', 40);
      const dayNumber = dayText === null ? undefined : DAY_BY_TEXT.get(normalizeHeader(dayText));
      if (dayText !== null && dayNumber === undefined) r.refuse('day', 'badDay', { value: dayText });
      const timeText = r.required('time', 20);
      const time = timeText === null ? undefined : lists.time(r.raw('time'), timeText);
      if (timeText !== null && !time) r.refuse('time', 'unknownLessonTime', { value: timeText, times: lists.timeList });
      const capacity = r.wholeNumber('capacity', 1, MAX_CAPACITY);

      // The keys are known even when another value of the row is refused: such a subgroup is not "missing".
      const firstOfHalf = ws === undefined ? undefined : c.semesters.find((s) => s.workingSemesterId === ws);
      const semesterId = semester?.id ?? (specialityText === null && semesterNumber === null ? firstOfHalf?.id : undefined);
      const identity =
        year !== null && ws !== undefined && disciplineId !== undefined && specialityId !== undefined && semesterId !== undefined
          ? { academicYearId: year, workingSemesterId: ws, disciplineId, specialityId, semesterId }
          : null;
      const oKey = identity && offeringKey(identity);
      const sKey = oKey !== null && teacherId !== undefined ? subgroupKey(oKey, { teacherId, number }) : null;
      if (sKey !== null) named.add(sKey);
      if (oKey !== null) named.add(oKey);
      const before = oKey === null ? undefined : existingOfferings.get(oKey);
      const oText = identity && c.offeringText(before ?? identity);
      const sText = oText !== null && teacherId !== undefined ? c.subgroupText(oText, { teacherId, number }) : null;
      if (duplicates.repeated(r, 'subgroup', sText) || r.refused) continue;

      const fields: OfferingFields = {
        credits: credits!,
        controlFormId: controlFormId!,
        descGroupNum,
        semesterId: specialityId === null && semesterNumber === null ? undefined : semesterId!,
      };
      const first = fileOfferings.get(oKey!);
      if (first) {
        const differs = offeringFields.find((f) => fields[f.key] !== undefined && first.fields[f.key] !== undefined && fields[f.key] !== first.fields[f.key]);
        if (differs) {
          const column = ({ semesterId: 'semester', credits: 'credits', controlFormId: 'controlForm', descGroupNum: 'displayGroup' } as const)[differs.key];
          r.refuse(column, 'offeringDiffers', { value: r.text(column) ?? '', line: first.line, other: oText! });
          continue;
        }
      }
      const subgroup = { teacherId: teacherId!, number, lessonTypeId: lessonTypeId!, dayNumber: dayNumber!, lessonTimeId: time!.id, capacity: capacity! };
      const stored = existingSubgroups.get(sKey!);
      if (stored && capacity! < stored.taken) {
        r.refuse('capacity', 'capacityBelowTaken', { value: capacity!, taken: stored.taken });
        continue;
      }
      halves.add(`${year}:${ws}`);
      // The offering's own changes are shown on its first row in the file.
      const offeringChanges = first || !before ? [] : changesOf(offeringFields, before, fields, lang);
      if (!first) {
        fileOfferings.set(oKey!, {
          line: r.line,
          fields,
          values: { ...identity!, ...fields, semesterId: fields.semesterId ?? identity!.semesterId, isElective: specialityId === null },
          changesShown: offeringChanges.length > 0,
        });
      }
      if (!stored) {
        plan.added.push({ line: r.line, key: sText!, changes: offeringChanges });
        newSubgroups.push({ offering: oKey!, values: subgroup });
        continue;
      }
      const changes = [...offeringChanges, ...changesOf(subgroupFields, stored, { ...subgroup, offeringId: stored.offeringId }, lang)];
      if (changes.length === 0) plan.unchanged++;
      else plan.changed.push({ line: r.line, key: sText!, changes });
      if (changes.length > offeringChanges.length) subgroupUpdates.push({ id: stored.id, values: { ...subgroup, offeringId: stored.offeringId } });
    }

    const subgroupsOf = new Map<number, [string, orepo.SubgroupRow][]>();
    for (const [k, s] of existingSubgroups) subgroupsOf.set(s.offeringId, [...(subgroupsOf.get(s.offeringId) ?? []), [k, s]]);
    for (const o of existingOfferings.values()) {
      if (!halves.has(`${o.academicYearId}:${o.workingSemesterId}`)) continue;
      const group = o.specialityId === null ? say(WORDS.allSpecialities, lang) : (c.specialityCode.get(o.specialityId) ?? '');
      const subgroups = subgroupsOf.get(o.id) ?? [];
      if (subgroups.length === 0 && !named.has(offeringKey(o))) plan.missing.push({ key: c.offeringText(o), name: say(WORDS.noSubgroups, lang), group });
      for (const [k, s] of subgroups) if (!named.has(k)) plan.missing.push({ key: c.subgroupText(c.offeringText(o), s), name: c.slotText(s), group });
    }

    return {
      ...plan,
      async write(tx) {
        const ids = new Map<string, number>();
        const fresh = [...fileOfferings.entries()].filter(([key]) => !existingOfferings.has(key));
        const made = await orepo.insertOfferings(
          tx,
          fresh.map(([, o]) => o.values),
        );
        fresh.forEach(([key], i) => ids.set(key, made[i]));
        for (const [key, o] of fileOfferings) {
          const before = existingOfferings.get(key);
          if (!before) continue;
          ids.set(key, before.id);
          if (o.changesShown) await orepo.updateOffering(tx, before.id, { ...o.fields, semesterId: o.fields.semesterId ?? before.semesterId });
        }
        for (const u of subgroupUpdates) await orepo.updateSubgroup(tx, u.id, u.values);
        await orepo.insertSubgroups(
          tx,
          newSubgroups.map((s) => ({ ...s.values, offeringId: ids.get(s.offering)! })),
        );
        return [];
      },
    };
  },
  async exportRows(db, lang) {
    const c = await contextOf(db, lang);
    const offerings = new Map((await orepo.allOfferings(db)).map((o) => [o.id, o]));
    const rows: { o: orepo.OfferingRow; s: orepo.SubgroupRow }[] = [];
    for (const s of await orepo.allSubgroups(db)) {
      const o = offerings.get(s.offeringId);
      if (o) rows.push({ o, s });
    }
    const speciality = (o: orepo.OfferingRow) => (o.specialityId === null ? '' : (c.specialityCode.get(o.specialityId) ?? ''));
    rows.sort(
      (a, b) =>
        a.o.academicYearId - b.o.academicYearId ||
        a.o.workingSemesterId - b.o.workingSemesterId ||
        speciality(a.o).localeCompare(speciality(b.o)) ||
        c.lists.disciplineCode(a.o.disciplineId).localeCompare(c.lists.disciplineCode(b.o.disciplineId)) ||
        a.o.id - b.o.id ||
        c.lists.teacherCode(a.s.teacherId).localeCompare(c.lists.teacherCode(b.s.teacherId)) ||
        a.s.number - b.s.number,
    );
    return rows.map(({ o, s }) => [
      academicYearName(o.academicYearId),
      c.lists.halfYearName(o.workingSemesterId),
      c.lists.disciplineCode(o.disciplineId),
      speciality(o),
      c.semesterNumber.get(o.semesterId) ?? o.semesterId,
      o.credits,
      c.controls.show(o.controlFormId),
      o.descGroupNum,
      c.lists.teacherCode(s.teacherId),
      s.number,
      c.lists.lessonTypeName(s.lessonTypeId),
      dayName(s.dayNumber, lang),
      c.lists.timeStart(s.lessonTimeId),
      s.capacity,
    ]);
  },
};
