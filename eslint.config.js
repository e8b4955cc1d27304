// Flat config: ESLint 9+ reads only eslint.config.js (the old .eslintrc format is gone).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { ALIAS_DIRS } from './scripts/aliases.js';
import { layers } from './eslint/boundaries.js';
import serverAreas from './eslint/server-areas.js';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist.building-*/',
      'dist.old-*/',
      'server/build/',
      'data/',
      'node_modules/',
      'coverage/',
      'bench/results/',
      'server/src/db/migrations/',
      'eslint/fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { layers },
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
    // No import cycles in the client, the server or the tests (a cycle makes load order decide what
    // a module sees). eslint/fixtures/ holds the cycle the lint tests lint on purpose (ignored otherwise).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'tests/**/*.ts', 'contract/**/*.ts', 'eslint/fixtures/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          alias: Object.fromEntries(Object.entries(ALIAS_DIRS).map(([a, dir]) => [a, [dir]])),
        }),
      ],
    },
    // A lazy import() (the area manifest's loaders) is not a load-order cycle.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
  {
    files: ['server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.{js,mjs,ts}', 'scripts/**/*.{js,mjs,ts}', 'eslint/**/*.{js,ts}', '*.{js,mjs,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // exceljs is loaded at the first workbook (server/src/lib/xlsx.ts), not by every server start.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/lib/xlsx.ts', 'server/src/**/*.test.ts', 'server/src/**/*.test-*.ts', 'server/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'exceljs',
              allowTypeImports: true,
              message: 'Make workbooks with newWorkbook() (server/src/lib/xlsx.ts): it loads exceljs when first needed.',
            },
          ],
        },
      ],
    },
  },
  // Server areas talk only through server/src/shared/ (eslint/server-areas.js).
  serverAreas,
);
