/**
 * The reference lists: only an administrator (the account's admin right, read on every call) reads
 * and changes them. Every value is checked against its column (kind, bounds) and the list's own rules
 * (reference.lists.ts) before anything is written; every write is one transaction with its audit
 * entry in the administration's log (addReference, changeReference, deleteReference; before and
 * after are `{list, id, ...values}`). A change that changes nothing writes nothing. A row that other
 * records refer to is not deleted (409 REFERENCE_IN_USE).
 */
import type { Language } from '@contract/common';
import {
  REFERENCE_LISTS,
  type ReferenceColumn,
  type ReferenceDeleteBody,
  type ReferenceList,
  type ReferenceLists,
  type ReferenceRow,
  type ReferenceRows,
  type ReferenceRowsBody,
  type ReferenceSaveBody,
  type ReferenceValue,
} from '@contract/reference';
import { AppError, forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { AuthInfo } from '../../shared/caller';
import { isTimeZoneName } from '../../shared/time-zone';
import { invalid, isSettings, LISTS, type ColumnDef, type ListDef, type SettingsListDef, type TableListDef, type Values } from './reference.lists';
import * as repo from './reference.repository';

const LANGS = ['ru', 'kg', 'en'] as const;
const TEXT_MAX = 200;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const CIDR = /^([0-9a-fA-F.:]+)\/(\d{1,3})$/;

function isCidr(value: string): boolean {
  const m = CIDR.exec(value);
  if (!m) return false;
  const v4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(m[1]) && m[1].split('.').every((p) => Number(p) <= 255);
  const v6 = !v4 && m[1].includes(':') && /^[0-9a-fA-F:.]+$/.test(m[1]) && (m[1].match(/::/g)?.length ?? 0) <= 1;
  return (v4 && Number(m[2]) <= 32) || (v6 && Number(m[2]) <= 128);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** The value of one column checked and put in its stored form (texts trimmed, an empty optional value null). */
async function checkValue(db: Db, c: ColumnDef, raw: ReferenceValue | undefined, lang: Language): Promise<ReferenceValue> {
  const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '') || (Array.isArray(raw) && raw.length === 0);
  if (c.kind === 'names') {
    const names = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : { ru: '', kg: '', en: '' }) as Record<string, string>;
    const out: Record<string, string> = {};
    for (const l of LANGS) {
      out[l] = String(names[l] ?? '').trim();
      if (c.required && !out[l]) throw invalid(`${c.key}.${l}`, 'required');
      if (out[l].length > (c.max ?? TEXT_MAX)) throw invalid(`${c.key}.${l}`, 'tooLong', { max: c.max ?? TEXT_MAX });
    }
    return out as ReferenceValue;
  }
  if (empty) {
    if (c.required) throw invalid(c.key, 'required');
    return c.kind === 'roles' || c.kind === 'networks' ? [] : null;
  }
  switch (c.kind) {
    case 'integer':
    case 'decimal': {
      if (typeof raw !== 'number' || !Number.isFinite(raw) || (c.kind === 'integer' && !Number.isInteger(raw))) throw invalid(c.key, 'format');
      if ((c.min !== undefined && raw < c.min) || (c.max !== undefined && raw > c.max)) throw invalid(c.key, 'range', { min: c.min ?? '', max: c.max ?? '' });
      return raw;
    }
    case 'select': {
      if (typeof raw !== 'number') throw invalid(c.key, 'option');
      const options = (await c.options?.(db, lang)) ?? [];
      if (!options.some((o) => o.id === raw)) throw invalid(c.key, 'option');
      return raw;
    }
    case 'roles': {
      if (!Array.isArray(raw) || raw.some((r) => r !== 1 && r !== 2)) throw invalid(c.key, 'option');
      return [...new Set(raw as number[])].sort();
    }
    case 'networks': {
      if (!Array.isArray(raw)) throw invalid(c.key, 'format');
      const list = raw.map((n) => String(n).trim()).filter(Boolean);
      for (const n of list) if (!isCidr(n)) throw invalid(c.key, 'cidr', { value: n });
      return [...new Set(list)];
    }
  }
  if (typeof raw !== 'string') throw invalid(c.key, 'format');
  const text = raw.trim();
  if (text.length > (c.max ?? TEXT_MAX)) throw invalid(c.key, 'tooLong', { max: c.max ?? TEXT_MAX });
  switch (c.kind) {
    case 'date':
      if (!DATE.test(text) || Number.isNaN(Date.parse(text)) || new Date(text).toISOString().slice(0, 10) !== text) throw invalid(c.key, 'format');
      return text;
    case 'time':
      if (!TIME.test(text)) throw invalid(c.key, 'format');
      return text;
    case 'timestamp': {
      const at = new Date(text);
      if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(text)) throw invalid(c.key, 'format');
      return at.toISOString();
    }
    case 'url':
      if (!isHttpUrl(text)) throw invalid(c.key, 'url');
      return text;
    case 'timeZone':
      if (!isTimeZoneName(text)) throw invalid(c.key, 'timeZone');
      return text;
    default:
      if (c.choices && !c.choices.includes(text)) throw invalid(c.key, 'option');
      return text;
  }
}

