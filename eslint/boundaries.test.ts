/**
 * The layer and cycle rules, checked through the project's own eslint.config.js: each forbidden
 * import is reported, and the allowed ones are not.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { root } from './boundaries.js';

const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js'), ignore: false });

/** The messages of `rule` for `code` linted as if it were the file `file` (relative to the root). */
async function ruleErrors(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const layerErrors = (file: string, code: string) => ruleErrors('layers/one-way', file, code);

describe('layers/one-way', () => {
  it.each([
    [
      'a feature importing src/app/',
      'src/features/news/x.ts',
      "import { createAppStore } from '../../app/store';\nexport const s = createAppStore;",
      /must not import src\/app/,
    ],
    [
      'a feature importing another feature',
      'src/features/news/x.ts',
      "import { chatActions } from '../chat/chat.slice';\nexport const c = chatActions;",
      /must not import feature 'chat'/,
    ],
    [
      'a feature loading another feature lazily',
      'src/features/news/x.ts',
      "export const c = () => import('../chat/ChatScreen');",
      /must not import feature 'chat'/,
    ],
    [
      'src/shared/ importing src/app/',
      'src/shared/x.ts',
      "import { ROUTES } from '../app/routeRegistry';\nexport const r = ROUTES;",
      /must not import src\/app/,
    ],
    [
      'src/shared/ importing a feature',
      'src/shared/session/x.ts',
      "import { newsActions } from '../../features/news/news.slice';\nexport const n = newsActions;",
      /must not import a feature/,
    ],
    [
      'src/components/ importing src/app/',
      'src/components/X.tsx',
      "import { AppRoutes } from '../app/routes';\nexport const r = AppRoutes;",
      /must not import src\/app/,
    ],
    [
      'src/components/ importing a feature',
      'src/components/X.tsx',
      "import { chatActions } from '../features/chat/chat.slice';\nexport const c = chatActions;",
      /must not import a feature/,
    ],
    [
      'src/api/ importing a feature',
      'src/api/x.ts',
      "import { newsActions } from '../features/news/news.slice';\nexport const n = newsActions;",
      /must not import a feature/,
    ],
    [
      'the client importing server code',
      'src/shared/x.ts',
      "import { buildApp } from '../../server/src/app';\nexport const b = buildApp;",
      /never imports server code/,
    ],
    [
      'the client importing a contract value',
      'src/features/news/x.ts',
      "import { ROLE_TEACHER } from '../../../contract/common';\nexport const r = ROLE_TEACHER;",
      /only types from contract/,
    ],
    [
      'an end-to-end test importing src/',
      'tests/x.e2e.ts',
      "import { newsActions } from '../src/features/news/news.slice';\nexport const n = newsActions;",
      /never import src/,
    ],
    [
      'tests/support importing src/',
      'tests/support/x.ts',
      "import { ROUTES } from '../../src/app/routeRegistry';\nexport const r = ROUTES;",
      /never import src/,
    ],
    [
      'an end-to-end test importing server internals',
      'tests/x.e2e.ts',
      "import { buildApp } from '../server/src/app';\nexport const b = buildApp;",
      /never import server code/,
    ],
    ['contract/ importing a package other than typebox', 'contract/x.ts', "import fastify from 'fastify';\nexport const f = fastify;", /only typebox/],
    ['contract/pure/ importing typebox', 'contract/pure/x.ts', "import { Type } from 'typebox';\nexport const t = Type;", /imports no package/],
    [
      'contract/pure/ importing the rest of contract/',
      'contract/pure/x.ts',
      "import { Ok } from '../common';\nexport const o = Ok;",
      /imports only contract\/pure/,
    ],
    // The order among the shared client code: src/lib/ ← src/api/, src/components/ ← src/shared/.
    [
      'src/api/ importing src/components/',
      'src/api/x.ts',
      "import { Spinner } from '../components/Spinner';\nexport const s = Spinner;",
      /src\/api\/ must not import src\/components\//,
    ],
    [
      'src/api/ importing src/shared/',
      'src/api/x.ts',
      "import { selectUser } from '../shared/session/session';\nexport const s = selectUser;",
      /src\/api\/ must not import src\/shared\//,
    ],
    [
      'src/components/ importing src/api/',
      'src/components/X.tsx',
      "import { api } from '../api/client';\nexport const a = api;",
      /src\/components\/ must not import src\/api\//,
    ],
    [
      'src/components/ importing src/shared/',
      'src/components/X.tsx',
      "import { useAppSelector } from '../shared/hooks';\nexport const u = useAppSelector;",
      /src\/components\/ must not import src\/shared\//,
    ],
    [
      'src/lib/ importing src/api/ (even a type)',
      'src/lib/x.ts',
      "import type { Failure } from '../api/http';\nexport type F = Failure;",
      /src\/lib\/ must not import src\/api\//,
    ],
    [
      'src/lib/ importing src/components/',
      'src/lib/x.ts',
      "import { Spinner } from '../components/Spinner';\nexport const s = Spinner;",
      /src\/lib\/ must not import src\/components\//,
    ],
    [
      'src/lib/ importing src/shared/',
      'src/lib/x.ts',
      "import { selectUser } from '../shared/session/session';\nexport const s = selectUser;",
      /src\/lib\/ must not import src\/shared\//,
    ],
    [
      'the shell importing a feature (not through the manifest)',
      'src/app/shell/Header.tsx',
      "import { authActions } from '../../features/auth/auth.slice';\nexport const a = authActions;",
      /The shell \(src\/app\/\) must not import feature 'auth'/,
    ],
    [
      'the shell loading a feature lazily outside the manifest',
      'src/app/portalRoutes.tsx',
      "export const screen = () => import('../features/profile/ProfileScreen');",
      /must not import feature 'profile'/,
    ],
    [
      'the shell taking only a type from a feature',
      'src/app/x.ts',
      "import type { AuthState } from '../features/auth/auth.slice';\nexport type A = AuthState;",
      /must not import feature 'auth'/,
    ],
  ])('refuses %s', async (_name, file, code, message) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    [
      'a feature importing src/shared/, src/components/ and its own files',
      'src/features/news/x.ts',
      "import { selectUser } from '../../shared/session/session';\nimport { Spinner } from '../../components/Spinner';\nimport { newsActions } from './news.slice';\nexport const all = [selectUser, Spinner, newsActions];",
    ],
    ['a feature taking types from contract/', 'src/features/news/x.ts', "import type { NewsItem } from '../../../contract/news';\nexport type N = NewsItem;"],
    ['a feature taking values from contract/pure/', 'src/features/news/x.ts', "import { f } from '../../../contract/pure/x';\nexport const g = f;"],
    [
      'the area manifest loading features, and the shell importing shared code',
      'src/app/areas.ts',
      "import { selectUser } from '../shared/session/session';\nexport const all = [selectUser, () => import('../features/news/NewsScreen')];",
    ],
    [
      "the store registering the always-loaded areas' slices",
      'src/app/store.ts',
      "import { authReducer } from '../features/auth/auth.slice';\nexport const r = authReducer;",
    ],
    ['src/api/ and src/components/ importing src/lib/', 'src/components/X.tsx', "import { initials } from '../lib/names';\nexport const i = initials;"],
    [
      'src/shared/ importing src/api/, src/components/ and src/lib/',
      'src/shared/x.ts',
      "import { api } from '../api/client';\nimport { Spinner } from '../components/Spinner';\nimport { notify } from '../lib/notify';\nexport const all = [api, Spinner, notify];",
    ],
    [
      'an end-to-end test importing tests/support and contract types',
      'tests/x.e2e.ts',
      "import { setupE2E } from './support/e2e';\nimport type { User } from '../contract/auth';\nexport const s = setupE2E;\nexport type U = User;",
    ],
  ])('allows %s', async (_name, file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});

describe('server-areas/no-other-area', () => {
  it('refuses a server plugin importing an area or the module list', async () => {
    expect(
      await ruleErrors(
        'server-areas/no-other-area',
        'server/src/plugins/x.ts',
        "import { chatLive } from '../modules/chat/chat.live';\nexport const c = chatLive;",
      ),
    ).toEqual([expect.stringMatching(/plugins\/ must not import server\/src\/modules\//)]);
    expect(
      await ruleErrors('server-areas/no-other-area', 'server/src/plugins/x.ts', "import { MODULES } from '../modules/index';\nexport const m = MODULES;"),
    ).toHaveLength(1);
  });

  it('allows a server plugin importing shared code and other plugins', async () => {
    expect(
      await ruleErrors(
        'server-areas/no-other-area',
        'server/src/plugins/x.ts',
        "import { config } from '../config';\nimport { sendReply } from './reply';\nexport const all = [config, sendReply];",
      ),
    ).toEqual([]);
  });
});

describe('import cycles', () => {
  it('refuses two client modules that import each other', async () => {
    const results = await eslint.lintFiles([path.join(root, 'eslint/fixtures/cycle/a.ts')]);
    const cycles = results.flatMap((r) => r.messages).filter((m) => m.ruleId === 'import-x/no-cycle');
    expect(cycles).toHaveLength(1);
  });
});
