/**
 * The layers rule (`layers/one-way`): which folder may import which.
 *
 * Client (src/):
 * - app/ and main.tsx (the shell: routes, store, layout, the area manifest) may import anything in src/
 *   but the features: a feature is reached only through the registry files (APP_REGISTRY: the area
 *   manifest app/areas.ts, the store's always-loaded areas app/store.ts, and the login page);
 * - a feature (src/features/<area>/) imports src/shared/, src/components/, src/api/, src/lib/,
 *   src/i18n/ and itself, never app/ nor another feature;
 * - shared/, components/ and the rest of src/ (api, lib, i18n) never import app/ nor a feature
 *   (src/test/, the test helpers, may build the app's store);
 * - among the shared client code the order is lib ← api, components ← shared: lib/ (helpers with no
 *   UI and no network) imports none of the three others; api/ (the calls) and components/ (generic
 *   UI) import lib/ but not each other nor shared/; shared/ may import all three;
 * - the client takes only types from contract/ (but values from contract/pure/) and nothing from server/.
 * Server and contract: the server never imports client code; contract/ imports only typebox;
 * contract/pure/ (plain functions both sides run, such as the journal's totals) imports nothing but
 * contract/pure/.
 * End-to-end tests (tests/): they import tests/support/ and contract/ (types) only: no src/ and no
 * server internals (the harness starts server/src/main.ts as a process, by path).
 */
import path from 'node:path';
import { unalias } from '../scripts/aliases.js';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Where a file sits: {zone, feature?}. */
export function place(file, base = root) {
  const rel = path.relative(base, file).split(path.sep).join('/');
  if (rel.startsWith('contract/pure/')) return { zone: 'contract-pure' };
  if (rel.startsWith('contract/')) return { zone: 'contract' };
  if (rel.startsWith('server/')) return { zone: 'server' };
  if (rel.startsWith('tests/support/')) return { zone: 'tests-support' };
  if (rel.startsWith('tests/')) return { zone: 'tests' };
  const m = /^src\/features\/([^/]+)\//.exec(rel);
  if (m) return { zone: 'feature', feature: m[1] };
  if (rel.startsWith('src/app/') || rel === 'src/main.tsx') return { zone: 'app', file: rel };
  if (rel.startsWith('src/shared/')) return { zone: 'shared' };
  if (rel.startsWith('src/components/')) return { zone: 'components' };
  if (rel.startsWith('src/api/')) return { zone: 'api' };
  if (rel.startsWith('src/lib/')) return { zone: 'lib' };
  if (rel.startsWith('src/test/')) return { zone: 'client-test' };
  if (rel.startsWith('src/')) return { zone: 'client' };
  return { zone: 'other' };
}

const CLIENT = ['feature', 'app', 'shared', 'components', 'api', 'lib', 'client', 'client-test'];
/** Shared client code: imports neither src/app/ nor a feature. */
const SHARED_CLIENT = ['shared', 'components', 'api', 'lib', 'client'];
/** The layers below each of lib, api and components may not import (lib ← api, components ← shared). */
const ABOVE = {
  lib: ['api', 'components', 'shared'],
  api: ['components', 'shared'],
  components: ['api', 'shared'],
};
const FOLDER = { lib: 'src/lib/', api: 'src/api/', components: 'src/components/', shared: 'src/shared/' };
const TESTS = ['tests', 'tests-support'];

/**
 * The files of src/app/ that may name a feature. The area manifest (areas.ts: the areas' screens,
 * stores and parts, the portal's screens, and SHELL_PARTS, what the always-loaded areas give the
 * shell), the store (store.ts: the slices and sagas of the areas the login page needs, there from
 * the start), and the login page (pages/LoginPage.tsx: the login screen in the login route's chunk,
 * which the manifest must stay out of). The rest of the shell takes what it needs of a feature
 * through the manifest (`areaParts()`, app/loadAreas.ts) or src/shared/ (the session's check and logout).
 */
export const APP_REGISTRY = ['src/app/areas.ts', 'src/app/store.ts', 'src/app/pages/LoginPage.tsx'];

/** The message for an import from `from` to `target`, or null when it is allowed. */
export function violation(from, target, typeOnly) {
  const client = CLIENT.includes(from.zone);
  if (from.zone === 'contract-pure' && target.zone !== 'contract-pure') return 'contract/pure/ imports only contract/pure/.';
  if (from.zone === 'contract' && target.zone !== 'contract' && target.zone !== 'contract-pure') return 'contract/ imports nothing of client or server.';
  if (from.zone === 'server' && CLIENT.includes(target.zone)) return 'The server never imports client code.';
  if (client && target.zone === 'server') return 'The client never imports server code.';
  if (client && target.zone === 'contract' && !typeOnly) return 'The client imports only types from contract/ (use `import type`).';
  if (from.zone === 'app' && target.zone === 'feature' && !APP_REGISTRY.includes(from.file))
    return `The shell (src/app/) must not import feature '${target.feature}': declare what it needs in the area manifest (src/app/areas.ts) or use src/shared/ (the session's actions).`;
  if (from.zone === 'feature' && target.zone === 'app')
    return `Feature '${from.feature}' must not import src/app/: use src/shared/ (session, config, hooks...).`;
  if (from.zone === 'feature' && target.zone === 'feature' && target.feature !== from.feature)
    return `Feature '${from.feature}' must not import feature '${target.feature}'.`;
  if (SHARED_CLIENT.includes(from.zone) && target.zone === 'app') return 'Shared client code (shared, components, api, lib, i18n) must not import src/app/.';
  if (SHARED_CLIENT.includes(from.zone) && target.zone === 'feature') return 'Shared client code must not import a feature.';
  if (ABOVE[from.zone]?.includes(target.zone))
    return `${FOLDER[from.zone]} must not import ${FOLDER[target.zone]}: the order is src/lib/ ← src/api/, src/components/ ← src/shared/.`;
  if (TESTS.includes(from.zone) && CLIENT.includes(target.zone)) return 'End-to-end tests drive the built app: they never import src/.';
  if (TESTS.includes(from.zone) && target.zone === 'server')
    return 'End-to-end tests never import server code: the harness starts server/src/main.ts as a process.';
  if (from.zone === 'tests-support' && target.zone === 'tests') return 'tests/support/ must not import a test file.';
  return null;
}

const rule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = place(context.filename);
    function check(node, spec, typeOnly) {
      if (typeof spec !== 'string') return;
      const aliased = unalias(spec);
      if (aliased) {
        const message = violation(from, place(aliased), typeOnly);
        if (message) context.report({ node, message });
        return;
      }
      if (!spec.startsWith('.')) {
        if (from.zone === 'contract' && spec !== 'typebox' && !spec.startsWith('typebox/'))
          context.report({ node, message: `contract/ may import only typebox, not '${spec}'.` });
        if (from.zone === 'contract-pure') context.report({ node, message: `contract/pure/ imports no package, not '${spec}'.` });
        return;
      }
      const message = violation(from, place(path.resolve(path.dirname(context.filename), spec)), typeOnly);
      if (message) context.report({ node, message });
    }
    return {
      ImportDeclaration(node) {
        const typeOnly = node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
        check(node, node.source.value, typeOnly);
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.source.value, node.exportKind === 'type');
      },
      ExportAllDeclaration(node) {
        check(node, node.source.value, node.exportKind === 'type');
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source.value, false);
      },
    };
  },
};

/** The plugin registered as `layers` in eslint.config.js. */
export const layers = { rules: { 'one-way': rule } };
