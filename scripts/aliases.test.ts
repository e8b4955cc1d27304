import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALIASES } from './aliases.js';

const root = path.resolve(import.meta.dirname, '..');
const paths = (file: string) =>
  (JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;

describe('import aliases', () => {
  it('tsconfig.json names every alias, to the same folder', () => {
    expect(paths('tsconfig.json')).toEqual(Object.fromEntries(Object.entries(ALIASES).map(([alias, dir]) => [`${alias}/*`, [`./${dir}/*`]])));
  });

  it('server/tsconfig.json names the contract, the one layer the server shares', () => {
    expect(paths('server/tsconfig.json')).toEqual({ '@contract/*': ['../contract/*'] });
  });

  it('each alias names a folder that exists', () => {
    for (const dir of Object.values(ALIASES)) expect(fs.statSync(path.join(root, dir)).isDirectory()).toBe(true);
  });
});
