/**
 * Students: matched by the student number (record book). A new student gets an account whose login
 * is the student number and whose one-time password must be changed, with the login, at the first
 * sign-in. Students of the file's groups whom the file does not name are listed, never removed or
 * disabled.
 */
import type { ImportMissing, ImportRecord } from '@contract/imports';
import { admissionYears, EDUCATION_FORM_COLUMN, educationFormsOf } from './imports.groups';
import type { ImportKindDef } from './imports.kind';
import * as people from './imports.people';
import { changesOf, DuplicateCheck, RowReader, type Column, type Field } from './imports.rows';
import * as repo from './imports.repository';

type Key = 'code' | 'surname' | 'name' | 'patronymic' | 'gender' | 'birthDate' | 'group' | 'admissionYear' | 'educationForm' | 'subgroup' | 'phone' | 'email';

export const STUDENT_COLUMNS: readonly Column<Key>[] = [
  {
    key: 'code',
    title: { ru: 'Номер зачётки', kg: 'Зачёт китепчесинин номери', en: 'Student number' },
    aliases: ['Номер зачетной книжки', 'Зачётка', 'Зачетка', 'Шифр', 'Record book number', 'Student ID', 'Студенттин номери'],
    required: true,
    example: '2601101001',
  },
  ...people.personColumns({ surname: 'Асанова', name: 'Айгерим', patronymic: 'Бакытовна', gender: 'ж', birthDate: '05.09.2008' }),
  { key: 'group', title: { ru: 'Группа', kg: 'Тобу', en: 'Group' }, aliases: ['Топ', 'Group name', 'Название группы'], required: true, example: 'ПИ-1-26' },
  {
    key: 'admissionYear',
    title: { ru: 'Год поступления', kg: 'Кабыл алынган жылы', en: 'Admission year' },
    aliases: ['Год набора', 'Year of admission', 'Кабыл алуу жылы'],
    required: false,
    example: 2026,
  },
  { key: 'educationForm', ...EDUCATION_FORM_COLUMN, required: false, example: 'Очная' },
  { key: 'subgroup', title: { ru: 'Подгруппа', kg: 'Кичи топ', en: 'Subgroup' }, aliases: ['Подгруппа (1/2)'], required: false, example: 1 },
  ...people.contactColumns('aigerim.asanova@example.kg'),
];

/** The login of a new student's account: the student number (docs/areas/imports.md). */
export const loginOf = (code: string) => code;

type Compared = Omit<repo.StudentValues, 'code'> & { groupName: string };

export const studentsImport: ImportKindDef<Key> = {
  kind: 'students',
  columns: STUDENT_COLUMNS,
  async plan(db, sheet, columns, lang, now) {
    const forms = await educationFormsOf(db, lang);
    const groupList = await repo.allGroups(db);
    const groupByName = new Map(groupList.map((g) => [g.name, g]));
    const groupName = new Map(groupList.map((g) => [g.id, g.name]));
    const years = admissionYears(now);
    const today = now.toISOString().slice(0, 10);
    const title = (key: Key) => STUDENT_COLUMNS.find((c) => c.key === key)!.title;
    const fields: readonly Field<Compared>[] = [
      ...people.personFields<Compared>(title, lang),
      { key: 'groupName', label: title('group') },
      { key: 'admissionYear', label: title('admissionYear') },
      { key: 'educationFormId', label: title('educationForm'), show: forms.show },
      { key: 'subgroup', label: title('subgroup') },
      { key: 'phone', label: title('phone') },
      { key: 'email', label: title('email') },
    ];

    const plan = { added: [] as ImportRecord[], changed: [] as ImportRecord[], unchanged: 0, refused: [], missing: [] as ImportMissing[] };
    const duplicates = new DuplicateCheck();
    const valid: { line: number; reader: RowReader<Key>; values: Partial<repo.StudentValues> & { code: string; groupId: number } }[] = [];
    const fileGroups = new Set<number>();
    const fileCodes = new Set<string>();
    for (const row of sheet.rows) {
      const r = new RowReader(row, columns, lang, plan.refused);
      const code = r.code('code');
      if (code !== null) fileCodes.add(code);
      const person = people.readPerson(r, today);
      const groupText = r.name('group', true, 60);
      const group = groupText === null ? undefined : groupByName.get(groupText);
      if (groupText !== null && !group) r.refuse('group', 'unknownGroup', { value: groupText });
      if (group) fileGroups.add(group.id);
      const admissionYear = r.wholeNumber('admissionYear', years.min, years.max, false);
      const educationFormId = forms.read(r, 'educationForm', false);
      const subgroup = r.wholeNumber('subgroup', 1, 2, false);
      const contacts = people.readContacts(r);
      if (duplicates.repeated(r, 'code', code) || r.refused) continue;
      // A column the file has sets its field (an empty cell clears an optional one); a column it leaves out keeps the field.
      const given = <T>(key: Key, value: T) => (r.has(key) ? value : undefined);
      valid.push({
        line: r.line,
        reader: r,
        values: {
          ...people.personValues(r, code, person),
          groupId: group!.id,
          admissionYear: given('admissionYear', admissionYear ?? undefined),
          educationFormId: given('educationForm', educationFormId ?? undefined),
          subgroup: given('subgroup', subgroup ?? undefined),
          ...contacts,
        },
      });
    }

    const existing = new Map(
      (
        await repo.studentsByCodes(
          db,
          valid.map((v) => v.values.code),
        )
      ).map((s) => [s.code, s]),
    );
    const compared = (s: Partial<repo.StudentValues>) => ({ ...s, groupName: s.groupId === undefined ? undefined : groupName.get(s.groupId) });
    const write = await people.sortPeople(db, plan, valid, {
      existing,
      login: loginOf,
      changes: (before, values) => changesOf(fields, compared(before) as Compared, compared(values) as Partial<Compared>, lang),
      group: (s) => groupName.get(s.groupId) ?? '',
      insertRecords: repo.insertStudents,
      updateRecord: repo.updateStudent,
      insertAccounts: (tx, accounts, at) =>
        repo.insertStudentAccounts(
          tx,
          accounts.map(({ id, ...a }) => ({ studentId: id, ...a })),
          at,
        ),
      insert: (values): repo.StudentValues => {
        const group = groupList.find((g) => g.id === values.groupId)!;
        return {
          ...people.newPerson(values),
          groupId: values.groupId,
          admissionYear: values.admissionYear ?? group.admissionYear,
          educationFormId: values.educationFormId ?? group.educationFormId,
          subgroup: values.subgroup ?? 1,
        };
      },
    });

    for (const s of await repo.studentsOfGroups(db, [...fileGroups])) {
      if (!fileCodes.has(s.code)) plan.missing.push({ key: s.code, name: people.fullName(s), group: groupName.get(s.groupId) ?? '' });
    }

    return { ...plan, write };
  },
  async exportRows(db, lang) {
    const forms = await educationFormsOf(db, lang);
    const groupName = new Map((await repo.allGroups(db)).map((g) => [g.id, g.name]));
    // The student's record only: never the account (its login or password).
    return (await repo.allStudents(db)).map((s) => [
      ...people.personCells(s, lang),
      groupName.get(s.groupId) ?? '',
      s.admissionYear,
      forms.show(s.educationFormId),
      s.subgroup,
      s.phone,
      s.email,
    ]);
  },
};
