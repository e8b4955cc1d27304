/**
 * Specialities: matched by their classifier code; the abbreviation groups are named with (unique in
 * any case), the faculty by its code, the department as the teachers file names it (optional), the
 * names in Russian, Kyrgyz and English, and the years of study. The specialities of the file's
 * faculties that the file does not name are listed, never deleted.
 */
import type { ImportIssue, ImportMissing, ImportRecord } from '@contract/imports';
import { localName } from '../../i18n';
import { departmentsOf } from './imports.departments';
import type { ImportKindDef } from './imports.kind';
import { changesOf, DuplicateCheck, RowReader, type Column, type Field } from './imports.rows';
import * as repo from './imports.repository';

type Key = 'code' | 'abbr' | 'faculty' | 'department' | 'nameRu' | 'nameKg' | 'nameEn' | 'duration';

/** The years a speciality's study may last, and a new one's when the file does not say. */
export const SPECIALITY_YEARS = { min: 1, max: 6, default: 4 } as const;

export const SPECIALITY_COLUMNS: readonly Column<Key>[] = [
  {
    key: 'code',
    title: { ru: 'Код специальности', kg: 'Адистиктин коду', en: 'Speciality code' },
    aliases: ['Код', 'Code', 'Коду', 'Specialty code', 'Шифр'],
    required: true,
    example: '710400',
  },
  {
    key: 'abbr',
    title: { ru: 'Сокращение', kg: 'Кыскартылышы', en: 'Abbreviation' },
    aliases: ['Аббревиатура', 'Краткое название', 'Short name', 'Abbr', 'Кыскача аталышы'],
    required: true,
    example: 'ПИ',
  },
  {
    key: 'faculty',
    title: { ru: 'Код факультета', kg: 'Факультеттин коду', en: 'Faculty code' },
    aliases: ['Факультет', 'Faculty', 'Факультети'],
    required: true,
    example: 'FIT',
  },
  {
    key: 'department',
    title: { ru: 'Кафедра', kg: 'Кафедрасы', en: 'Department' },
    aliases: ['Название кафедры', 'Department name', 'Chair', 'Кафедранын аталышы'],
    required: false,
    example: 'Кафедра программной инженерии',
  },
  {
    key: 'nameRu',
    title: { ru: 'Название (рус.)', kg: 'Аталышы (орус.)', en: 'Name (ru)' },
    aliases: ['Название', 'Название на русском', 'Name (Russian)', 'Name ru', 'Аталышы орусча', 'Орусча аталышы'],
    required: true,
    example: 'Программная инженерия',
  },
  {
    key: 'nameKg',
    title: { ru: 'Название (кырг.)', kg: 'Аталышы (кырг.)', en: 'Name (kg)' },
    aliases: ['Название на кыргызском', 'Name (Kyrgyz)', 'Name kg', 'Аталышы кыргызча', 'Кыргызча аталышы'],
    required: true,
    example: 'Программалык инженерия',
  },
  {
    key: 'nameEn',
    title: { ru: 'Название (англ.)', kg: 'Аталышы (англ.)', en: 'Name (en)' },
    aliases: ['Название на английском', 'Name (English)', 'Name en', 'Name', 'Аталышы англисче', 'Англисче аталышы'],
    required: true,
    example: 'Software Engineering',
  },
  {
    key: 'duration',
    title: { ru: 'Срок обучения, лет', kg: 'Окуу мөөнөтү, жыл', en: 'Duration, years' },
    aliases: ['Срок обучения', 'Лет обучения', 'Duration', 'Years of study', 'Окуу мөөнөтү'],
    required: false,
    example: 4,
  },
];

const title = (key: Key) => SPECIALITY_COLUMNS.find((c) => c.key === key)!.title;

/** A valid row, before the abbreviations are checked against the portal's. */
interface Candidate {
  reader: RowReader<Key>;
  values: Omit<repo.SpecialityValues, 'durationYears' | 'departmentId'> & { durationYears?: number; departmentId?: number | null };
  before: repo.SpecialityRow | undefined;
}

