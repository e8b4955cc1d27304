/**
 * Upgrades without downtime (docs/deployment.md#upgrading-without-downtime): the first node of a new
 * release applies its migrations while the old release's nodes still serve, so a migration may only
 * add (tables, nullable columns or columns with a default, indexes, wider checks). A statement that
 * would break the old code (dropping or renaming a table or column, changing a column's type, making
 * it required) is allowed only in a later release, once no running code uses what it removes, and says
 * so on the line before it: `-- contract: <what no longer uses it>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.join(import.meta.dirname, 'migrations');

/** Statements that break a node of the previous release still running on the new schema. */
const BREAKING: Array<[string, RegExp]> = [
  ['drops a table', /\bdrop\s+table\b/i],
  ['drops a column', /\bdrop\s+column\b/i],
  ['renames a table or column', /\brename\b/i],
  ["changes a column's type", /\balter\s+column\s+"?\w+"?\s+(set\s+data\s+)?type\b/i],
  ['makes a column required', /\bset\s+not\s+null\b/i],
  ['adds a required column without a default', /\badd\s+column\b(?![^;]*\bdefault\b)[^;]*\bnot\s+null\b/i],
];

/** The breaking statements of a migration's text that no `-- contract:` line announces. */
function breakingStatements(text: string): string[] {
  const lines = text.split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    if (line.trim().startsWith('--')) return;
    const announced = i > 0 && /^\s*--\s*contract:\s*\S/.test(lines[i - 1]!);
    for (const [what, pattern] of BREAKING) if (pattern.test(line) && !announced) found.push(`${what}: ${line.trim()}`);
  });
  return found;
}

describe('migrations that old and new nodes both run against', () => {
  it.each(fs.readdirSync(DIR).filter((f) => f.endsWith('.sql')))('%s only adds', (file) => {
    expect(breakingStatements(fs.readFileSync(path.join(DIR, file), 'utf8'))).toEqual([]);
  });

  it('finds what would break the old release, unless announced as a contraction', () => {
    expect(breakingStatements('ALTER TABLE "news" DROP COLUMN "title";')).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "news" RENAME COLUMN "title" TO "heading";')).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "news" ALTER COLUMN "views" SET DATA TYPE bigint;')).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "news" ALTER COLUMN "views" SET NOT NULL;')).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "news" ADD COLUMN "pinned" boolean NOT NULL;')).toHaveLength(1);
    expect(breakingStatements('DROP TABLE "old_news";')).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "news" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;')).toEqual([]);
    expect(breakingStatements('ALTER TABLE "news" ALTER COLUMN "views" DROP NOT NULL;')).toEqual([]);
    expect(breakingStatements('-- contract: nothing reads news.title since 2026.12\nALTER TABLE "news" DROP COLUMN "title";')).toEqual([]);
  });
});