/** What the audit entry keeps of a row. */
const entryOf = (list: string, id: string, values: Values = {}) => ({ ...values, list, id });

export class ReferenceService {
  constructor(private readonly ctx: AppContext) {}

  /** 403 unless the caller is an administrator now. */
  private async assertAdmin(auth: AuthInfo): Promise<void> {
    if (!(await repo.isActiveAdmin(this.ctx.db, auth.userId))) throw forbidden();
  }

  private async describe(db: Db, def: ListDef, lang: Language): Promise<ReferenceList> {
    const columns: ReferenceColumn[] = [];
    for (const c of def.columns) {
      const column: ReferenceColumn = { key: c.key, kind: c.kind, required: !!c.required };
      if (c.identity) column.identity = true;
      if (c.min !== undefined) column.min = c.min;
      if (c.max !== undefined) column.max = c.max;
      if (c.choices) column.choices = [...c.choices];
      if (c.options) column.options = await c.options(db, lang);
      columns.push(column);
    }
    const settings = isSettings(def);
    return { name: def.name, columns, canAdd: !settings, canDelete: !settings, count: settings ? 1 : await repo.count(db, def.table) };
  }

  async lists(auth: AuthInfo, lang: Language): Promise<ReferenceLists> {
    await this.assertAdmin(auth);
    const lists: ReferenceList[] = [];
    for (const name of REFERENCE_LISTS) lists.push(await this.describe(this.ctx.db, LISTS[name], lang));
    return { lists };
  }

  async rows(auth: AuthInfo, input: ReferenceRowsBody, lang: Language): Promise<ReferenceRows> {
    await this.assertAdmin(auth);
    const def = LISTS[input.list];
    const list = await this.describe(this.ctx.db, def, lang);
    const rows = isSettings(def) ? [await this.settingsRow(this.ctx.db, def)] : await repo.rows(this.ctx.db, def);
    return { list, rows };
  }

  private async settingsRow(db: Db, def: SettingsListDef): Promise<ReferenceRow> {
    const keys = def.columns.flatMap((c) => (c.kind === 'names' ? LANGS.map((l) => `${def.keys[c.key]}_${l}`) : [def.keys[c.key]]));
    const stored = await repo.settings(db, keys);
    const values: Values = {};
    for (const c of def.columns) {
      const key = def.keys[c.key];
      values[c.key] =
        c.kind === 'names'
          ? { ru: stored.get(`${key}_ru`) ?? '', kg: stored.get(`${key}_kg`) ?? '', en: stored.get(`${key}_en`) ?? '' }
          : (stored.get(key) ?? null);
    }
    return { id: def.rowId, values };
  }

  /** Every column's value checked (the identity columns of a changed row are the row's own), then the list's rules. */
  private async checked(db: Db, def: ListDef, input: Values, before: ReferenceRow | undefined, lang: Language): Promise<Values> {
    const values: Values = {};
    for (const c of def.columns) {
      values[c.key] = before && c.identity ? before.values[c.key] : await checkValue(db, c, input[c.key], lang);
    }
    await def.check?.(values, { db, rowId: before?.id ?? null });
    return values;
  }

