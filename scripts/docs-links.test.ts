/**
 * The documentation's links hold: every relative link of README.md, the pages of docs/ (docs/areas/
 * included) and bench/README.md names a file of the repository and, with an #anchor, a heading of that
 * file (GitHub's slug); a `docs/<page>.md#anchor` or `docs/areas/<area>.md#anchor` named in plain text
 * (a page's prose, the code's comments) names a heading too; product.md and api.md list every area's
 * page; the configuration table names every variable of server/src/config.ts with its default.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARS } from '../server/src/config';

const root = path.resolve(import.meta.dirname, '..');

const DOCS = [
  'README.md',
  'bench/README.md',
  ...readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f.split(path.sep).join('/')}`)
    .sort(),
];

/** A repository path of a Markdown page with an anchor, in plain text: `docs/api.md#page`, `docs/areas/journal.md#calls`. */
const PLAIN_ANCHOR = /\b((?:docs|bench)\/(?:[\w-]+\/)*[\w-]+\.md)#([\w-]+)/g;

/** Lines outside fenced code blocks, with their numbers. */
function proseLines(text: string): [number, string][] {
  const lines: [number, string][] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) lines.push([i + 1, line]);
  });
  return lines;
}

/** GitHub's anchor for a heading: its text without formatting, lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings (a repeated one numbered -1, -2... as GitHub does). */
function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  for (const [, line] of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)(\s+#+)?\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    let anchor = base;
    for (let n = 1; found.has(anchor); n++) anchor = `${base}-${n}`;
    found.add(anchor);
  }
  return found;
}

/** The link targets of a Markdown file (inline links, images and reference definitions), code spans left out. */
function links(markdown: string): { line: number; target: string }[] {
  const found: { line: number; target: string }[] = [];
  for (const [line, text] of proseLines(markdown)) {
    const prose = text.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push({ line, target: m[1] });
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(\s|$)/.exec(prose);
    if (definition) found.push({ line, target: definition[1] });
  }
  return found;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** What is wrong with a link from `from` (a path relative to the root), or null when it holds. */
function brokenLink(from: string, target: string, read: (file: string) => string | null): string | null {
  if (isExternal(target)) return null;
  const [file, anchor] = target.split('#', 2) as [string, string | undefined];
  const resolved = file === '' ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), decodeURIComponent(file)));
  if (resolved.startsWith('../') || path.posix.isAbsolute(resolved)) return `${target}: outside the repository`;
  const text = read(resolved);
  if (text === null) return `${target}: no file ${resolved}`;
  if (anchor !== undefined && resolved.endsWith('.md') && !anchors(text).has(anchor)) return `${target}: no heading #${anchor} in ${resolved}`;
  return null;
}

function readRepo(file: string): string | null {
  const full = path.join(root, file);
  if (!existsSync(full)) return null;
  return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8');
}

function codeFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mjs|js|json)$/.test(file) && !file.split(path.sep).includes('node_modules'))
    .map((file) => `${dir}/${file.split(path.sep).join('/')}`);
}

