/** The text fields of a multipart form, checked against the contract's schema as strictly as a JSON body. */
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { badRequest } from '../app-error';

/** A number as JSON writes it: no hex, no spaces, no leading zeros (`0x2`, `" 2"`, `02` are not numbers). */
const JSON_INTEGER = /^-?(0|[1-9][0-9]*)$/;
const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

interface FieldSchema {
  type?: string | string[];
  const?: unknown;
  anyOf?: FieldSchema[];
}

/** The value kinds a field schema accepts: 'integer', 'number', 'other'. */
function kindsOf(schema: FieldSchema): Set<string> {
  if (schema.anyOf) return new Set(schema.anyOf.flatMap((s) => [...kindsOf(s)]));
  if (schema.const !== undefined) return new Set([Number.isInteger(schema.const) ? 'integer' : typeof schema.const === 'number' ? 'number' : 'other']);
  const types = [schema.type ?? 'other'].flat();
  return new Set(types.map((t) => (t === 'integer' || t === 'number' ? t : 'other')));
}

/**
 * A field that only a number fits must be written as JSON writes numbers (the same strictness as a
 * JSON body, where `"0x2"` or `2026.5` for an integer is refused).
 */
function assertStrictNumbers(schema: TSchema, fields: Record<string, string>): void {
  const properties = (schema as { properties?: Record<string, FieldSchema> }).properties ?? {};
  for (const [name, raw] of Object.entries(fields)) {
    const sub = properties[name];
    if (!sub) continue;
    const kinds = kindsOf(sub);
    if (kinds.has('other')) continue;
    if (!(kinds.has('number') ? JSON_NUMBER : JSON_INTEGER).test(raw)) throw badRequest({ field: name });
  }
}

/** Converts and validates multipart text fields against a contract schema; 400 when they do not fit. */
export function parseFields<T extends TSchema>(schema: T, fields: Record<string, string>): Static<T> {
  assertStrictNumbers(schema, fields);
  const value = Value.Convert(schema, Value.Default(schema, { ...fields }));
  if (!Value.Check(schema, value)) {
    const first = Value.Errors(schema, value)[0] as { instancePath?: string } | undefined;
    const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    throw badRequest(field ? { field } : undefined);
  }
  return value as Static<T>;
}
