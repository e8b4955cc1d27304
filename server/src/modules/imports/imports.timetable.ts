/**
 * The weekly timetable (schedule_entries): one row per weekly lesson of a half-year, matched by the
 * university's own keys (academic year, half-year, group or stream, subgroup, day, lesson time). A
 * row's journal (teaching assignment: teacher, discipline, lesson type, group or stream, subgroup,
 * half-year and the group's semester of study) is found, or made from the group's study plan (its
 * credits and form of assessment) as the demo seed makes them (server/src/db/seed/university.ts).
 * A room, a teacher or a group (or its half) in two places at once is refused, whether the other
 * lesson is in the file or in the portal. Lessons the file does not name are listed, never deleted.
 */
import type { Language } from '@contract/common';
import type { ImportMissing, ImportRecord } from '@contract/imports';
import { academicYearName } from '../../lib/academic-year';
import type { ImportKindDef } from './imports.kind';
import { roomKey } from './imports.rooms';
import { changesOf, DuplicateCheck, normalizeHeader, RowReader, type Field } from './imports.rows';
import * as repo from './imports.repository';
import { columnTitle, TIMETABLE_COLUMNS, type TimetableKey } from './imports.timetable.columns';
import { dayName, DAY_BY_TEXT, listsOf, readDiscipline, readYearAndHalf, type Lists, type Target } from './imports.timetable.lists';
import { say, WORDS } from './imports.texts';

/** Where and when a lesson is: what a row is matched by. */
interface Place {
  year: number;
  ws: number;
  day: number;
  time: number;
  target: Target;
  subgroup: number;
}

const placeKey = (p: Place) => [p.year, p.ws, p.day, p.time, `${p.target.kind}${p.target.id}`, p.subgroup].join(':');
const slotKey = (p: Pick<Place, 'year' | 'ws' | 'day' | 'time'>) => [p.year, p.ws, p.day, p.time].join(':');

function placeText(p: Place, lists: Lists, lang: Language): string {
  return say(WORDS.lessonKey, lang, {
    target: p.target.name,
    subgroup: p.subgroup === 0 ? '' : say(WORDS.subgroup, lang, { number: p.subgroup }),
    day: dayName(p.day, lang),
    time: lists.timeStart(p.time),
    year: academicYearName(p.year),
    halfYear: lists.halfYearName(p.ws),
  });
}

/** What a lesson is: the fields a corrected file may change. */
interface Lesson {
  disciplineId: number;
  lessonTypeId: number;
  teacherId: number;
  auditoriumId: number;
}

function lessonText(l: Lesson, lists: Lists, lang: Language): string {
  return say(WORDS.lesson, lang, {
    discipline: lists.disciplineCode(l.disciplineId),
    lessonType: lists.lessonTypeName(l.lessonTypeId),
    teacher: lists.teacherCode(l.teacherId),
    room: lists.roomName(l.auditoriumId),
  });
}

/** The place of an entry of the portal (undefined when its group or stream is gone). */
function placeOfEntry(e: repo.EntryRow, lists: Lists): Place | undefined {
  const target = e.groupId !== null ? lists.targetOf('g', e.groupId) : lists.targetOf('s', e.streamId!);
  return target && { year: e.academicYearId, ws: e.workingSemesterId, day: e.dayNumber, time: e.lessonTimeId, target, subgroup: e.subgroup };
}

const assignmentKey = (
  a: Pick<
    repo.AssignmentValues,
    'teacherId' | 'disciplineId' | 'academicYearId' | 'workingSemesterId' | 'semesterId' | 'lessonTypeId' | 'groupId' | 'streamId' | 'subgroup'
  >,
) =>
  [a.teacherId, a.disciplineId, a.academicYearId, a.workingSemesterId, a.semesterId, a.lessonTypeId, a.groupId ?? '', a.streamId ?? '', a.subgroup].join(':');

/** A row that passed its own checks. */
interface Valid {
  reader: RowReader<TimetableKey>;
  place: Place;
  key: string;
  text: string;
  lesson: Lesson;
  semesterId: number;
}

/** A lesson as the clash check sees it: a room, a teacher and the halves of groups it holds at its slot. */
interface Holder {
  line?: number;
  text: string;
  slot: string;
  room: number;
  teacher: number;
  halves: string[];
}

