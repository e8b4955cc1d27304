/**
 * `npm start`'s client build (scripts/lib/client-build.mjs): several starts in one folder at once
 * build once and leave a complete dist/; a failed build leaves the previous dist/ as it was; a lock
 * left by a start that died is taken over; `vite build`'s stamp plugin makes a start after
 * `npm run build` find dist/ up to date. The builds here are small stand-ins for vite that write
 * their files one by one, as vite does, into a scratch checkout.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Plugin, ResolvedConfig } from 'vite';
import { buildStamp } from '../build/build-stamp';
import { ensureClientBuild, sourceHash, staleReason } from './client-build.mjs';

const FILES = 12;
const roots: string[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function scratchCheckout(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-client-build-'));
  roots.push(root);
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src/main.tsx'), 'export {};\n');
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html>\n');
  return root;
}

/** Like vite: empties the output directory, then writes the files one by one, index.html last. */
async function fakeBuild(outDir: string, label: string): Promise<void> {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true });
  for (let i = 0; i < FILES; i++) {
    fs.writeFileSync(path.join(outDir, 'assets', `chunk-${i}.js`), `// ${label}\n`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  fs.writeFileSync(path.join(outDir, 'index.html'), `<!-- ${label} -->\n`);
}

const listing = (dir: string) => fs.readdirSync(dir, { recursive: true }).map(String).sort();
const expectedListing = ['.build-stamp', 'assets', ...Array.from({ length: FILES }, (_, i) => `assets/chunk-${i}.js`), 'index.html'].sort();

/** One `npm start` stand-in: waits until all `count` are ready, then ensures the build and lists dist/. */
function startScript(root: string, count: number): string {
  const file = path.join(root, 'start.mjs');
  fs.writeFileSync(
    file,
    `
import fs from 'node:fs';
import path from 'node:path';
import { ensureClientBuild } from ${JSON.stringify(pathToFileURL(path.resolve('scripts/lib/client-build.mjs')).href)};
const root = ${JSON.stringify(root)};
fs.writeFileSync(path.join(root, 'ready-' + process.pid), '');
while (fs.readdirSync(root).filter((n) => n.startsWith('ready-')).length < ${count}) await new Promise((r) => setTimeout(r, 10));
const build = async (outDir) => {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true });
  for (let i = 0; i < ${FILES}; i++) {
    fs.writeFileSync(path.join(outDir, 'assets', 'chunk-' + i + '.js'), '// ' + process.pid + '\\n');
    await new Promise((r) => setTimeout(r, 5));
  }
  fs.writeFileSync(path.join(outDir, 'index.html'), '<!-- ' + process.pid + ' -->\\n');
};
const built = await ensureClientBuild({ root, build, log: () => {} });
const dist = path.join(root, 'dist');
console.log(JSON.stringify({ built, files: fs.readdirSync(dist, { recursive: true }).map(String).sort() }));
`,
  );
  return file;
}

function run(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the client build of npm start', () => {
  it('four starts at once in one folder: one builds, all find a complete, stamped dist/', { timeout: 60_000 }, async () => {
    const root = scratchCheckout();
    const script = startScript(root, 4);
    const results = await Promise.all(Array.from({ length: 4 }, () => run(script)));
    for (const result of results) expect(result, result.stderr).toMatchObject({ code: 0 });
    const replies = results.map((result) => JSON.parse(result.stdout) as { built: boolean; files: string[] });
    expect(replies.filter((reply) => reply.built)).toHaveLength(1);
    for (const reply of replies) expect(reply.files).toEqual(expectedListing);
    expect(staleReason(sourceHash(root), { root })).toBeNull();
    expect(
      fs
        .readdirSync(root)
        .filter((name) => name.startsWith('dist'))
        .sort(),
    ).toEqual(['dist']);
  });

  it('builds again only when a source changed', async () => {
    const root = scratchCheckout();
    let builds = 0;
    const build = (outDir: string) => fakeBuild(outDir, `build ${++builds}`);
    expect(await ensureClientBuild({ root, build, log: () => {} })).toBe(true);
    expect(await ensureClientBuild({ root, build, log: () => {} })).toBe(false);
    fs.writeFileSync(path.join(root, 'src/main.tsx'), 'export const changed = 1;\n');
    expect(staleReason(sourceHash(root), { root })).toBe('client sources changed since the last build');
    expect(await ensureClientBuild({ root, build, log: () => {} })).toBe(true);
    expect(fs.readFileSync(path.join(root, 'dist/index.html'), 'utf8')).toContain('build 2');
  });

  it('a failed build leaves the previous dist/ as it was, and no lock', async () => {
    const root = scratchCheckout();
    await ensureClientBuild({ root, build: (outDir) => fakeBuild(outDir, 'good'), log: () => {} });
    fs.writeFileSync(path.join(root, 'src/main.tsx'), 'export const changed = 1;\n');
    const failing = async (outDir: string) => {
      fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(outDir, 'assets/half.js'), '');
      throw new Error('vite build failed (exit code 1)');
    };
    await expect(ensureClientBuild({ root, build: failing, log: () => {} })).rejects.toThrow('vite build failed');
    expect(listing(path.join(root, 'dist'))).toEqual(expectedListing);
    expect(fs.readFileSync(path.join(root, 'dist/index.html'), 'utf8')).toContain('good');
    expect(
      fs
        .readdirSync(root)
        .filter((name) => name.startsWith('dist'))
        .sort(),
    ).toEqual(['dist']);
  });

  it('takes over the lock of a start that died while building', async () => {
    const root = scratchCheckout();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.writeFileSync(path.join(root, 'dist.lock'), `${gone.stdout}\n`);
    fs.mkdirSync(path.join(root, `dist.building-${gone.stdout}`));
    const lines: string[] = [];
    expect(await ensureClientBuild({ root, build: (outDir) => fakeBuild(outDir, 'after'), log: (line) => lines.push(line) })).toBe(true);
    expect(lines.some((line) => line.includes('waiting'))).toBe(false);
    expect(listing(path.join(root, 'dist'))).toEqual(expectedListing);
    expect(fs.existsSync(path.join(root, 'dist.lock'))).toBe(false);
  });

  it('`vite build` stamps its output, so a start right after it does not build again', async () => {
    const root = scratchCheckout();
    const plugin = buildStamp() as Plugin & Record<string, unknown>;
    const call = (hook: unknown, ...args: unknown[]) => {
      const fn = typeof hook === 'function' ? hook : (hook as { handler: (...a: unknown[]) => unknown }).handler;
      return fn.call({}, ...args);
    };
    call(plugin.configResolved, { root, build: { outDir: 'dist' } } as unknown as ResolvedConfig);
    call(plugin.buildStart, {});
    await fakeBuild(path.join(root, 'dist'), 'vite build');
    call(plugin.buildEnd);
    call(plugin.closeBundle);
    expect(staleReason(sourceHash(root), { root })).toBeNull();
    let builds = 0;
    expect(await ensureClientBuild({ root, build: async () => void builds++, log: () => {} })).toBe(false);
    expect(builds).toBe(0);
  });
});
