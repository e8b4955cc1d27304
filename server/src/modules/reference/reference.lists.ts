/**
 * The reference lists, one description each (docs/areas/reference.md): the table, the columns with
 * their kinds and bounds, the columns of the row's id, the values no two rows share, and the list's own
 * rules (`check`, run after each value is checked against its column). A new list is a new entry here,
 * its name in contract/reference.ts and its texts in public/locales/{ru,kg,en}/reference.json.
 */
import type { Language, IdName } from '@contract/common';
import { academicYearName } from '@contract/pure/academic-year';
import { APP_LINK_ICONS, MENU_LINK_KEYS } from '@contract/reference';
import type { ReferenceColumnKind, ReferenceListName, ReferenceReason, ReferenceValue } from '@contract/reference';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import { halfYearDates } from '../../shared/academic/journal-period';
import { localDate } from '../../shared/lesson-clock';
import { regOfferings, regSubgroups } from './reference.offerings';
import * as repo from './reference.repository';

export interface ColumnDef {
  /** The key of the value in requests and replies (and of its label on screen). */
  key: string;
  kind: ReferenceColumnKind;
  /** The SQL column; for `names` the prefix of its three columns (`name` → name_ru, name_kg, name_en). */
  column: string;
  required?: boolean;
  /** Part of the row's id: given when the row is added, fixed afterwards. */
  identity?: boolean;
  /** Bounds of a number; `max` is the longest text (200 when not told). */
  min?: number;
  max?: number;
  /** The values a `text` column takes, when it is one of a fixed list. */
  choices?: readonly string[];
  /** The choices of a `select` column, in the caller's language. */
  options?: (db: Db, lang: Language) => Promise<IdName[]>;
  /** A `select` column stored as a boolean: its choices are 0 (no) and 1 (yes). */
  boolean?: boolean;
}

export type Values = Record<string, ReferenceValue>;

/** What a list's own rule is given: the transaction, and the id of the row changed (null for a new row). */
export interface CheckContext {
  db: Db;
  rowId: string | null;
}

interface ListBase {
  name: ReferenceListName;
  columns: readonly ColumnDef[];
  /** The list's own rules over the checked values: throws invalid(field, reason). */
  check?: (values: Values, ctx: CheckContext) => Promise<void> | void;
}

/** A list that is a table of rows. */
export interface TableListDef extends ListBase {
  table: string;
  /** The SQL columns of the row's id, in order (a generated `id` when no column is an `identity`). */
  idColumns: readonly string[];
  /** ORDER BY of its rows (SQL of the code, never of a request). */
  orderBy: string;
  /** Column keys whose values no two rows share (compared in any case for text): 409 naming the last one. */
  unique?: readonly (readonly string[])[];
  /** Whether students are registered for the row, which no foreign key stops deleting (the registrations would go with it): 409 REFERENCE_IN_USE. */
  inUse?: (db: Db, rowId: string) => Promise<boolean>;
}

/** A list that is one fixed row of the site settings (key/value): changed only. */
export interface SettingsListDef extends ListBase {
  settings: true;
  /** The row's id. */
  rowId: string;
  /** The setting key of each column (for `names`, the prefix of its three keys, `<prefix>_<lang>`). */
  keys: Record<string, string>;
}

export type ListDef = TableListDef | SettingsListDef;

/** A value refused: 400 with the field and the reason (and its bounds). */
export const invalid = (field: string, reason: ReferenceReason, params: Record<string, string | number> = {}) =>
  new AppError(400, 'REFERENCE_INVALID', { field, reason, ...params });

const DAY_MS = 86_400_000;
/** A university's code (faculty, speciality): letters, digits, `.`, `-`, `_`. */
const CODE = /^[\p{L}\p{N}._-]+$/u;