function holderOf(place: Place, lesson: Lesson, lists: Lists, lang: Language, line?: number): Holder {
  const halves = place.subgroup === 0 ? [1, 2] : [place.subgroup];
  return {
    line,
    text:
      line === undefined
        ? say(WORDS.otherLesson, lang, { lesson: `${placeText(place, lists, lang)} — ${lessonText(lesson, lists, lang)}` })
        : say(WORDS.otherLine, lang, { line }),
    slot: slotKey(place),
    room: lesson.auditoriumId,
    teacher: lesson.teacherId,
    halves: place.target.groupIds.flatMap((g) => halves.map((h) => `${g}/${h}`)),
  };
}

export const timetableImport: ImportKindDef<TimetableKey> = {
  kind: 'timetable',
  columns: TIMETABLE_COLUMNS,
  async plan(db, sheet, columns, lang) {
    const lists = await listsOf(db, lang);
    const plan = { added: [] as ImportRecord[], changed: [] as ImportRecord[], unchanged: 0, refused: [], missing: [] as ImportMissing[] };
    const duplicates = new DuplicateCheck();
    const named = new Set<string>();
    const halves = new Map<string, repo.HalfYear>();
    let valid: Valid[] = [];
    for (const row of sheet.rows) {
      const r = new RowReader(row, columns, lang, plan.refused);
      const { year, ws } = readYearAndHalf(r, lists);
      const targetName = r.required('group', 100);
      const target = targetName === null ? undefined : lists.target(targetName);
      if (targetName !== null && !target) r.refuse('group', 'unknownGroupOrStream', { value: targetName });
      const subgroup = r.wholeNumber('subgroup', 0, 2, false) ?? 0;
      const dayText = r.required('day', 40);
      const day = dayText === null ? undefined : DAY_BY_TEXT.get(normalizeHeader(dayText));
      if (dayText !== null && day === undefined) r.refuse('day', 'badDay', { value: dayText });
      const timeText = r.required('time', 20);
      const time = timeText === null ? undefined : lists.time(r.raw('time'), timeText);
      if (timeText !== null && !time) r.refuse('time', 'unknownLessonTime', { value: timeText, times: lists.timeList });
      const disciplineId = readDiscipline(r, lists);
      const typeText = r.required('lessonType');
      const lessonTypeId = typeText === null ? undefined : lists.lessonType(typeText);
      if (typeText !== null && lessonTypeId === undefined) r.refuse('lessonType', 'unknownLessonType', { value: typeText, types: lists.lessonTypeList });
      const teacherCode = r.required('teacher', 40);
      const teacherId = teacherCode === null ? undefined : lists.teacher.get(teacherCode);
      if (teacherCode !== null && teacherId === undefined) r.refuse('teacher', 'unknownTeacher', { value: teacherCode });
      const building = r.required('building', 100);
      const roomName = r.required('room', 60);
      const auditoriumId = building === null || roomName === null ? undefined : lists.room.get(roomKey(building, roomName));
      if (building !== null && roomName !== null && auditoriumId === undefined) r.refuse('room', 'unknownRoom', { value: roomKey(building, roomName) });
      let semesterId: number | undefined;
      if (year !== null && lists.yearIds.has(year) && ws !== undefined && target) {
        const number = (year - target.admissionYear) * 2 + ws;
        semesterId = lists.semesterId.get(number);
        if (semesterId === undefined)
          r.refuse('group', 'noSemesterOfStudy', { group: target.name, admission: target.admissionYear, academicYear: academicYearName(year) });
      }
      // The key is known even when another value of the row is refused: such a lesson is not "missing".
      const place = year !== null && ws !== undefined && target && day !== undefined && time ? { year, ws, day, time: time.id, target, subgroup } : null;
      if (place) named.add(placeKey(place));
      const text = place && placeText(place, lists, lang);
      if (duplicates.repeated(r, 'group', text) || r.refused) continue;
      halves.set(`${place!.year}:${place!.ws}`, { year: place!.year, ws: place!.ws });
      valid.push({
        reader: r,
        place: place!,
        key: placeKey(place!),
        text: text!,
        lesson: { disciplineId: disciplineId!, lessonTypeId: lessonTypeId!, teacherId: teacherId!, auditoriumId: auditoriumId! },
        semesterId: semesterId!,
      });
    }

    // The journals: found among the half-years' teaching assignments, else made from the group's study plan.
    const halfYears = [...halves.values()];
    const entries = await repo.timetableEntries(db, halfYears);
    const assignments = new Map<string, number>();
    for (const a of await repo.assignmentsOf(db, halfYears)) if (!assignments.has(assignmentKey(a))) assignments.set(assignmentKey(a), a.id);
    const plans = new Map(
      (await repo.allPlanRows(db)).map((p) => [[p.specialityId, p.educationFormId, p.admissionYear, p.semesterId, p.disciplineId].join(':'), p]),
    );
    const newAssignments = new Map<string, repo.AssignmentValues>();
    const assignmentOf = (v: Valid): Omit<repo.AssignmentValues, 'credits' | 'controlFormId'> => ({
      teacherId: v.lesson.teacherId,
      disciplineId: v.lesson.disciplineId,
      academicYearId: v.place.year,
      workingSemesterId: v.place.ws,
      semesterId: v.semesterId,
      lessonTypeId: v.lesson.lessonTypeId,
      groupId: v.place.target.kind === 'g' ? v.place.target.id : null,
      streamId: v.place.target.kind === 's' ? v.place.target.id : null,
      subgroup: v.place.subgroup,
    });
    valid = valid.filter((v) => {
      const a = assignmentOf(v);
      const key = assignmentKey(a);
      if (assignments.has(key) || newAssignments.has(key)) return true;
      const t = v.place.target;
      const studied = plans.get([t.specialityId, t.educationFormId, t.admissionYear, v.semesterId, v.lesson.disciplineId].join(':'));
      if (!studied) {
        v.reader.refuse('discipline', 'notInPlan', {
          discipline: lists.disciplineCode(v.lesson.disciplineId),
          group: t.name,
          semester: lists.semesterNumber.get(v.semesterId) ?? v.semesterId,
        });
        return false;
      }
      newAssignments.set(key, { ...a, credits: studied.credits, controlFormId: studied.controlFormId });
      return true;
    });

    // No room, teacher or half of a group in two places at once: the portal's lessons that the file does
    // not replace, then the file's rows in their order. A refused row leaves its lesson in the portal as it
    // is, which may clash with a row checked before it: checked again until no row is refused.
    const existing = new Map<string, repo.EntryRow>();
    for (const e of entries) {
      const place = placeOfEntry(e, lists);
      if (place && !existing.has(placeKey(place))) existing.set(placeKey(place), e);
    }
    for (;;) {
      const replaced = new Set(valid.map((v) => v.key));
      const rooms = new Map<string, Holder>();
      const teachers = new Map<string, Holder>();
      const groups = new Map<string, Holder>();
      const hold = (h: Holder) => {
        rooms.set(`${h.slot}:${h.room}`, h);
        teachers.set(`${h.slot}:${h.teacher}`, h);
        for (const half of h.halves) groups.set(`${h.slot}:${half}`, h);
      };
      for (const e of entries) {
        const place = placeOfEntry(e, lists);
        if (place && !replaced.has(placeKey(place))) hold(holderOf(place, e, lists, lang));
      }
      const kept = valid.filter((v) => {
        const h = holderOf(v.place, v.lesson, lists, lang, v.reader.line);
        const room = rooms.get(`${h.slot}:${h.room}`);
        const teacher = teachers.get(`${h.slot}:${h.teacher}`);
        const group = h.halves.map((half) => groups.get(`${h.slot}:${half}`)).find((g) => g !== undefined);
        if (room) v.reader.refuse('room', 'roomTaken', { room: lists.roomName(h.room), other: room.text });
        if (teacher) v.reader.refuse('teacher', 'teacherBusy', { value: lists.teacherCode(h.teacher), other: teacher.text });
        if (group) v.reader.refuse('group', 'groupBusy', { value: v.place.target.name, other: group.text });
        if (room || teacher || group) return false;
        hold(h);
        return true;
      });
      if (kept.length === valid.length) break;
      valid = kept;
    }

    const fields: readonly Field<Lesson>[] = [
      { key: 'disciplineId', label: columnTitle('discipline'), show: lists.disciplineCode },
      { key: 'lessonTypeId', label: columnTitle('lessonType'), show: lists.lessonTypeName },
      { key: 'teacherId', label: columnTitle('teacher'), show: lists.teacherCode },
      { key: 'auditoriumId', label: columnTitle('room'), show: lists.roomName },
    ];
    const inserts: Valid[] = [];
    const updates: { id: number; before: repo.EntryRow; row: Valid }[] = [];
    for (const v of valid) {
      const before = existing.get(v.key);
      if (!before) {
        plan.added.push({ line: v.reader.line, key: v.text, changes: [] });
        inserts.push(v);
        continue;
      }
      const changes = changesOf(fields, before, v.lesson, lang);
      if (changes.length === 0) plan.unchanged++;
      else {
        plan.changed.push({ line: v.reader.line, key: v.text, changes });
        updates.push({ id: before.id, before, row: v });
      }
    }
    for (const [key, e] of existing) {
      if (named.has(key)) continue;
      const place = placeOfEntry(e, lists)!;
      plan.missing.push({ key: placeText(place, lists, lang), name: lessonText(e, lists, lang), group: place.target.name });
    }

    return {
      ...plan,
      async write(tx) {
        const made = await repo.insertAssignments(tx, [...newAssignments.values()]);
        for (const a of made) assignments.set(assignmentKey(a), a.id);
        const valuesOf = (v: Valid) => ({ ...v.lesson, teachingAssignmentId: assignments.get(assignmentKey(assignmentOf(v)))! });
        // The rooms of a slot are unique (schedule_room_slot_uq): a lesson moves into a room once the lesson
        // that holds it has moved out; rooms swapped in a circle pass one lesson through a free room first.
        const held = new Map<string, number>(
          entries.map((e) => [
            `${slotKey({ year: e.academicYearId, ws: e.workingSemesterId, day: e.dayNumber, time: e.lessonTimeId })}:${e.auditoriumId}`,
            e.id,
          ]),
        );
        type Move = { id: number; slot: string; from: number | null; to: number; apply: () => Promise<void> };
        let pending: Move[] = [
          ...updates.map((u) => ({
            id: u.id,
            slot: slotKey(u.row.place),
            from: u.before.auditoriumId,
            to: u.row.lesson.auditoriumId,
            apply: () => repo.updateEntry(tx, u.id, valuesOf(u.row)),
          })),
        ];
        const newEntries: repo.EntryValues[] = inserts.map((v) => ({
          academicYearId: v.place.year,
          workingSemesterId: v.place.ws,
          semesterId: v.semesterId,
          dayNumber: v.place.day,
          lessonTimeId: v.place.time,
          groupId: v.place.target.kind === 'g' ? v.place.target.id : null,
          streamId: v.place.target.kind === 's' ? v.place.target.id : null,
          subgroup: v.place.subgroup,
          educationFormId: v.place.target.educationFormId,
          isSelect: false,
          ...valuesOf(v),
        }));
        while (pending.length > 0) {
          const ready = pending.filter((m) => [undefined, m.id].includes(held.get(`${m.slot}:${m.to}`)));
          if (ready.length === 0) {
            const m = pending[0];
            const free = lists.roomIds.find((id) => !held.has(`${m.slot}:${id}`));
            if (free === undefined) throw new Error('timetable import: no free room to swap rooms through');
            await repo.updateEntry(tx, m.id, { auditoriumId: free });
            held.delete(`${m.slot}:${m.from}`);
            held.set(`${m.slot}:${free}`, m.id);
            m.from = free;
            continue;
          }
          for (const m of ready) {
            await m.apply();
            held.delete(`${m.slot}:${m.from}`);
            held.set(`${m.slot}:${m.to}`, m.id);
          }
          pending = pending.filter((m) => !ready.includes(m));
        }
        // New lessons last: the rooms they take are free by now (the clash check saw to it).
        await repo.insertEntries(tx, newEntries);
        return [];
      },
    };
  },
  async exportRows(db, lang) {
    const lists = await listsOf(db, lang);
    const rows = (await repo.timetableEntries(db)).flatMap((e) => {
      const place = placeOfEntry(e, lists);
      return place ? [{ place, e }] : [];
    });
    rows.sort(
      (a, b) =>
        a.place.year - b.place.year ||
        a.place.ws - b.place.ws ||
        a.place.target.name.localeCompare(b.place.target.name) ||
        a.place.subgroup - b.place.subgroup ||
        a.place.day - b.place.day ||
        a.place.time - b.place.time,
    );
    return rows.map(({ place, e }) => {
      const room = lists.roomOf.get(e.auditoriumId);
      return [
        academicYearName(place.year),
        lists.halfYearName(place.ws),
        place.target.name,
        place.subgroup,
        dayName(place.day, lang),
        lists.timeStart(place.time),
        lists.disciplineCode(e.disciplineId),
        lists.lessonTypeName(e.lessonTypeId),
        lists.teacherCode(e.teacherId),
        room?.building ?? '',
        room?.name ?? '',
      ];
    });
  },
};
