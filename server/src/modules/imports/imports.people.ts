/**
 * People imported with an account (students, teachers): the person's columns read and compared, the
 * rows sorted into new and changed records, and the new accounts with their one-time passwords.
 */
import { randomInt } from 'node:crypto';
import type { Language } from '@contract/common';
import type { ImportAccount, ImportFieldChange, ImportRecord } from '@contract/imports';
import type { Db } from '../../db/client';
import { hashOneTimePasswords } from '../../shared/credentials/password-hash';
import { normalizeHeader, RowReader, showDate, type Column, type Field } from './imports.rows';
import * as repo from './imports.repository';
import type { Texts } from './imports.texts';

/** The columns of a person's own record, the same for students and teachers. */
type PersonKey = 'surname' | 'name' | 'patronymic' | 'gender' | 'birthDate';

/** The person's columns of a students or teachers file, with the template's example values. */
export function personColumns(example: Record<PersonKey, string>): Column<PersonKey>[] {
  return [
    {
      key: 'surname',
      title: { ru: 'Фамилия', kg: 'Фамилиясы', en: 'Surname' },
      aliases: ['Last name', 'Family name'],
      required: true,
      example: example.surname,
    },
    { key: 'name', title: { ru: 'Имя', kg: 'Аты', en: 'Name' }, aliases: ['First name', 'Given name'], required: true, example: example.name },
    {
      key: 'patronymic',
      title: { ru: 'Отчество', kg: 'Атасынын аты', en: 'Patronymic' },
      aliases: ['Middle name'],
      required: false,
      example: example.patronymic,
    },
    { key: 'gender', title: { ru: 'Пол', kg: 'Жынысы', en: 'Gender' }, aliases: ['Sex'], required: true, example: example.gender },
    {
      key: 'birthDate',
      title: { ru: 'Дата рождения', kg: 'Туулган күнү', en: 'Birth date' },
      aliases: ['Date of birth', 'Туулган датасы'],
      required: false,
      example: example.birthDate,
    },
  ];
}

/** The contact columns of a students or teachers file (both optional), with the template's example email. */
export function contactColumns(email: string): Column<'phone' | 'email'>[] {
  return [
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
      example: email,
    },
  ];
}

/** How a gender may be written, in any of the three languages. */
export const GENDERS = new Map<string, 'm' | 'f'>([
  ...['м', 'муж', 'мужской', 'm', 'male', 'man', 'э', 'эр', 'эркек'].map((t) => [t, 'm'] as const),
  ...['ж', 'жен', 'женский', 'f', 'female', 'woman', 'а', 'аял', 'кыз'].map((t) => [t, 'f'] as const),
]);
export const GENDER_SHOWN: Record<Language, Record<'m' | 'f', string>> = { ru: { m: 'м', f: 'ж' }, kg: { m: 'э', f: 'а' }, en: { m: 'm', f: 'f' } };

/** Characters of one-time passwords: no look-alikes (0/O, 1/l/I). */
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ONE_TIME_PASSWORD_LENGTH = 12;

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

/** A valid row's code and person as the record's values: an optional column the file leaves out keeps its field (undefined). */
export function personValues<K extends string>(r: RowReader<K | PersonKey>, code: string | null, p: ReturnType<typeof readPerson>) {
  return {
    code: code!,
    surname: p.surname!,
    name: p.name!,
    patronymic: r.has('patronymic') ? p.patronymic : undefined,
    gender: p.gender!,
    birthDate: r.has('birthDate') ? p.birthDate : undefined,
  };
}

