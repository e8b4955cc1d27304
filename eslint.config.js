// Flat config: ESLint 9+ reads only eslint.config.js (the old .eslintrc format is gone).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import path from 'node:path';

const root = path.dirname(new URL(import.meta.url).pathname);

/** Where a file sits: {zone, feature} with zone one of contract, server, client-feature, client, tests, other. */
function place(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  if (rel.startsWith('contract/')) return { zone: 'contract' };
  if (rel.startsWith('server/')) return { zone: 'server' };
  const m = /^src\/features\/([^/]+)\//.exec(rel);
  if (m) return { zone: 'feature', feature: m[1] };
  if (rel.startsWith('src/app/')) return { zone: 'app' };
  if (rel.startsWith('src/')) return { zone: 'client' };
  return { zone: 'other' };
}

/** One-way imports: a feature never imports another feature, shared client code never imports a
 * feature, contract/ imports nothing of client or server (only typebox), client and server never
 * import each other, and the client takes only types from contract/. */
const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = place(context.filename);
    function check(node, spec, typeOnly) {
      if (typeof spec !== 'string') return;
      const relative = spec.startsWith('.');
      if (!relative) {
        if (from.zone === 'contract' && spec !== 'typebox' && !spec.startsWith('typebox/'))
          context.report({ node, message: `contract/ may import only typebox, not '${spec}'.` });
        return;
      }
      const target = place(path.resolve(path.dirname(context.filename), spec));
      const fail = (message) => context.report({ node, message });
      if (from.zone === 'contract' && target.zone !== 'contract') fail('contract/ imports nothing of client or server.');
      if (from.zone === 'server' && ['feature', 'app', 'client'].includes(target.zone)) fail('The server never imports client code.');
      if (['feature', 'app', 'client'].includes(from.zone) && target.zone === 'server') fail('The client never imports server code.');
      if (['feature', 'app', 'client'].includes(from.zone) && target.zone === 'contract' && !typeOnly)
        fail('The client imports only types from contract/ (use `import type`).');
      if (from.zone === 'feature' && target.zone === 'feature' && target.feature !== from.feature)
        fail(`Feature '${from.feature}' must not import feature '${target.feature}'.`);
      if (from.zone === 'client' && target.zone === 'feature') fail('Shared client code must not import a feature.');
    }
    return {
      ImportDeclaration(node) {
        const typeOnly = node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
        check(node, node.source.value, typeOnly);
      },
      ExportNamedDeclaration(node) { if (node.source) check(node, node.source.value, node.exportKind === 'type'); },
      ExportAllDeclaration(node) { check(node, node.source.value, node.exportKind === 'type'); },
      ImportExpression(node) { if (node.source.type === 'Literal') check(node, node.source.value, false); },
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/', 'server/build/', 'data/', 'node_modules/', 'coverage/', 'bench/results/', 'server/src/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { layers: { rules: { 'one-way': boundaries } } },
    rules: {
      'layers/one-way': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'User text is rendered as text, never as HTML.' },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.{js,mjs,ts}', 'scripts/**/*.{js,mjs}', '*.{js,mjs,ts}'],
    languageOptions: { globals: globals.node },
  },
);
