/**
 * The contract's schemas, found in every file of contract/: every exported schema compiles, and every id a request carries is
 * bounded to the database's integer range (docs/api.md#conventions), so an out-of-range id is a
 * 400 from validation, never a database error.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Compile } from 'typebox/compile';
import { IsSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import * as academic from '@contract/academic';
import * as chat from '@contract/chat';
import * as common from '@contract/common';
import * as news from '@contract/news';

/** Every file of contract/ (docs/adding-an-area.md, "Adding an area: server", step 1), found on disk: a new area's contract is checked without a line here. */
const CONTRACT_DIR = path.resolve(import.meta.dirname, '../../contract');
const CONTRACT_FILES = fs
  .readdirSync(CONTRACT_DIR)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
  .sort();
const AREAS: Record<string, Record<string, unknown>> = Object.fromEntries(
  await Promise.all(
    CONTRACT_FILES.map(
      async (name) => [name.replace(/\.ts$/, ''), (await import(pathToFileURL(path.join(CONTRACT_DIR, name)).href)) as Record<string, unknown>] as const,
    ),
  ),
);

const schemas = Object.entries(AREAS).flatMap(([area, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => IsSchema(value))
    .map(([name, value]) => ({ name: `${area}.${name}`, schema: value as Parameters<typeof Compile>[0] })),
);

describe('contract schemas', () => {
  it('finds the schemas of every file of contract/, and every server area has its file', () => {
    expect(CONTRACT_FILES.length).toBeGreaterThanOrEqual(15);
    expect(schemas.length).toBeGreaterThan(40);
    const areas = fs
      .readdirSync(path.resolve(import.meta.dirname, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const missing = [
      ...areas
        .filter((area) => !(area in AREAS))
        .map(
          (area) =>
            `server/src/modules/${area}/ has no contract/${area}.ts: its request and reply schemas go there (docs/adding-an-area.md, "Adding an area: server", step 1)`,
        ),
      ...areas
        .filter((area) => area in AREAS && !schemas.some((s) => s.name.startsWith(`${area}.`)))
        .map(
          (area) =>
            `contract/${area}.ts exports no TypeBox schema: the area's request and reply schemas go there (docs/adding-an-area.md, "Adding an area: server", step 1)`,
        ),
    ];
    expect(missing).toEqual([]);
  });

  it.each(schemas.map((s) => [s.name, s.schema] as const))('%s compiles', (_name, schema) => {
    expect(() => Compile(schema)).not.toThrow();
  });

  it('DbId takes 1 to DB_INT_MAX and nothing else', () => {
    const id = Compile(common.DbId);
    expect(id.Check(1)).toBe(true);
    expect(id.Check(common.DB_INT_MAX)).toBe(true);
    for (const bad of [0, -1, common.DB_INT_MAX + 1, 1.5, '1', null]) expect(id.Check(bad), String(bad)).toBe(false);
  });

  it.each([
    // Chat messages have 64-bit ids: bounded to the integers JSON numbers hold exactly.
    ['chat.ReadBody', Compile(chat.ReadBody), Number.MAX_SAFE_INTEGER, (id: number) => ({ id_message: id })],
    ['chat.DeleteBody', Compile(chat.DeleteBody), Number.MAX_SAFE_INTEGER, (id: number) => ({ id_message: id, uid: 1 })],
    ['news.NewsDeleteBody', Compile(news.NewsDeleteBody), common.DB_INT_MAX, (id: number) => ({ id })],
    ['academic.GroupListBody', Compile(academic.GroupListBody), common.DB_INT_MAX, (id: number) => ({ year: 2026, ws: 1, id_discipline: id, id_semester: 1 })],
    ['academic.ContactListBody', Compile(academic.ContactListBody), common.DB_INT_MAX, (id: number) => ({ year: 2026, ws: 1, id_discipline: 1, id_group: id })],
  ] as const)('%s takes an id in range and rejects one out of range', (_name, check, max, body) => {
    expect(check.Check(body(1))).toBe(true);
    expect(check.Check(body(max))).toBe(true);
    expect(check.Check(body(0))).toBe(false);
    expect(check.Check(body(max + 1))).toBe(false);
  });
});