  /** A row added (no id) or changed; the row as stored after. */
  async save(auth: AuthInfo, input: ReferenceSaveBody, lang: Language): Promise<ReferenceRow> {
    await this.assertAdmin(auth);
    const def = LISTS[input.list];
    if (isSettings(def)) return this.saveSettings(auth, def, input, lang);
    try {
      return await this.ctx.db.transaction(async (tx) => {
        const before = input.id === undefined ? undefined : await repo.row(tx, def, input.id, true);
        if (input.id !== undefined && !before) throw notFound();
        const values = await this.checked(tx, def, input.values, before, lang);
        await this.assertFree(tx, def, values, before?.id ?? null);
        const at = this.ctx.now();
        if (!before) {
          const id = await repo.insert(tx, def, values);
          const after = (await repo.row(tx, def, id))!;
          await repo.insertAudit(tx, {
            at,
            adminId: auth.userId,
            action: 'addReference',
            before: entryOf(def.name, id),
            after: entryOf(def.name, id, after.values),
          });
          return after;
        }
        const changes = Object.fromEntries(def.columns.filter((c) => !c.identity).map((c) => [c.key, values[c.key]]));
        await repo.update(tx, def, before.id, changes);
        const after = (await repo.row(tx, def, before.id))!;
        if (JSON.stringify(after.values) === JSON.stringify(before.values)) return after;
        await repo.insertAudit(tx, {
          at,
          adminId: auth.userId,
          action: 'changeReference',
          before: entryOf(def.name, before.id, before.values),
          after: entryOf(def.name, after.id, after.values),
        });
        return after;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another request took the value meanwhile.
      const last = def.unique?.[0];
      throw new AppError(409, 'REFERENCE_TAKEN', { field: last?.[last.length - 1] ?? def.columns[0].key });
    }
  }

  /** 409 REFERENCE_TAKEN naming the field when another row holds the values of a unique set. */
  private async assertFree(db: Db, def: TableListDef, values: Values, rowId: string | null): Promise<void> {
    for (const set of def.unique ?? []) {
      const columns = set.map((key) => def.columns.find((c) => c.key === key)!);
      if (await repo.taken(db, def, columns, values, rowId)) throw new AppError(409, 'REFERENCE_TAKEN', { field: set[set.length - 1] });
    }
  }

  private async saveSettings(auth: AuthInfo, def: SettingsListDef, input: ReferenceSaveBody, lang: Language): Promise<ReferenceRow> {
    if (input.id !== def.rowId) throw notFound();
    return this.ctx.db.transaction(async (tx) => {
      const before = await this.settingsRow(tx, def);
      const values = await this.checked(tx, def, input.values, undefined, lang);
      for (const c of def.columns) {
        const key = def.keys[c.key];
        const value = values[c.key];
        if (c.kind === 'names') for (const l of LANGS) await repo.setSetting(tx, `${key}_${l}`, (value as Record<string, string>)[l]);
        else if (value !== null) await repo.setSetting(tx, key, String(value));
        else if (!c.required) await repo.deleteSetting(tx, key);
      }
      const after = await this.settingsRow(tx, def);
      if (JSON.stringify(after.values) !== JSON.stringify(before.values))
        await repo.insertAudit(tx, {
          at: this.ctx.now(),
          adminId: auth.userId,
          action: 'changeReference',
          before: entryOf(def.name, def.rowId, before.values),
          after: entryOf(def.name, def.rowId, after.values),
        });
      return after;
    });
  }

  /** A row deleted, unless other records refer to it (409 REFERENCE_IN_USE: the database's foreign keys say so). */
  async remove(auth: AuthInfo, input: ReferenceDeleteBody): Promise<{ id: string }> {
    await this.assertAdmin(auth);
    const def = LISTS[input.list];
    if (isSettings(def)) throw notFound();
    try {
      return await this.ctx.db.transaction(async (tx) => {
        const before = await repo.row(tx, def, input.id, true);
        if (!before) throw notFound();
        if (await def.inUse?.(tx, before.id)) throw new AppError(409, 'REFERENCE_IN_USE', { reason: 'registered' });
        await repo.remove(tx, def, before.id);
        await repo.insertAudit(tx, {
          at: this.ctx.now(),
          adminId: auth.userId,
          action: 'deleteReference',
          before: entryOf(def.name, before.id, before.values),
          after: entryOf(def.name, before.id),
        });
        return { id: before.id };
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw new AppError(409, 'REFERENCE_IN_USE');
      throw err;
    }
  }
}

/** PostgreSQL's foreign key violation (23503): the row is still referred to. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === '23503') return true;
  return false;
}