export const specialitiesImport: ImportKindDef<Key> = {
  kind: 'specialities',
  columns: SPECIALITY_COLUMNS,
  async plan(db, sheet, columns, lang) {
    const facultyList = await repo.allFaculties(db);
    const facultyId = new Map(facultyList.map((f) => [f.code, f.id]));
    const facultyCode = new Map(facultyList.map((f) => [f.id, f.code]));
    const departments = await departmentsOf(db, lang);
    const existingList = await repo.allSpecialityRows(db);
    const existing = new Map(existingList.map((s) => [s.code, s]));
    /** The portal's specialities by their abbreviation in lower case. */
    const byAbbr = new Map(existingList.map((s) => [s.abbr.toLowerCase(), s]));
    const fields: readonly Field<repo.SpecialityValues>[] = [
      { key: 'abbr', label: title('abbr') },
      { key: 'facultyId', label: title('faculty'), show: (v) => facultyCode.get(v as number) ?? String(v) },
      { key: 'departmentId', label: title('department'), show: departments.show },
      { key: 'nameRu', label: title('nameRu') },
      { key: 'nameKg', label: title('nameKg') },
      { key: 'nameEn', label: title('nameEn') },
      { key: 'durationYears', label: title('duration') },
    ];

    const plan = { added: [] as ImportRecord[], changed: [] as ImportRecord[], unchanged: 0, refused: [] as ImportIssue[], missing: [] as ImportMissing[] };
    const codes = new DuplicateCheck();
    const abbrs = new DuplicateCheck();
    const named = new Set<string>();
    const fileFaculties = new Set<number>();
    let candidates: Candidate[] = [];
    for (const row of sheet.rows) {
      const r = new RowReader(row, columns, lang, plan.refused);
      const code = r.code('code');
      const abbr = r.name('abbr', true, 20);
      const faculty = r.code('faculty');
      const fid = faculty === null ? undefined : facultyId.get(faculty);
      if (faculty !== null && fid === undefined) r.refuse('faculty', 'unknownFaculty', { value: faculty });
      if (fid !== undefined) fileFaculties.add(fid);
      // The department: as the teachers file names it; of two of that name, the one of the speciality's faculty.
      const departmentText = r.name('department', false);
      let departmentId: number | null | undefined = r.has('department') ? null : undefined;
      if (departmentText !== null) {
        let found = departments.find(departmentText);
        if (Array.isArray(found) && fid !== undefined) {
          const own = found.filter((id) => departments.facultiesOf([id]) === faculty);
          if (own.length === 1) found = own[0];
        }
        if (found === undefined) r.refuse('department', 'unknownDepartment', { value: departmentText });
        else if (Array.isArray(found)) r.refuse('department', 'ambiguousDepartment', { value: departmentText, faculties: departments.facultiesOf(found) });
        else if (fid !== undefined && departments.facultiesOf([found]) !== faculty) {
          r.refuse('department', 'departmentElsewhere', { value: departmentText, other: departments.facultiesOf([found]), faculty: faculty! });
        } else departmentId = found;
      }
      const nameRu = r.name('nameRu', true);
      const nameKg = r.name('nameKg', true);
      const nameEn = r.required('nameEn');
      const duration = r.wholeNumber('duration', SPECIALITY_YEARS.min, SPECIALITY_YEARS.max, false);
      if (code !== null) named.add(code);
      const repeatedCode = codes.repeated(r, 'code', code);
      const repeatedAbbr = abbrs.repeated(r, 'abbr', abbr);
      if (repeatedCode || repeatedAbbr || r.refused) continue;
      candidates.push({
        reader: r,
        values: {
          code: code!,
          abbr: abbr!,
          facultyId: fid!,
          departmentId,
          nameRu: nameRu!,
          nameKg: nameKg!,
          nameEn: nameEn!,
          // An empty or absent duration keeps an existing speciality's; a new one gets the default.
          durationYears: duration ?? undefined,
        },
        before: existing.get(code!),
      });
    }

    // An abbreviation another speciality of the portal has is refused, unless a valid row of the file
    // gives that speciality another one (two specialities may swap theirs): until no row is refused anew.
    for (;;) {
      const freed = new Set(candidates.filter((c) => c.before && c.before.abbr.toLowerCase() !== c.values.abbr.toLowerCase()).map((c) => c.before!.code));
      const taken = candidates.filter((c) => {
        const owner = byAbbr.get(c.values.abbr.toLowerCase());
        return owner !== undefined && owner.code !== c.values.code && !freed.has(owner.code);
      });
      if (taken.length === 0) break;
      for (const c of taken) c.reader.refuse('abbr', 'abbrTaken', { value: c.values.abbr, code: byAbbr.get(c.values.abbr.toLowerCase())!.code });
      candidates = candidates.filter((c) => !taken.includes(c));
    }
    plan.refused.sort((a, b) => a.line - b.line);

    const inserts: repo.SpecialityValues[] = [];
    const updates: { id: number; values: Partial<repo.SpecialityValues>; abbrChanged: boolean }[] = [];
    for (const { reader: r, values, before } of candidates) {
      if (!before) {
        plan.added.push({ line: r.line, key: values.code, changes: [] });
        inserts.push({ ...values, departmentId: values.departmentId ?? null, durationYears: values.durationYears ?? SPECIALITY_YEARS.default });
        continue;
      }
      const changes = changesOf(fields, before, values, lang);
      if (changes.length === 0) plan.unchanged++;
      else {
        plan.changed.push({ line: r.line, key: values.code, changes });
        const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
        updates.push({ id: before.id, values: set, abbrChanged: before.abbr !== values.abbr });
      }
    }
    for (const s of existingList) {
      if (fileFaculties.has(s.facultyId) && !named.has(s.code))
        plan.missing.push({ key: s.code, name: localName(s, lang), group: facultyCode.get(s.facultyId) ?? '' });
    }
    return {
      ...plan,
      async write(tx) {
        // Abbreviations are unique: the changed ones are first set aside (two specialities may swap theirs).
        for (const u of updates) if (u.abbrChanged) await repo.updateSpeciality(tx, u.id, { abbr: `~${u.id}~` });
        for (const u of updates) await repo.updateSpeciality(tx, u.id, u.values);
        await repo.insertSpecialities(tx, inserts);
        return [];
      },
    };
  },
  async exportRows(db, lang) {
    const facultyCode = new Map((await repo.allFaculties(db)).map((f) => [f.id, f.code]));
    const departments = await departmentsOf(db, lang);
    return (await repo.allSpecialityRows(db)).map((s) => [
      s.code,
      s.abbr,
      facultyCode.get(s.facultyId) ?? '',
      s.departmentId === null ? null : departments.written(s.departmentId),
      s.nameRu,
      s.nameKg,
      s.nameEn,
      s.durationYears,
    ]);
  },
};