/** A row's contacts, each checked: a column the file leaves out keeps its field (undefined). */
export function readContacts<K extends string>(r: RowReader<K | 'phone' | 'email'>) {
  const phone = r.optional('phone', 40);
  const email = r.email('email');
  return { phone: r.has('phone') ? phone : undefined, email: r.has('email') ? email : undefined };
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
async function newAccounts(people: readonly { code: string; fullName: string; group: string; login: string }[]) {
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

export const fullName = (s: { surname: string; name: string; patronymic: string | null }) => [s.surname, s.name, s.patronymic].filter(Boolean).join(' ');

/** A person's record as it is compared and written. */
interface Person {
  code: string | null;
  surname: string;
  name: string;
  patronymic: string | null;
  gender: string;
  birthDate: string | null;
}

/** The person's fields compared between the database and the file. */
export function personFields<V extends Omit<Person, 'code'>>(title: (key: PersonKey) => Texts, lang: Language): Field<V>[] {
  return [
    { key: 'surname', label: title('surname') },
    { key: 'name', label: title('name') },
    { key: 'patronymic', label: title('patronymic') },
    { key: 'gender', label: title('gender'), show: (v) => GENDER_SHOWN[lang][v as 'm' | 'f'] ?? String(v) },
    { key: 'birthDate', label: title('birthDate'), show: (v) => showDate(String(v)) },
  ];
}

/** A new person's record (with the contacts) from a valid row's values: an optional value the file leaves out is empty. */
export function newPerson(values: Partial<Person & { phone: string | null; email: string | null }> & { code: string }) {
  return {
    code: values.code,
    surname: values.surname!,
    name: values.name!,
    patronymic: values.patronymic ?? null,
    gender: values.gender!,
    birthDate: values.birthDate ?? null,
    phone: values.phone ?? null,
    email: values.email ?? null,
  };
}

/** The first cells of a person's exported row: the code and the person, as a file writes them. */
export function personCells(p: Person, lang: Language) {
  return [
    p.code,
    p.surname,
    p.name,
    p.patronymic,
    GENDER_SHOWN[lang][p.gender as 'm' | 'f'] ?? p.gender,
    p.birthDate === null ? null : new Date(`${p.birthDate}T00:00:00Z`),
  ];
}

/** How a people's import compares, adds and writes its records (`I` a new record, `R` one in the database). */
interface PeopleStore<V, R, I> {
  existing: Map<string, R>;
  /** The login of a new person's account. */
  login: (code: string) => string;
  changes: (before: R, values: V) => ImportFieldChange[];
  /** A new record from a valid row's values. */
  insert: (values: V) => I;
  /** What the accounts file shows beside a new person's name (group or department). */
  group: (record: I) => string;
  insertRecords: (tx: Db, records: I[]) => Promise<Map<string, number>>;
  updateRecord: (tx: Db, id: number, values: NoInfer<Partial<V>>) => Promise<void>;
  insertAccounts: (tx: Db, accounts: { id: number; login: string; passwordHash: string }[], at: Date) => Promise<void>;
}

/**
 * Sorts a people's import's valid rows into the plan: a code the database does not know is added
 * (refused when its login is taken), a known one changed or unchanged. Returns the plan's `write`:
 * the records, then the new people's accounts, each with a one-time password.
 */
export async function sortPeople<K extends string, V extends { code: string }, R extends { id: number }, I extends Person & { code: string }>(
  db: Db,
  plan: { added: ImportRecord[]; changed: ImportRecord[]; unchanged: number },
  valid: readonly { line: number; reader: RowReader<K>; values: V }[],
  store: PeopleStore<V, R, I>,
) {
  const { existing, login } = store;
  const taken = await repo.takenLogins(
    db,
    valid.filter((v) => !existing.has(v.values.code)).map((v) => login(v.values.code)),
  );
  const inserts: I[] = [];
  const updates: { id: number; values: Partial<V> }[] = [];
  for (const { line, reader, values } of valid) {
    const before = existing.get(values.code);
    if (!before) {
      if (taken.has(login(values.code).toLowerCase())) {
        reader.refuse('code' as K, 'loginTaken', { value: login(values.code) });
        continue;
      }
      plan.added.push({ line, key: values.code, changes: [] });
      inserts.push(store.insert(values));
      continue;
    }
    const changes = store.changes(before, values);
    if (changes.length === 0) plan.unchanged++;
    else {
      plan.changed.push({ line, key: values.code, changes });
      const { code: _, ...set } = values;
      updates.push({ id: before.id, values: Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) as Partial<V> });
    }
  }
  return async (tx: Db, at: Date) => {
    const ids = await store.insertRecords(tx, inserts);
    for (const u of updates) await store.updateRecord(tx, u.id, u.values);
    const { accounts, hashes } = await newAccounts(inserts.map((r) => ({ code: r.code, fullName: fullName(r), group: store.group(r), login: login(r.code) })));
    await store.insertAccounts(
      tx,
      accounts.map((a, i) => ({ id: ids.get(a.studentNumber)!, login: a.login, passwordHash: hashes[i] })),
      at,
    );
    return accounts;
  };
}
