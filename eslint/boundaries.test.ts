/**
 * The layer and cycle rules, checked through the project's own eslint.config.js: each forbidden
 * import is reported, and the allowed ones are not.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { root } from './boundaries.js';

const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js'), ignore: false });

/** The layer messages for `code` linted as if it were the file `file` (relative to the root). */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'layers/one-way').map((m) => m.message);
}

describe('layers/one-way', () => {
  it.each([
    ['a feature importing src/app/', 'src/features/news/x.ts', "import { createAppStore } from '../../app/store';\nexport const s = createAppStore;", /must not import src\/app/],
    ['a feature importing another feature', 'src/features/news/x.ts', "import { chatActions } from '../chat/chat.slice';\nexport const c = chatActions;", /must not import feature 'chat'/],
    ['a feature loading another feature lazily', 'src/features/news/x.ts', "export const c = () => import('../chat/ChatScreen');", /must not import feature 'chat'/],
    ['src/shared/ importing src/app/', 'src/shared/x.ts', "import { ROUTES } from '../app/routeRegistry';\nexport const r = ROUTES;", /must not import src\/app/],
    ['src/shared/ importing a feature', 'src/shared/session/x.ts', "import { newsActions } from '../../features/news/news.slice';\nexport const n = newsActions;", /must not import a feature/],
    ['src/components/ importing src/app/', 'src/components/X.tsx', "import { AppRoutes } from '../app/routes';\nexport const r = AppRoutes;", /must not import src\/app/],
    ['src/components/ importing a feature', 'src/components/X.tsx', "import { chatActions } from '../features/chat/chat.slice';\nexport const c = chatActions;", /must not import a feature/],
    ['src/api/ importing a feature', 'src/api/x.ts', "import { newsActions } from '../features/news/news.slice';\nexport const n = newsActions;", /must not import a feature/],
    ['the client importing server code', 'src/shared/x.ts', "import { buildApp } from '../../server/src/app';\nexport const b = buildApp;", /never imports server code/],
    ['the client importing a contract value', 'src/features/news/x.ts', "import { ROLE_TEACHER } from '../../../contract/common';\nexport const r = ROLE_TEACHER;", /only types from contract/],
    ['an end-to-end test importing src/', 'tests/x.e2e.ts', "import { newsActions } from '../src/features/news/news.slice';\nexport const n = newsActions;", /never import src/],
    ['tests/support importing src/', 'tests/support/x.ts', "import { ROUTES } from '../../src/app/routeRegistry';\nexport const r = ROUTES;", /never import src/],
    ['an end-to-end test importing server internals', 'tests/x.e2e.ts', "import { buildApp } from '../server/src/app';\nexport const b = buildApp;", /never import server code/],
    ['contract/ importing a package other than typebox', 'contract/x.ts', "import fastify from 'fastify';\nexport const f = fastify;", /only typebox/],
  ])('refuses %s', async (_name, file, code, message) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ['a feature importing src/shared/, src/components/ and its own files', 'src/features/news/x.ts', "import { selectUser } from '../../shared/session/session';\nimport { Spinner } from '../../components/Spinner';\nimport { newsActions } from './news.slice';\nexport const all = [selectUser, Spinner, newsActions];"],
    ['a feature taking types from contract/', 'src/features/news/x.ts', "import type { NewsItem } from '../../../contract/news';\nexport type N = NewsItem;"],
    ['src/app/ importing features and shared code', 'src/app/x.ts', "import { newsActions } from '../features/news/news.slice';\nimport { selectUser } from '../shared/session/session';\nexport const all = [newsActions, selectUser];"],
    ['an end-to-end test importing tests/support and contract types', 'tests/x.e2e.ts', "import { setupE2E } from './support/e2e';\nimport type { User } from '../contract/auth';\nexport const s = setupE2E;\nexport type U = User;"],
  ])('allows %s', async (_name, file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});

describe('import cycles', () => {
  it('refuses two client modules that import each other', async () => {
    const results = await eslint.lintFiles([path.join(root, 'eslint/fixtures/cycle/a.ts')]);
    const cycles = results.flatMap((r) => r.messages).filter((m) => m.ruleId === 'import-x/no-cycle');
    expect(cycles).toHaveLength(1);
  });
});
