/** The server-areas rule: an area under server/src/modules/ imports no other area, and shared/ and plugins/ import none. */
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { serverArea, serverAreas } from './server-areas.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const root = path.resolve(import.meta.dirname, '..');
const chatService = path.join(root, 'server/src/modules/chat/chat.service.ts');
const academicRoutes = path.join(root, 'server/src/modules/academic/academic.routes.ts');
const sharedService = path.join(root, 'server/src/shared/academic/academic.service.ts');
const livePlugin = path.join(root, 'server/src/plugins/live.ts');

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

describe('serverArea', () => {
  it('names the area of a file under server/src/modules/, else null', () => {
    if (serverArea(chatService) !== 'chat' || serverArea(sharedService) !== null) throw new Error('wrong area');
  });
});

tester.run('server-areas/no-other-area', serverAreas, {
  valid: [
    { filename: chatService, code: "import * as repo from './chat.repository';" },
    { filename: chatService, code: "import * as people from '../../shared/academic/academic.repository';" },
    { filename: chatService, code: "import { AppError } from '../../app-error';" },
    { filename: chatService, code: "import type { Conversation } from './chat.repository';" },
    { filename: academicRoutes, code: "import { AcademicService } from '../../shared/academic/academic.service';" },
    { filename: sharedService, code: "import { unreadBySender } from '../messages.repository';" },
    // The module list registers every area.
    { filename: path.join(root, 'server/src/modules/index.ts'), code: "import chatRoutes from './chat/chat.routes';" },
    { filename: chatService, code: "import { Type } from 'typebox';" },
    // A plugin builds on shared code and other plugins.
    {
      filename: livePlugin,
      code: "import { sessionFromRequest } from './session';\nimport { config } from '../config';\nimport type { Caller } from '../shared/caller';",
    },
  ],
  invalid: [
    {
      filename: chatService,
      code: "import * as people from '../academic/academic.repository';",
      errors: [{ messageId: 'otherArea', data: { from: 'chat', to: 'academic', spec: '../academic/academic.repository' } }],
    },
    {
      filename: academicRoutes,
      code: "import type { MessageRow } from '../chat/chat.repository';",
      errors: [{ messageId: 'otherArea' }],
    },
    {
      filename: chatService,
      code: "export { hashPassword } from '../auth/auth.service';",
      errors: [{ messageId: 'otherArea' }],
    },
    {
      filename: chatService,
      code: "const m = await import('../news/news.repository');",
      errors: [{ messageId: 'otherArea' }],
    },
    {
      filename: academicRoutes,
      code: "import '../chat';",
      errors: [{ messageId: 'otherArea' }],
    },
    {
      filename: sharedService,
      code: "import { unreadBySender } from '../../modules/chat/chat.repository';",
      errors: [{ messageId: 'sharedImportsArea', data: { to: 'chat', spec: '../../modules/chat/chat.repository' } }],
    },
    {
      filename: livePlugin,
      code: "import { chatLive } from '../modules/chat/chat.live';",
      errors: [{ messageId: 'pluginImportsArea', data: { spec: '../modules/chat/chat.live' } }],
    },
    {
      filename: livePlugin,
      code: "import type { LiveMapper } from '../modules/chat/chat.live';",
      errors: [{ messageId: 'pluginImportsArea' }],
    },
    {
      filename: livePlugin,
      code: "const areas = await import('../modules/index');",
      errors: [{ messageId: 'pluginImportsArea' }],
    },
  ],
});
