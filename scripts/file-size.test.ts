/**
 * No source file is over 400 lines: every file git tracks ending in .ts, .tsx, .mjs, .js or .css
 * (tests and stylesheets included, node_modules/ and dist/ left out) has at most 400, counted as
 * `wc -l` counts them. A longer one is split along a seam of its own: a service's use cases into
 * `<area>.<part>.service.ts`, a test file's describe blocks into two files.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

const MAX_LINES = 400;
const SOURCE = /\.(ts|tsx|mjs|js|css)$/;
const LEFT_OUT = new Set(['node_modules', 'dist']);

/** The source files git tracks (those deleted in the work tree and not yet committed left out). */
function trackedSources(): string[] {
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return listed.stdout
    .split('\0')
    .filter((file) => SOURCE.test(file) && !file.split('/').some((part) => LEFT_OUT.has(part)))
    .filter((file) => existsSync(path.join(root, file)));
}

/** Lines as `wc -l` counts them: the line ends. */
const lineCount = (text: string): number => text.split('\n').length - 1;

describe('file size', () => {
  it('git tracks the source files this check reads', () => {
    const files = trackedSources();
    expect(files).toContain('scripts/file-size.test.ts');
    expect(files).toContain('server/src/app.ts');
    expect(files.some((file) => file.endsWith('.css'))).toBe(true);
  });

  it(`no tracked source file is over ${MAX_LINES} lines`, () => {
    const over = trackedSources()
      .map((file) => ({ file, lines: lineCount(readFileSync(path.join(root, file), 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .sort((a, b) => b.lines - a.lines)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over, `split these files (at most ${MAX_LINES} lines each)`).toEqual([]);
  });
});
