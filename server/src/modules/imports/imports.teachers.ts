/**
 * Teachers: matched by the teacher code; the department by its name in any of the three languages
 * (or "faculty code / name" when two faculties have a department of that name), the position by its
 * name or number. A new teacher gets an account whose login is the teacher code and whose one-time
 * password must be changed, with the login, at the first sign-in, as a new student's.
 */
import type { Language } from '@contract/common';
import type { ImportRecord } from '@contract/imports';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import type { ImportKindDef } from './imports.kind';
import { changesOf, DuplicateCheck, normalizeHeader, RowReader, type Column, type Field } from './imports.rows';
import { departmentsOf } from './imports.departments';
import * as people from './imports.people';
import * as repo from './imports.repository';
import { quote } from './imports.texts';

type Key = 'code' | 'surname' | 'name' | 'patronymic' | 'gender' | 'birthDate' | 'department' | 'position' | 'phone' | 'email';

export const TEACHER_COLUMNS: readonly Column<Key>[] = [
  {
    key: 'code',
    title: { ru: 'Код преподавателя', kg: 'Окутуучунун коду', en: 'Teacher code' },
    aliases: ['Табельный номер', 'Код сотрудника', 'Staff number', 'Employee ID', 'Кызматкердин коду'],
    required: true,
    example: 'T0101',
  },
  ...people.personColumns({ surname: 'Токтогулов', name: 'Эрлан', patronymic: 'Маратович', gender: 'м', birthDate: '14.03.1980' }),
  {
    key: 'department',
    title: { ru: 'Кафедра', kg: 'Кафедрасы', en: 'Department' },
    aliases: ['Кафедра', 'Chair', 'Название кафедры'],
    required: true,
    example: 'Кафедра программной инженерии',
  },
  {
    key: 'position',
    title: { ru: 'Должность', kg: 'Кызмат орду', en: 'Position' },
    aliases: ['Job title', 'Кызматы'],
    required: true,
    example: 'Доцент',
  },
  ...people.contactColumns('e.toktogulov@example.kg'),
];

/** The login of a new teacher's account: the teacher code (docs/areas/imports.md). */
export const teacherLoginOf = (code: string) => code;

async function positionsOf(db: Db, lang: Language) {
  const list = await repo.allPositions(db);
  const byText = new Map<string, number>();
  for (const p of list) for (const text of [String(p.id), p.nameRu, p.nameKg, p.nameEn]) byText.set(normalizeHeader(text), p.id);
  const nameOf = new Map(list.map((p) => [p.id, localName(p, lang)]));
  const find = (text: string) => byText.get(normalizeHeader(text));
  return {
    find,
    show: (id: unknown) => nameOf.get(id as number) ?? String(id),
    list: list.map((p) => quote(localName(p, lang), lang)).join(', '),
    /** How a file names the position: a name of it (in `lang` first) that finds it, else its number. */
    written: (id: number): string => {
      const p = list.find((one) => one.id === id);
      return (p && [localName(p, lang), p.nameRu, p.nameKg, p.nameEn].find((n) => find(n) === id)) ?? String(id);
    },
  };
}

type Values = Partial<repo.TeacherValues> & { code: string };

export const teachersImport: ImportKindDef<Key> = {
  kind: 'teachers',
  columns: TEACHER_COLUMNS,
  async plan(db, sheet, columns, lang, now) {
    const departments = await departmentsOf(db, lang);
    const positions = await positionsOf(db, lang);
    const today = now.toISOString().slice(0, 10);
    const title = (key: Key) => TEACHER_COLUMNS.find((c) => c.key === key)!.title;
    const fields: readonly Field<repo.TeacherValues>[] = [
      ...people.personFields<repo.TeacherValues>(title, lang),
      { key: 'departmentId', label: title('department'), show: departments.show },
      { key: 'positionId', label: title('position'), show: positions.show },
      { key: 'phone', label: title('phone') },
      { key: 'email', label: title('email') },
    ];

    const plan = { added: [] as ImportRecord[], changed: [] as ImportRecord[], unchanged: 0, refused: [], missing: [] };
    const duplicates = new DuplicateCheck();
    const valid: { line: number; reader: RowReader<Key>; values: Values }[] = [];
    for (const row of sheet.rows) {
      const r = new RowReader(row, columns, lang, plan.refused);
      const code = r.code('code');
      const person = people.readPerson(r, today);
      const departmentText = r.required('department');
      const department = departmentText === null ? undefined : departments.find(departmentText);
      if (departmentText !== null && department === undefined) r.refuse('department', 'unknownDepartment', { value: departmentText });
      if (Array.isArray(department)) r.refuse('department', 'ambiguousDepartment', { value: departmentText!, faculties: departments.facultiesOf(department) });
      const positionText = r.required('position');
      const positionId = positionText === null ? undefined : positions.find(positionText);
      if (positionText !== null && positionId === undefined) r.refuse('position', 'unknownPosition', { value: positionText, positions: positions.list });
      const contacts = people.readContacts(r);
      if (duplicates.repeated(r, 'code', code) || r.refused) continue;
      valid.push({
        line: r.line,
        reader: r,
        values: {
          ...people.personValues(r, code, person),
          departmentId: department as number,
          positionId: positionId!,
          ...contacts,
        },
      });
    }

    const existing = new Map(
      (
        await repo.teachersByCodes(
          db,
          valid.map((v) => v.values.code),
        )
      ).map((t) => [t.code!, t]),
    );
    const write = await people.sortPeople(db, plan, valid, {
      existing,
      login: teacherLoginOf,
      changes: (before, values) => changesOf(fields, before as repo.TeacherValues, values, lang),
      group: (t) => departments.show(t.departmentId),
      insertRecords: repo.insertTeachers,
      updateRecord: repo.updateTeacher,
      insertAccounts: (tx, accounts, at) =>
        repo.insertTeacherAccounts(
          tx,
          accounts.map(({ id, ...a }) => ({ teacherId: id, ...a })),
          at,
        ),
      insert: (values): repo.TeacherValues => ({
        ...people.newPerson(values),
        departmentId: values.departmentId!,
        positionId: values.positionId!,
      }),
    });

    return { ...plan, write };
  },
  async exportRows(db, lang) {
    const departments = await departmentsOf(db, lang);
    const positions = await positionsOf(db, lang);
    // The teacher's record only: never the account (its login or password).
    return (await repo.allTeachers(db)).map((t) => [
      ...people.personCells(t, lang),
      departments.written(t.departmentId),
      positions.written(t.positionId),
      t.phone,
      t.email,
    ]);
  },
};
