/**
 * SQL of the reference lists: one reader and writer for every list, built from its description
 * (reference.lists.ts: its table, columns and id columns, all constants of the code, never the
 * request's). Values travel as parameters; arrays as one JSON parameter, read the same by both drivers.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ReferenceValue } from '@contract/reference';
import { rowsOf, type Db } from '../../db/client';
import type { ColumnDef, TableListDef } from './reference.lists';

const LANGS = ['ru', 'kg', 'en'] as const;

const id = (name: string): SQL => sql`${sql.identifier(name)}`;

/** What a column is read as (both drivers agree on these forms). */
function selectOf(c: ColumnDef): SQL[] {
  const col = id(c.column);
  if (c.boolean) return [sql`${col}::int as ${id(c.key)}`];
  switch (c.kind) {
    case 'names':
      return LANGS.map((l) => sql`${id(`${c.column}_${l}`)} as ${id(`${c.key}.${l}`)}`);
    case 'date':
      return [sql`to_char(${col}, 'YYYY-MM-DD') as ${id(c.key)}`];
    case 'time':
      return [sql`to_char(${col}, 'HH24:MI') as ${id(c.key)}`];
    case 'timestamp':
      return [sql`(extract(epoch from ${col}) * 1000)::float8 as ${id(c.key)}`];
    case 'decimal':
      return [sql`${col}::float8 as ${id(c.key)}`];
    case 'roles':
    case 'networks':
      return [sql`coalesce(array_to_json(${col}), '[]'::json)::text as ${id(c.key)}`];
    default:
      return [sql`${col} as ${id(c.key)}`];
  }
}

/** The row's id: the id columns' values joined by ':'. */
function rowIdOf(def: TableListDef): SQL {
  return sql`concat_ws(':', ${sql.join(
    def.idColumns.map((c) => sql`${id(c)}::text`),
    sql`, `,
  )})`;
}

function whereId(def: TableListDef, rowId: string): SQL {
  const parts = rowId.split(':');
  if (parts.length !== def.idColumns.length) return sql`false`;
  return sql.join(
    def.idColumns.map((c, i) => sql`${id(c)}::text = ${parts[i]}`),
    sql` and `,
  );
}

type Raw = Record<string, unknown>;

/** A row as read: its id and its values by column key. */
export interface StoredRow {
  id: string;
  values: Record<string, ReferenceValue>;
}

function fromRaw(def: TableListDef, raw: Raw): StoredRow {
  const values: Record<string, ReferenceValue> = {};
  for (const c of def.columns) {
    if (c.kind === 'names') {
      values[c.key] = { ru: String(raw[`${c.key}.ru`] ?? ''), kg: String(raw[`${c.key}.kg`] ?? ''), en: String(raw[`${c.key}.en`] ?? '') };
      continue;
    }
    const v = raw[c.key];
    if (v === null || v === undefined) values[c.key] = null;
    else if (c.kind === 'timestamp') values[c.key] = new Date(Number(v)).toISOString();
    else if (c.kind === 'roles' || c.kind === 'networks') values[c.key] = JSON.parse(String(v)) as (string | number)[];
    else if (c.kind === 'integer' || c.kind === 'decimal' || c.kind === 'select') values[c.key] = Number(v);
    else values[c.key] = String(v);
  }
  return { id: String(raw.__id), values };
}

export async function rows(db: Db, def: TableListDef): Promise<StoredRow[]> {
  const raw = await rowsOf<Raw>(
    db,
    sql`select ${rowIdOf(def)} as "__id", ${sql.join(def.columns.flatMap(selectOf), sql`, `)} from ${id(def.table)} order by ${sql.raw(def.orderBy)}`,
  );
  return raw.map((r) => fromRaw(def, r));
}

export async function row(db: Db, def: TableListDef, rowId: string, lock = false): Promise<StoredRow | undefined> {
  const [raw] = await rowsOf<Raw>(
    db,
    sql`select ${rowIdOf(def)} as "__id", ${sql.join(def.columns.flatMap(selectOf), sql`, `)} from ${id(def.table)} where ${whereId(def, rowId)}${lock ? sql` for update` : sql``}`,
  );
  return raw && fromRaw(def, raw);
}

