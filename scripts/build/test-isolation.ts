/**
 * The client test files share a worker's page (jsdom) and loaded modules (vite.config.ts, project
 * `client`), which halves the project's time. These files run each in a fresh worker instead
 * (project `client-isolated`): they replace modules or globals (vi.mock, vi.stubGlobal) that the
 * app's code has already imported in a shared worker, or test module-level registries (the live
 * connection's event types, react-toastify's toasts) from empty.
 */
export const CLIENT_ISOLATED = [
  'src/api/http.test.ts',
  'src/api/idempotency.test.ts',
  'src/app/App.test.tsx',
  'src/features/auth/LoginScreen.external.test.tsx',
  'src/features/auth/LoginScreen.test.tsx',
  'src/features/auth/auth.saga.test.ts',
  'src/features/chat/chat.live.test.ts',
  'src/features/journal/HiddenStudents.test.tsx',
  'src/features/library/LibraryScreen.test.tsx',
  'src/features/library/library.saga.test.ts',
  'src/features/news/NewsScreen.test.tsx',
  'src/features/password/ChangePasswordScreen.test.tsx',
  'src/features/password/password.saga.test.ts',
  'src/features/qr/QrScreens.test.tsx',
  'src/features/umk/UmkScreen.test.tsx',
  'src/i18n/modules.test.ts',
  'src/shared/live/live.saga.test.ts',
  'src/shared/request/upload.saga.test.ts',
  'src/sw/register.test.ts',
];

/** A test that replaces a module or a global only works in a fresh worker. */
export function needsFreshWorker(source: string): boolean {
  return /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(source);
}