describe('the documentation links', () => {
  it('reads the links of every page', () => {
    expect(links('See [a](docs/a.md#b), ![c](c.png), `[not](x.md)` and [d](https://e.org).\n[r]: ../f.md')).toEqual([
      { line: 1, target: 'docs/a.md#b' },
      { line: 1, target: 'c.png' },
      { line: 1, target: 'https://e.org' },
      { line: 2, target: '../f.md' },
    ]);
    expect([...anchors('# A `b` c\n## Sessions and security\n```\n# not a heading\n```\n## QR attendance\n## QR attendance')]).toEqual([
      'a-b-c',
      'sessions-and-security',
      'qr-attendance',
      'qr-attendance-1',
    ]);
  });

  it('finds a broken link', () => {
    const files: Record<string, string> = { 'README.md': '# Portal\n', 'docs/a.md': '## The seed’s calls\n' };
    const read = (file: string) => files[file] ?? null;
    expect(brokenLink('docs/b.md', 'a.md#the-seeds-calls', read)).toBeNull();
    expect(brokenLink('docs/b.md', '../README.md#portal', read)).toBeNull();
    expect(brokenLink('docs/b.md', 'a.md#journal', read)).toBe('a.md#journal: no heading #journal in docs/a.md');
    expect(brokenLink('docs/b.md', 'c.md', read)).toBe('c.md: no file docs/c.md');
    expect(brokenLink('README.md', '../other/README.md', read)).toBe('../other/README.md: outside the repository');
    expect(brokenLink('README.md', '#portal', read)).toBeNull();
  });

  it.each(DOCS)('%s: every relative link names a file of the repository and a heading of it', (page) => {
    const broken = links(readFileSync(path.join(root, page), 'utf8')).flatMap(({ line, target }) => {
      const problem = brokenLink(page, target, readRepo);
      return problem ? [`${page}:${line} ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('finds the pages named with an anchor in plain text', () => {
    const text = 'See docs/api.md#page, docs/areas/journal.md#for-users and (bench/README.md#figures); not mydocs/x.md#y.';
    expect([...text.matchAll(PLAIN_ANCHOR)].map((m) => `${m[1]}#${m[2]}`)).toEqual([
      'docs/api.md#page',
      'docs/areas/journal.md#for-users',
      'bench/README.md#figures',
    ]);
  });

  it('every docs/<page>.md#anchor named in plain text, in the pages or in the code, is a heading', () => {
    const broken: string[] = [];
    const files = [...DOCS, ...['src', 'server/src', 'contract', 'tests', 'scripts', 'eslint', 'bench'].flatMap(codeFiles)];
    for (const file of files.filter((f) => f !== 'scripts/docs-links.test.ts'))
      for (const m of readFileSync(path.join(root, file), 'utf8').matchAll(PLAIN_ANCHOR)) {
        const problem = brokenLink('README.md', `${m[1]}#${m[2]}`, readRepo);
        if (problem) broken.push(`${file}: ${problem}`);
      }
    expect(broken).toEqual([]);
  });
});

describe('the area pages (docs/areas/)', () => {
  const pages = DOCS.filter((page) => page.startsWith('docs/areas/'));

  it('has a page for every area of the server (server/src/modules/<area>/)', () => {
    const areas = readdirSync(path.join(root, 'server/src/modules'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(areas.map((area) => `docs/areas/${area.name}.md`).filter((page) => !pages.includes(page))).toEqual([]);
  });
});

/** The repository paths a page names in code spans (`server/src/app.ts`), globs and placeholders (`<area>`, `NNNN`) left out. */
function namedPaths(markdown: string): { line: number; file: string }[] {
  const found: { line: number; file: string }[] = [];
  for (const [line, text] of proseLines(markdown))
    for (const m of text.matchAll(/`((?:src|server|contract|tests|scripts|eslint|bench|docs|public)\/[^`\s]+?\.[a-z]{2,4})(?:[:#][^`]*)?`/g))
      if (!/[<>*{}]|\.\.\.|NNNN/.test(m[1])) found.push({ line, file: m[1] });
  return found;
}

describe('the files the documentation names', () => {
  it('reads the paths a page names', () => {
    expect(namedPaths('See `server/src/app.ts`, `src/features/<area>/x.ts`, `docs/a.md#b` and `public/locales/{kg,ru,en}/cm.json`.')).toEqual([
      { line: 1, file: 'server/src/app.ts' },
      { line: 1, file: 'docs/a.md' },
    ]);
  });

  it.each(DOCS)('%s: every file of the repository it names in code exists', (page) => {
    const named = namedPaths(readFileSync(path.join(root, page), 'utf8'));
    // What a build writes (`server/build/server.mjs`, `dist/`) is named as an output: git ignores it,
    // and it may be absent (a fresh clone, or another test rebuilding it meanwhile).
    const outputs = new Set(
      (spawnSync('git', ['check-ignore', '--no-index', ...named.map((n) => n.file)], { cwd: root, encoding: 'utf8' }).stdout ?? '').split('\n').filter(Boolean),
    );
    const missing = named.filter(({ file }) => !outputs.has(file) && readRepo(file) === null).map(({ line, file }) => `${page}:${line} ${file}`);
    expect(missing).toEqual([]);
  });
});

describe('the configuration table (docs/configuration.md)', () => {
  it('names every variable of server/src/config.ts with its default', () => {
    const rows = new Map<string, string>();
    for (const line of readFileSync(path.join(root, 'docs/configuration.md'), 'utf8').split('\n')) {
      const row = /^\| `([A-Z0-9_]+)` \| ([^|]+) \|/.exec(line);
      if (row) rows.set(row[1], row[2].replace(/`/g, '').trim());
    }
    const wrong = CONFIG_VARS.filter((v) => rows.get(v.name) !== v.default).map(
      (v) => `${v.name}: default ${v.default}, the table says ${rows.get(v.name) ?? 'nothing'}`,
    );
    expect(wrong).toEqual([]);
  });
});