const academicYears: TableListDef = {
  name: 'academicYears',
  table: 'academic_years',
  idColumns: ['id'],
  orderBy: 'id desc',
  unique: [['id'], ['name']],
  columns: [
    { key: 'id', kind: 'integer', column: 'id', required: true, identity: true, min: 2000, max: 2100 },
    { key: 'name', kind: 'text', column: 'name', required: true, max: 20 },
    { key: 'startsOn', kind: 'date', column: 'starts_on', required: true },
    { key: 'endsOn', kind: 'date', column: 'ends_on', required: true },
  ],
  check(v) {
    const year = v.id as number;
    const name = academicYearName(year);
    if (v.name !== name) throw invalid('name', 'yearName', { name });
    const starts = Date.parse(v.startsOn as string);
    const ends = Date.parse(v.endsOn as string);
    if (ends <= starts) throw invalid('endsOn', 'order');
    const days = (ends - starts) / DAY_MS;
    if (new Date(starts).getUTCFullYear() !== year) throw invalid('startsOn', 'yearLength');
    if (days < 270 || days > 400) throw invalid('endsOn', 'yearLength');
  },
};

/** 'YYYY-MM-DD' as a refusal names it: 'DD.MM.YYYY'. */
const shownDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
/** A year after a half-year's end: the latest last day of marks. */
const MARKS_AFTER_END_MAX_DAYS = 366;

/**
 * A half-year's periods: registration from opensAt (empty: open since the row exists) until closesAt,
 * both by the half-year's last day (the university's dates: the process's zone); the credit ceiling;
 * the last day of marks (empty: the half-year's end plus JOURNAL_GRACE_DAYS), from the half-year's last
 * day to a year after it (shared/academic/journal-period.ts).
 */
const registrationPeriods: TableListDef = {
  name: 'registrationPeriods',
  table: 'registration_periods',
  idColumns: ['academic_year_id', 'working_semester_id'],
  orderBy: 'academic_year_id desc, working_semester_id',
  unique: [['academicYearId', 'workingSemesterId']],
  columns: [
    { key: 'academicYearId', kind: 'select', column: 'academic_year_id', required: true, identity: true, options: (db) => repo.academicYearOptions(db) },
    {
      key: 'workingSemesterId',
      kind: 'select',
      column: 'working_semester_id',
      required: true,
      identity: true,
      options: async (db, lang) => (await repo.workingSemesterOptions(db)).map((w) => ({ id: w.id, name: localName(w, lang) })),
    },
    { key: 'opensAt', kind: 'timestamp', column: 'opens_at' },
    { key: 'closesAt', kind: 'timestamp', column: 'closes_at', required: true },
    { key: 'creditLimit', kind: 'integer', column: 'credit_limit', required: true, min: 1, max: 60 },
    { key: 'marksClosedAfter', kind: 'date', column: 'marks_closed_after' },
  ],
  check(v) {
    const { endsOn } = halfYearDates(v.academicYearId as number, v.workingSemesterId as number);
    const opensAt = v.opensAt === null ? null : new Date(v.opensAt as string);
    const closesAt = new Date(v.closesAt as string);
    if (opensAt && opensAt >= closesAt) throw invalid('opensAt', 'order');
    if (opensAt && localDate(opensAt) > endsOn) throw invalid('opensAt', 'afterHalfYear', { date: shownDate(endsOn) });
    if (localDate(closesAt) > endsOn) throw invalid('closesAt', 'afterHalfYear', { date: shownDate(endsOn) });
    const marks = v.marksClosedAfter as string | null;
    if (marks !== null && marks < endsOn) throw invalid('marksClosedAfter', 'marksBeforeEnd', { date: shownDate(endsOn) });
    const latest = new Date(Date.parse(`${endsOn}T00:00:00Z`) + MARKS_AFTER_END_MAX_DAYS * DAY_MS).toISOString().slice(0, 10);
    if (marks !== null && marks > latest) throw invalid('marksClosedAfter', 'marksTooLate', { date: shownDate(latest) });
  },
};

const lessonTimes: TableListDef = {
  name: 'lessonTimes',
  table: 'lesson_times',
  idColumns: ['id'],
  orderBy: 'id',
  unique: [['id']],
  columns: [
    { key: 'id', kind: 'integer', column: 'id', required: true, identity: true, min: 1, max: 20 },
    { key: 'startsAt', kind: 'time', column: 'starts_at', required: true },
    { key: 'endsAt', kind: 'time', column: 'ends_at', required: true },
  ],
  async check(v, { db }) {
    const start = v.startsAt as string;
    const end = v.endsAt as string;
    if (end <= start) throw invalid('endsAt', 'order');
    const [other] = await repo.overlappingPairs(db, start, end, v.id as number);
    if (other !== undefined) throw invalid('startsAt', 'overlap', { other });
  },
};