export async function count(db: Db, table: string): Promise<number> {
  const [r] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${id(table)}`);
  return Number(r.n);
}

/** The SQL columns a value is written to, with the value as a parameter of the column's type. */
function assignments(def: TableListDef, values: Record<string, ReferenceValue>): [SQL, SQL][] {
  return def.columns
    .filter((c) => c.key in values)
    .flatMap((c): [SQL, SQL][] => {
      const v = values[c.key];
      if (c.kind === 'names') {
        const names = v as Record<string, string>;
        return LANGS.map((l) => [id(`${c.column}_${l}`), sql`${names[l]}`]);
      }
      if (v === null) return [[id(c.column), sql`null`]];
      if (c.boolean) return [[id(c.column), sql`${v}::int::boolean`]];
      switch (c.kind) {
        case 'date':
          return [[id(c.column), sql`${v}::date`]];
        case 'time':
          return [[id(c.column), sql`${v}::time`]];
        case 'timestamp':
          return [[id(c.column), sql`${v}::timestamptz`]];
        case 'roles':
          return [[id(c.column), sql`array(select json_array_elements_text(${JSON.stringify(v)}::json))::smallint[]`]];
        case 'networks':
          return [[id(c.column), sql`array(select json_array_elements_text(${JSON.stringify(v)}::json))::text[]`]];
        default:
          return [[id(c.column), sql`${v}`]];
      }
    });
}

/** A new row; its id. */
export async function insert(db: Db, def: TableListDef, values: Record<string, ReferenceValue>): Promise<string> {
  const set = assignments(def, values);
  const [r] = await rowsOf<{ __id: string }>(
    db,
    sql`insert into ${id(def.table)} (${sql.join(
      set.map(([c]) => c),
      sql`, `,
    )}) values (${sql.join(
      set.map(([, v]) => v),
      sql`, `,
    )}) returning ${rowIdOf(def)} as "__id"`,
  );
  return String(r.__id);
}

export async function update(db: Db, def: TableListDef, rowId: string, values: Record<string, ReferenceValue>): Promise<void> {
  const set = assignments(def, values);
  if (set.length === 0) return;
  await db.execute(
    sql`update ${id(def.table)} set ${sql.join(
      set.map(([c, v]) => sql`${c} = ${v}`),
      sql`, `,
    )} where ${whereId(def, rowId)}`,
  );
}

export async function remove(db: Db, def: TableListDef, rowId: string): Promise<void> {
  await db.execute(sql`delete from ${id(def.table)} where ${whereId(def, rowId)}`);
}

/** Whether another row than `rowId` (null: any row) has these values in these columns. */
export async function taken(
  db: Db,
  def: TableListDef,
  columns: readonly ColumnDef[],
  values: Record<string, ReferenceValue>,
  rowId: string | null,
): Promise<boolean> {
  const same = sql.join(
    columns.map((c) => (c.kind === 'text' ? sql`lower(${id(c.column)}) = lower(${values[c.key]})` : sql`${id(c.column)} = ${values[c.key]}`)),
    sql` and `,
  );
  const other = rowId === null ? sql`` : sql` and not (${whereId(def, rowId)})`;
  const found = await rowsOf(db, sql`select 1 from ${id(def.table)} where ${same}${other} limit 1`);
  return found.length > 0;
}

/** The pairs of the timetable other than `except` whose times overlap start..end ('HH:MM'). */
export async function overlappingPairs(db: Db, start: string, end: string, except: number | null): Promise<number[]> {
  const found = await rowsOf<{ id: number }>(
    db,
    sql`select id from lesson_times where starts_at < ${end}::time and ends_at > ${start}::time and id <> ${except ?? -1} order by id`,
  );
  return found.map((r) => Number(r.id));
}

/** Choices of select columns. */
export async function academicYearOptions(db: Db): Promise<{ id: number; name: string }[]> {
  const found = await rowsOf<{ id: number; name: string }>(db, sql`select id, name from academic_years order by id desc`);
  return found.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function workingSemesterOptions(db: Db): Promise<{ id: number; nameRu: string; nameKg: string; nameEn: string }[]> {
  const found = await rowsOf<{ id: number; nameRu: string; nameKg: string; nameEn: string }>(
    db,
    sql`select id, name_ru as "nameRu", name_kg as "nameKg", name_en as "nameEn" from working_semesters order by id`,
  );
  return found.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function facultyOptions(db: Db): Promise<{ id: number; code: string; nameRu: string; nameKg: string; nameEn: string }[]> {
  const found = await rowsOf<{ id: number; code: string; nameRu: string; nameKg: string; nameEn: string }>(
    db,
    sql`select id, code, name_ru as "nameRu", name_kg as "nameKg", name_en as "nameEn" from faculties order by code`,
  );
  return found.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The departments as a select names them: `faculty code / name` in the caller's language. */
export async function departmentOptions(db: Db): Promise<{ id: number; facultyId: number; code: string; nameRu: string; nameKg: string; nameEn: string }[]> {
  const found = await rowsOf<{ id: number; facultyId: number; code: string; nameRu: string; nameKg: string; nameEn: string }>(
    db,
    sql`select d.id, d.faculty_id as "facultyId", f.code, d.name_ru as "nameRu", d.name_kg as "nameKg", d.name_en as "nameEn"
        from departments d join faculties f on f.id = d.faculty_id order by f.code, d.name_ru, d.id`,
  );
  return found.map((r) => ({ ...r, id: Number(r.id), facultyId: Number(r.facultyId) }));
}

export async function specialityOptions(db: Db): Promise<{ id: number; code: string; abbr: string; nameRu: string; nameKg: string; nameEn: string }[]> {
  const found = await rowsOf<{ id: number; code: string; abbr: string; nameRu: string; nameKg: string; nameEn: string }>(
    db,
    sql`select id, code, abbr, name_ru as "nameRu", name_kg as "nameKg", name_en as "nameEn" from specialities order by code`,
  );
  return found.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function educationFormOptions(db: Db): Promise<{ id: number; nameRu: string; nameKg: string; nameEn: string }[]> {
  const found = await rowsOf<{ id: number; nameRu: string; nameKg: string; nameEn: string }>(
    db,
    sql`select id, name_ru as "nameRu", name_kg as "nameKg", name_en as "nameEn" from education_forms order by id`,
  );
  return found.map((r) => ({ ...r, id: Number(r.id) }));
}

// The site settings (key/value).

export async function settings(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  const found = await rowsOf<{ key: string; value: string }>(
    db,
    sql`select key, value from site_settings where key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
  return new Map(found.map((r) => [r.key, r.value]));
}

export async function setSetting(db: Db, key: string, value: string): Promise<void> {
  await db.execute(sql`insert into site_settings (key, value) values (${key}, ${value}) on conflict (key) do update set value = excluded.value`);
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from site_settings where key = ${key}`);
}

// The administrators and their audit log (the administration's table admin_audit).

export async function isActiveAdmin(db: Db, userId: number): Promise<boolean> {
  const [r] = await rowsOf<{ ok: boolean }>(db, sql`select (admin and not disabled) as ok from users where id = ${userId}`);
  return !!r?.ok;
}

export async function insertAudit(
  db: Db,
  entry: { at: Date; adminId: number; action: 'addReference' | 'changeReference' | 'deleteReference'; before: object; after: object },
): Promise<void> {
  await db.execute(
    sql`insert into admin_audit (at, admin_id, user_id, action, before, after) values (${entry.at.toISOString()}::timestamptz, ${entry.adminId}, null, ${entry.action}, ${JSON.stringify(entry.before)}::jsonb, ${JSON.stringify(entry.after)}::jsonb)`,
  );
}
