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
import { changesOf, DuplicateCheck, normalizeHeader, RowReader, showDate, type Column, type Field } from './imports.rows';
import { departmentsOf } from './imports.departments';
import * as repo from './imports.repository';
import { fullName, GENDER_SHOWN, newAccounts, personValues, readPerson } from './imports.students';
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
  { key: 'surname', title: { ru: 'Фамилия', kg: 'Фамилиясы', en: 'Surname' }, aliases: ['Last name', 'Family name'], required: true, example: 'Токтогулов' },
  { key: 'name', title: { ru: 'Имя', kg: 'Аты', en: 'Name' }, aliases: ['First name', 'Given name'], required: true, example: 'Эрлан' },
  { key: 'patronymic', title: { ru: 'Отчество', kg: 'Атасынын аты', en: 'Patronymic' }, aliases: ['Middle name'], required: false, example: 'Маратович' },
  { key: 'gender', title: { ru: 'Пол', kg: 'Жынысы', en: 'Gender' }, aliases: ['Sex'], required: true, example: 'м' },
  {
    key: 'birthDate',
    title: { ru: 'Дата рождения', kg: 'Туулган күнү', en: 'Birth date' },
    aliases: ['Date of birth', 'Туулган датасы'],
    required: false,
    example: '14.03.1980',
  },
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
  {
    key: 'phone',
    title: { ru: 'Телефон', kg: 'Телефону', en: 'Phone' },
    aliases: ['Phone number', 'Мобильный телефон'],
    required: false,
    example: '+996 555 123 456',
  },
  {
    key: 'email',
    title: { ru: 'Электронная почта', kg: 'Электрондук почта', en: 'Email' },
    aliases: ['E-mail', 'Почта', 'Email address'],
    required: false,
    example: 'e.toktogulov@example.kg',
  },
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
      { key: 'surname', label: title('surname') },
      { key: 'name', label: title('name') },
      { key: 'patronymic', label: title('patronymic') },
      { key: 'gender', label: title('gender'), show: (v) => GENDER_SHOWN[lang][v as 'm' | 'f'] ?? String(v) },
      { key: 'birthDate', label: title('birthDate'), show: (v) => showDate(String(v)) },
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
      const person = readPerson(r, today);
      const departmentText = r.required('department');
      const department = departmentText === null ? undefined : departments.find(departmentText);
      if (departmentText !== null && department === undefined) r.refuse('department', 'unknownDepartment', { value: departmentText });
      if (Array.isArray(department)) r.refuse('department', 'ambiguousDepartment', { value: departmentText!, faculties: departments.facultiesOf(department) });
      const positionText = r.required('position');
      const positionId = positionText === null ? undefined : positions.find(positionText);
      if (positionText !== null && positionId === undefined) r.refuse('position', 'unknownPosition', { value: positionText, positions: positions.list });
      const phone = r.optional('phone', 40);
      const email = r.email('email');
      if (duplicates.repeated(r, 'code', code) || r.refused) continue;
      // A column the file has sets its field (an empty cell clears an optional one); a column it leaves out keeps the field.
      const given = <T>(key: Key, value: T) => (r.has(key) ? value : undefined);
      valid.push({
        line: r.line,
        reader: r,
        values: {
          code: code!,
          ...personValues(r, person),
          departmentId: department as number,
          positionId: positionId!,
          phone: given('phone', phone),
          email: given('email', email),
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
    const taken = await repo.takenLogins(
      db,
      valid.filter((v) => !existing.has(v.values.code)).map((v) => teacherLoginOf(v.values.code)),
    );
    const inserts: repo.TeacherValues[] = [];
    const updates: { id: number; values: Partial<repo.TeacherValues> }[] = [];
    for (const { line, reader, values } of valid) {
      const before = existing.get(values.code);
      if (!before) {
        if (taken.has(teacherLoginOf(values.code).toLowerCase())) {
          reader.refuse('code', 'loginTaken', { value: teacherLoginOf(values.code) });
          continue;
        }
        plan.added.push({ line, key: values.code, changes: [] });
        inserts.push({
          code: values.code,
          surname: values.surname!,
          name: values.name!,
          patronymic: values.patronymic ?? null,
          gender: values.gender!,
          birthDate: values.birthDate ?? null,
          departmentId: values.departmentId!,
          positionId: values.positionId!,
          phone: values.phone ?? null,
          email: values.email ?? null,
        });
        continue;
      }
      const changes = changesOf(fields, before as repo.TeacherValues, values, lang);
      if (changes.length === 0) plan.unchanged++;
      else {
        plan.changed.push({ line, key: values.code, changes });
        const { code: _, ...set } = values;
        updates.push({ id: before.id, values: Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) });
      }
    }

    return {
      ...plan,
      async write(tx, at) {
        const ids = await repo.insertTeachers(tx, inserts);
        for (const u of updates) await repo.updateTeacher(tx, u.id, u.values);
        const { accounts, hashes } = await newAccounts(
          inserts.map((t) => ({ code: t.code, fullName: fullName(t), group: departments.show(t.departmentId), login: teacherLoginOf(t.code) })),
        );
        await repo.insertTeacherAccounts(
          tx,
          accounts.map((a, i) => ({ teacherId: ids.get(a.studentNumber)!, login: a.login, passwordHash: hashes[i] })),
          at,
        );
        return accounts;
      },
    };
  },
  async exportRows(db, lang) {
    const departments = await departmentsOf(db, lang);
    const positions = await positionsOf(db, lang);
    // The teacher's record only: never the account (its login or password).
    return (await repo.allTeachers(db)).map((t) => [
      t.code,
      t.surname,
      t.name,
      t.patronymic,
      GENDER_SHOWN[lang][t.gender as 'm' | 'f'] ?? t.gender,
      t.birthDate === null ? null : new Date(`${t.birthDate}T00:00:00Z`),
      departments.written(t.departmentId),
      positions.written(t.positionId),
      t.phone,
      t.email,
    ]);
  },
};
