/**
 * The import aliases of the shared layers, one list for every tool that resolves imports: the type
 * checks (the `paths` of tsconfig.json and server/tsconfig.json, which scripts/aliases.test.ts holds to
 * this list), Vite and Vitest (vite.config.ts), and the lint (eslint.config.js, eslint/boundaries.js).
 * An area imports `@contract/journal` or `@shared/hooks` instead of a chain of `../../../`.
 */
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Alias → folder (relative to the repository). The client layers are for src/ only. */
export const ALIASES = {
  '@contract': 'contract',
  '@shared': 'src/shared',
  '@api': 'src/api',
  '@components': 'src/components',
  '@lib': 'src/lib',
};

/** The same as absolute folders, for Vite's `resolve.alias` and the lint's resolver. */
export const ALIAS_DIRS = Object.fromEntries(Object.entries(ALIASES).map(([alias, dir]) => [alias, path.join(root, dir)]));

/** The file an aliased import names (without extension), or null when `spec` is not aliased. */
export function unalias(spec) {
  const alias = Object.keys(ALIASES).find((a) => spec === a || spec.startsWith(`${a}/`));
  return alias ? path.join(ALIAS_DIRS[alias], spec.slice(alias.length)) : null;
}
