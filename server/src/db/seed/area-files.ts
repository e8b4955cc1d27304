/**
 * The files of server/src/modules/ that the seeded data depends on: the module list (it declares the
 * areas' seed steps) and each area's own tables and seed step, `<area>.schema.ts` and
 * `<area>.seed.ts`. The test harnesses keep a seeded database per hash of the seed's code
 * (server/src/test/helpers.ts, tests/support/server.ts): these files are part of it.
 */
import fs from 'node:fs';
import path from 'node:path';

export function areaSeedFiles(modules: string): string[] {
  const files = [path.join(modules, 'index.ts')];
  for (const area of fs
    .readdirSync(modules, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()) {
    for (const part of ['schema', 'seed']) {
      const file = path.join(modules, area, `${area}.${part}.ts`);
      if (fs.existsSync(file)) files.push(file);
    }
  }
  return files;
}
