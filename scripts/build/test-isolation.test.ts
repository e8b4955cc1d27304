import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_ISOLATED, needsFreshWorker } from './test-isolation';

const root = path.resolve(import.meta.dirname, '../..');

function clientTestFiles(): string[] {
  return readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `src/${file.split(path.sep).join('/')}`);
}

describe('client test files that run in a fresh worker', () => {
  it('lists every client test that replaces a module or a global', () => {
    const replacing = clientTestFiles().filter((file) => needsFreshWorker(readFileSync(path.join(root, file), 'utf8')));
    expect(replacing.length).toBeGreaterThan(0);
    expect(replacing.filter((file) => !CLIENT_ISOLATED.includes(file))).toEqual([]);
  });

  it('lists only files that exist', () => {
    const files = new Set(clientTestFiles());
    expect(CLIENT_ISOLATED.filter((file) => !files.has(file))).toEqual([]);
  });

  it('recognises the calls that replace a module or a global', () => {
    expect(needsFreshWorker("vi.mock('../api/client', () => ({}));")).toBe(true);
    expect(needsFreshWorker("vi.stubGlobal('EventSource', undefined);")).toBe(true);
    expect(needsFreshWorker('vi.fn(); vi.useFakeTimers();')).toBe(false);
  });
});