/**
 * The university's name, time zone (site settings; server/src/shared/time-zone.ts reads the zone at
 * start) and its own meeting server for online lessons (https only; modules/webinar makes rooms under it).
 */
const settings: SettingsListDef = {
  name: 'settings',
  settings: true,
  rowId: 'university',
  keys: { universityName: 'university_name', timeZone: 'time_zone', meetingServer: 'meeting_server' },
  columns: [
    { key: 'universityName', kind: 'names', column: 'university_name', required: true },
    { key: 'timeZone', kind: 'timeZone', column: 'time_zone', required: true, max: 64 },
    { key: 'meetingServer', kind: 'url', column: 'meeting_server', max: 300 },
  ],
  check: (v) => {
    if (typeof v.meetingServer === 'string' && !/^https:\/\//i.test(v.meetingServer)) throw invalid('meetingServer', 'url');
  },
};

const rooms: TableListDef = {
  name: 'rooms',
  table: 'auditoria',
  idColumns: ['id'],
  orderBy: 'building, name, id',
  unique: [['building', 'name']],
  columns: [
    { key: 'building', kind: 'text', column: 'building', required: true, max: 100 },
    { key: 'name', kind: 'text', column: 'name', required: true, max: 100 },
    { key: 'latitude', kind: 'decimal', column: 'latitude', required: true, min: -90, max: 90 },
    { key: 'longitude', kind: 'decimal', column: 'longitude', required: true, min: -180, max: 180 },
    { key: 'radiusM', kind: 'integer', column: 'radius_m', required: true, min: 5, max: 2000 },
    { key: 'capacity', kind: 'integer', column: 'capacity', min: 1, max: 10000 },
    { key: 'qrNetworks', kind: 'networks', column: 'qr_networks' },
  ],
};

const paidServices: TableListDef = {
  name: 'paidServices',
  table: 'paid_services',
  idColumns: ['id'],
  orderBy: 'id',
  columns: [
    { key: 'name', kind: 'names', column: 'name', required: true },
    { key: 'amount', kind: 'integer', column: 'amount', required: true, min: 1, max: 10_000_000 },
  ],
};

/** The single window's documents; `kind` names what the portal does with one ('study': the certificate it makes), so it stays once added. */
const docTypes: TableListDef = {
  name: 'docTypes',
  table: 'sw_doc_types',
  idColumns: ['id'],
  orderBy: 'sort, id',
  unique: [['kind']],
  columns: [
    { key: 'kind', kind: 'text', column: 'kind', required: true, identity: true, max: 40 },
    { key: 'name', kind: 'names', column: 'name', required: true },
    { key: 'sort', kind: 'integer', column: 'sort', required: true, min: 0, max: 999 },
  ],
  check(v) {
    if (!/^[a-z][a-z0-9_-]*$/.test(v.kind as string)) throw invalid('kind', 'format');
  },
};

const faculties: TableListDef = {
  name: 'faculties',
  table: 'faculties',
  idColumns: ['id'],
  orderBy: 'code, id',
  unique: [['code']],
  columns: [
    { key: 'code', kind: 'text', column: 'code', required: true, max: 20 },
    { key: 'name', kind: 'names', column: 'name', required: true },
  ],
};

const departments: TableListDef = {
  name: 'departments',
  table: 'departments',
  idColumns: ['id'],
  orderBy: '(select code from faculties f where f.id = faculty_id), name_ru, id',
  columns: [
    {
      key: 'facultyId',
      kind: 'select',
      column: 'faculty_id',
      required: true,
      options: async (db, lang) => (await repo.facultyOptions(db)).map((f) => ({ id: f.id, name: `${f.code} — ${localName(f, lang)}` })),
    },
    { key: 'name', kind: 'names', column: 'name', required: true },
  ],
};

/** Specialities: the classifier code and the abbreviation group names use (docs/areas/imports.md loads many at once). */
const specialities: TableListDef = {
  name: 'specialities',
  table: 'specialities',
  idColumns: ['id'],
  orderBy: 'code, id',
  unique: [['code'], ['abbr']],
  columns: [
    { key: 'code', kind: 'text', column: 'code', required: true, max: 20 },
    { key: 'abbr', kind: 'text', column: 'abbr', required: true, max: 20 },
    {
      key: 'facultyId',
      kind: 'select',
      column: 'faculty_id',
      required: true,
      options: async (db, lang) => (await repo.facultyOptions(db)).map((f) => ({ id: f.id, name: `${f.code} — ${localName(f, lang)}` })),
    },
    {
      key: 'departmentId',
      kind: 'select',
      column: 'department_id',
      options: async (db, lang) => (await repo.departmentOptions(db)).map((d) => ({ id: d.id, name: `${d.code} / ${localName(d, lang)}` })),
    },
    { key: 'name', kind: 'names', column: 'name', required: true },
    { key: 'durationYears', kind: 'integer', column: 'duration_years', required: true, min: 1, max: 6 },
  ],
  async check(v, { db }) {
    if (!CODE.test(v.code as string)) throw invalid('code', 'format');
    if (v.departmentId !== null) {
      const department = (await repo.departmentOptions(db)).find((d) => d.id === v.departmentId);
      // The department of another faculty than the speciality's.
      if (department?.facultyId !== v.facultyId) throw invalid('departmentId', 'option');
    }
  },
};

/** Study groups ('ПИ-1-26'); the course in a year follows the admission year. */
const groups: TableListDef = {
  name: 'groups',
  table: 'groups',
  idColumns: ['id'],
  orderBy: 'name, id',
  unique: [['name']],
  columns: [
    { key: 'name', kind: 'text', column: 'name', required: true, max: 40 },
    {
      key: 'specialityId',
      kind: 'select',
      column: 'speciality_id',
      required: true,
      options: async (db, lang) => (await repo.specialityOptions(db)).map((s) => ({ id: s.id, name: `${s.code} ${s.abbr} — ${localName(s, lang)}` })),
    },
    {
      key: 'educationFormId',
      kind: 'select',
      column: 'education_form_id',
      required: true,
      options: async (db, lang) => (await repo.educationFormOptions(db)).map((f) => ({ id: f.id, name: localName(f, lang) })),
    },
    { key: 'admissionYear', kind: 'integer', column: 'admission_year', required: true, min: 1991, max: 2100 },
    { key: 'number', kind: 'integer', column: 'number', required: true, min: 1, max: 99 },
  ],
  check(v) {
    // Up to next year's intake, as the groups import allows.
    const latest = new Date().getFullYear() + 1;
    if ((v.admissionYear as number) > latest) throw invalid('admissionYear', 'range', { min: 1991, max: latest });
  },
};

/** Side-menu entries that open a system of the university (docs/configuration.md#apps-side-menu-links-and-registrars). */
const menuLinks: TableListDef = {
  name: 'menuLinks',
  table: 'menu_links',
  idColumns: ['id'],
  orderBy: 'id',
  unique: [['key']],
  columns: [
    { key: 'key', kind: 'text', column: 'key', required: true, choices: MENU_LINK_KEYS, max: 40 },
    { key: 'url', kind: 'url', column: 'url', required: true, max: 500 },
    { key: 'roles', kind: 'roles', column: 'roles', required: true },
  ],
};

/** The apps panel: the university's other services. */
const appLinks: TableListDef = {
  name: 'appLinks',
  table: 'app_links',
  idColumns: ['id'],
  orderBy: 'sort, id',
  columns: [
    { key: 'name', kind: 'names', column: 'name', required: true },
    { key: 'url', kind: 'url', column: 'url', required: true, max: 500 },
    { key: 'icon', kind: 'text', column: 'icon', required: true, choices: APP_LINK_ICONS, max: 40 },
    { key: 'sort', kind: 'integer', column: 'sort', required: true, min: 0, max: 999 },
  ],
};

export const LISTS: Record<ReferenceListName, ListDef> = {
  academicYears,
  registrationPeriods,
  lessonTimes,
  settings,
  rooms,
  paidServices,
  docTypes,
  faculties,
  departments,
  specialities,
  groups,
  menuLinks,
  appLinks,
  regOfferings,
  regSubgroups,
};

export const isSettings = (def: ListDef): def is SettingsListDef => 'settings' in def;
