/**
 * Students: matched by the student number (record book). A new student gets an account whose login
 * is the student number and whose one-time password must be changed, with the login, at the first
 * sign-in. Students of the file's groups whom the file does not name are listed, never removed or
 * disabled.
 */
import { randomInt } from 'node:crypto';
import type { Language } from '@contract/common';
import type { ImportAccount, ImportMissing, ImportRecord } from '@contract/imports';
import { hashOneTimePasswords } from '../../shared/credentials/password-hash';
import { admissionYears, EDUCATION_FORM_COLUMN, educationFormsOf } from './imports.groups';
import type { ImportKindDef } from './imports.kind';
import { changesOf, DuplicateCheck, normalizeHeader, RowReader, showDate, type Column, type Field } from './imports.rows';
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
  {
    key: 'surname',
    title: { ru: 'Фамилия', kg: 'Фамилиясы', en: 'Surname' },
    aliases: ['Last name', 'Family name', 'Фамилия'],
    required: true,
    example: 'Асанова',
  },
  { key: 'name', title: { ru: 'Имя', kg: 'Аты', en: 'Name' }, aliases: ['First name', 'Given name'], required: true, example: 'Айгерим' },
  {
    key: 'patronymic',
    title: { ru: 'Отчество', kg: 'Атасынын аты', en: 'Patronymic' },
    aliases: ['Middle name'],
    required: false,
    example: 'Бакытовна',
  },
  { key: 'gender', title: { ru: 'Пол', kg: 'Жынысы', en: 'Gender' }, aliases: ['Sex'], required: true, example: 'ж' },
  {
    key: 'birthDate',
    title: { ru: 'Дата рождения', kg: 'Туулган күнү', en: 'Birth date' },
    aliases: ['Date of birth', 'Туулган датасы'],
    required: false,
    example: '05.09.2008',
  },
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
  {
    key: 'phone',
    title: { ru: 'Телефон', kg: 'Телефону', en: 'Phone' },
    aliases: ['Телефон', 'Phone number', 'Мобильный телефон'],
    required: false,
    example: '+996 555 123 456',
  },
  {
    key: 'email',
    title: { ru: 'Электронная почта', kg: 'Электрондук почта', en: 'Email' },
    aliases: ['E-mail', 'Почта', 'Email address'],
    required: false,
    example: 'aigerim.asanova@example.kg',
  },
];

/** How a gender may be written, in any of the three languages. */
export const GENDERS = new Map<string, 'm' | 'f'>([
  ...['м', 'муж', 'мужской', 'm', 'male', 'man', 'э', 'эр', 'эркек'].map((t) => [t, 'm'] as const),
  ...['ж', 'жен', 'женский', 'f', 'female', 'woman', 'а', 'аял', 'кыз'].map((t) => [t, 'f'] as const),
]);
export const GENDER_SHOWN: Record<Language, Record<'m' | 'f', string>> = { ru: { m: 'м', f: 'ж' }, kg: { m: 'э', f: 'а' }, en: { m: 'm', f: 'f' } };

/** Characters of one-time passwords: no look-alikes (0/O, 1/l/I). */
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ONE_TIME_PASSWORD_LENGTH = 12;

/** The columns of a person's own record, the same for students and teachers. */
type PersonKey = 'surname' | 'name' | 'patronymic' | 'gender' | 'birthDate';

/** A row's person (students, teachers): surname, name, patronymic, gender and birth date, each checked. */
export function readPerson<K extends string>(r: RowReader<K | PersonKey>, today: string) {
  const surname = r.name('surname', true, 100);
  const name = r.name('name', true, 100);
  const patronymic = r.name('patronymic', false, 100);
  const genderText = r.required('gender');
  const gender = genderText === null ? undefined : GENDERS.get(normalizeHeader(genderText));
  if (genderText !== null && gender === undefined) r.refuse('gender', 'badGender', { value: genderText });
  const birthDate = r.date('birthDate', '1920-01-01', today);
  return { surname, name, patronymic, gender, birthDate };
}

/** A valid row's person as the record's values: an optional column the file leaves out keeps its field (undefined). */
export function personValues<K extends string>(r: RowReader<K | PersonKey>, p: ReturnType<typeof readPerson>) {
  return {
    surname: p.surname!,
    name: p.name!,
    patronymic: r.has('patronymic') ? p.patronymic : undefined,
    gender: p.gender!,
    birthDate: r.has('birthDate') ? p.birthDate : undefined,
  };
}

/** Random bits of a one-time password (12 characters of 56: about 70). */
export const ONE_TIME_PASSWORD_BITS = Math.floor(ONE_TIME_PASSWORD_LENGTH * Math.log2(PASSWORD_ALPHABET.length));

export function oneTimePassword(): string {
  return Array.from({ length: ONE_TIME_PASSWORD_LENGTH }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

/**
 * The accounts of people an import adds (students, teachers), each with a new one-time password, and
 * their passwords' stored forms in the same order. `code` is the person's code (student number or
 * teacher code), `group` what the accounts file shows beside the name (group or department).
 */
export async function newAccounts(people: readonly { code: string; fullName: string; group: string; login: string }[]) {
  const accounts: ImportAccount[] = people.map((p) => ({
    studentNumber: p.code,
    fullName: p.fullName,
    group: p.group,
    login: p.login,
    password: oneTimePassword(),
  }));
  const hashes = await hashOneTimePasswords(
    accounts.map((a) => a.password),
    ONE_TIME_PASSWORD_BITS,
  );
  return { accounts, hashes };
}

/** The login of a new student's account: the student number (docs/areas/imports.md). */
export const loginOf = (code: string) => code;

type Compared = Omit<repo.StudentValues, 'code'> & { groupName: string };

export const fullName = (s: { surname: string; name: string; patronymic: string | null }) => [s.surname, s.name, s.patronymic].filter(Boolean).join(' ');

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
      { key: 'surname', label: title('surname') },
      { key: 'name', label: title('name') },
      { key: 'patronymic', label: title('patronymic') },
      { key: 'gender', label: title('gender'), show: (v) => GENDER_SHOWN[lang][v as 'm' | 'f'] ?? String(v) },
      { key: 'birthDate', label: title('birthDate'), show: (v) => showDate(String(v)) },
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
      const person = readPerson(r, today);
      const groupText = r.name('group', true, 60);
      const group = groupText === null ? undefined : groupByName.get(groupText);
      if (groupText !== null && !group) r.refuse('group', 'unknownGroup', { value: groupText });
      if (group) fileGroups.add(group.id);
      const admissionYear = r.wholeNumber('admissionYear', years.min, years.max, false);
      const formText = r.optional('educationForm');
      const educationFormId = formText === null ? null : forms.find(formText);
      if (formText !== null && educationFormId === undefined) r.refuse('educationForm', 'unknownForm', { value: formText, forms: forms.list });
      const subgroup = r.wholeNumber('subgroup', 1, 2, false);
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
          groupId: group!.id,
          admissionYear: given('admissionYear', admissionYear ?? undefined),
          educationFormId: given('educationForm', educationFormId ?? undefined),
          subgroup: given('subgroup', subgroup ?? undefined),
          phone: given('phone', phone),
          email: given('email', email),
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
    const newLogins = valid.filter((v) => !existing.has(v.values.code)).map((v) => loginOf(v.values.code));
    const taken = await repo.takenLogins(db, newLogins);
    const inserts: repo.StudentValues[] = [];
    const updates: { id: number; values: Partial<repo.StudentValues> }[] = [];
    for (const { line, reader, values } of valid) {
      const before = existing.get(values.code);
      if (!before) {
        if (taken.has(loginOf(values.code).toLowerCase())) {
          reader.refuse('code', 'loginTaken', { value: loginOf(values.code) });
          continue;
        }
        const group = groupList.find((g) => g.id === values.groupId)!;
        plan.added.push({ line, key: values.code, changes: [] });
        inserts.push({
          code: values.code,
          surname: values.surname!,
          name: values.name!,
          patronymic: values.patronymic ?? null,
          gender: values.gender!,
          birthDate: values.birthDate ?? null,
          groupId: values.groupId,
          admissionYear: values.admissionYear ?? group.admissionYear,
          educationFormId: values.educationFormId ?? group.educationFormId,
          subgroup: values.subgroup ?? 1,
          phone: values.phone ?? null,
          email: values.email ?? null,
        });
        continue;
      }
      const compared = (s: Partial<repo.StudentValues>) => ({ ...s, groupName: s.groupId === undefined ? undefined : groupName.get(s.groupId) });
      const changes = changesOf(fields, compared(before) as Compared, compared(values) as Partial<Compared>, lang);
      if (changes.length === 0) plan.unchanged++;
      else {
        plan.changed.push({ line, key: values.code, changes });
        const { code: _, ...set } = values;
        updates.push({ id: before.id, values: Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) });
      }
    }

    for (const s of await repo.studentsOfGroups(db, [...fileGroups])) {
      if (!fileCodes.has(s.code)) plan.missing.push({ key: s.code, name: fullName(s), group: groupName.get(s.groupId) ?? '' });
    }

    return {
      ...plan,
      async write(tx, at) {
        const ids = await repo.insertStudents(tx, inserts);
        for (const u of updates) await repo.updateStudent(tx, u.id, u.values);
        const { accounts, hashes } = await newAccounts(
          inserts.map((s) => ({ code: s.code, fullName: fullName(s), group: groupName.get(s.groupId) ?? '', login: loginOf(s.code) })),
        );
        await repo.insertStudentAccounts(
          tx,
          accounts.map((a, i) => ({ studentId: ids.get(a.studentNumber)!, login: a.login, passwordHash: hashes[i] })),
          at,
        );
        return accounts;
      },
    };
  },
  async exportRows(db, lang) {
    const forms = await educationFormsOf(db, lang);
    const groupName = new Map((await repo.allGroups(db)).map((g) => [g.id, g.name]));
    // The student's record only: never the account (its login or password).
    return (await repo.allStudents(db)).map((s) => [
      s.code,
      s.surname,
      s.name,
      s.patronymic,
      GENDER_SHOWN[lang][s.gender as 'm' | 'f'] ?? s.gender,
      s.birthDate === null ? null : new Date(`${s.birthDate}T00:00:00Z`),
      groupName.get(s.groupId) ?? '',
      s.admissionYear,
      forms.show(s.educationFormId),
      s.subgroup,
      s.phone,
      s.email,
    ]);
  },
};
