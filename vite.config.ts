import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { ALIAS_DIRS } from './scripts/aliases.js';
import { buildStamp } from './scripts/build/build-stamp.js';
import { CLIENT_ISOLATED } from './scripts/build/test-isolation.js';
import { inlineFirstPaint } from './scripts/build/inline-first-paint.js';
import { localesVersion } from './scripts/build/locales-version.js';
import { precompress } from './scripts/build/precompress.js';
import { languageManifests } from './scripts/build/manifests.js';
import { MANUAL_PICTURES_DIR, manualPictures } from './scripts/build/manual-pictures.js';
import { MANIFEST_TEXTS } from './src/i18n/manifest.js';
import { routePreloads, shellStoreModules } from './scripts/build/route-preloads.js';

/**
 * The files that take longest, longest first, in each group: the server files that run the whole API
 * or start real processes, then the end-to-end files by their time on a clean run (those that visit every screen or route
 * first: their time grows with the screen list). Vitest alone starts the files it has no timings for (a
 * fresh checkout, CI) largest first, which put a long file last: the run then waited on it alone, with
 * the other core idle (and the end-to-end group waits for the whole first group).
 */
const LONGEST_FIRST = [
  'server/src/fuzz.test.ts',
  'scripts/start.test.ts',
  'server/src/gradingsheet-transcript.test.ts',
  'server/src/modules/imports/imports.cli.test.ts',
  'server/src/db/seed/empty.cli.test.ts',
  'server/src/cli/backup.cli.test.ts',
  'server/src/db/seed/seed.test.ts',
  'tests/a11y.e2e.ts',
  'tests/a11y-phone.e2e.ts',
  'tests/empty-portal.e2e.ts',
  'tests/routes.e2e.ts',
  'tests/slow-network.e2e.ts',
  'tests/singlewindow.e2e.ts',
  'tests/library.e2e.ts',
  'tests/qr.e2e.ts',
  'tests/journal-lessons.e2e.ts',
  'tests/registration-screen.e2e.ts',
  'tests/chat.e2e.ts',
  'tests/failures.e2e.ts',
  'tests/layout.e2e.ts',
  'tests/admin.e2e.ts',
  'tests/personalcard.e2e.ts',
  'tests/news.e2e.ts',
];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.indexOf(path.relative(file.project.config.root, file.moduleId).split(path.sep).join('/'));
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    // A stable sort: the groups keep their order, and the files not listed keep Vitest's.
    return sorted
      .map((file, at) => ({ file, at }))
      .sort((a, b) => a.file.project.config.sequence.groupOrder - b.file.project.config.sequence.groupOrder || rank(a.file) - rank(b.file) || a.at - b.at)
      .map(({ file }) => file);
  }
}

const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';
const hasPg = Boolean(process.env.TEST_DATABASE_URL);
/** Changes with any text in public/locales: the client asks for the texts with ?v=<this>. */
const LOCALES_VERSION = localesVersion('public/locales');

/** The web manifest but its texts (src/i18n/manifest.ts gives them per language). */
const WEB_MANIFEST = {
  id: '/lms/',
  start_url: '/lms/',
  scope: '/lms/',
  display: 'standalone' as const,
  background_color: '#f3f5f9',
  theme_color: '#1d4e9e',
  icons: [
    { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

export default defineConfig({
  base: '/lms/',
  resolve: { alias: ALIAS_DIRS },
  define: { 'import.meta.env.VITE_LOCALES_VERSION': JSON.stringify(LOCALES_VERSION) },
  plugins: [
    react(),
    inlineFirstPaint(),
    // Sent by the server as Link preload headers with the page (server/src/plugins/spa.ts).
    routePreloads({
      localesVersion: LOCALES_VERSION,
      namespaces: ['cm'],
      routes: {
        '/login': { module: 'src/app/pages/LoginPage.tsx', namespaces: ['auth'] },
        // Signed in, /news arrives with its data (server/src/plugins/spa.ts): the shell, the areas' stores
        // the shell waits for (src/app/loadAreas.ts), and the feed's code and texts.
        '/news': {
          module: ['src/app/portalRoutes.tsx', 'src/app/Layout.tsx', ...shellStoreModules(), 'src/features/news/NewsScreen.tsx'],
          namespaces: ['news'],
        },
        // A teacher's /journal arrives with its first view's data: the shell, the areas' stores, the journal's code and texts.
        '/journal': {
          module: [
            'src/app/portalRoutes.tsx',
            'src/app/Layout.tsx',
            ...shellStoreModules(),
            'src/features/journal/JournalScreen.tsx',
            'src/features/journal/journal.area.ts',
          ],
          namespaces: ['journal'],
        },
        // A teacher's /gradingsheet arrives with its list: the shell, the areas' stores, the sheet's code and texts.
        '/gradingsheet': {
          module: ['src/app/portalRoutes.tsx', 'src/app/Layout.tsx', ...shellStoreModules(), 'src/features/gradingsheet/GradingSheetScreen.tsx'],
          namespaces: ['gradingsheet'],
        },
      },
    }),
    // The installable app: the web manifest and the service worker (src/sw/sw.ts) that keeps this
    // build's shell for a start with no network. Registered by src/sw/register.ts.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      scope: '/lms/',
      base: '/lms/',
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: true,
      // Russian, the default language; the others are written beside it (languageManifests).
      manifest: { ...WEB_MANIFEST, ...MANIFEST_TEXTS.ru, lang: 'ru' },
      injectManifest: {
        // The shell and the texts; not the pre-compressed twins (the server picks them itself), and
        // not what only an online task needs (about 1.7 MB a phone would download on install): the
        // QR scanner's WebAssembly (a mark needs the network anyway), the EPUB and PDF libraries
        // (reading a book and adding one are online tasks). Those are fetched when first used.
        globPatterns: ['**/*.{js,css,html,svg,png,wasm,json,webmanifest}'],
        // Nor the user manual's pictures (about 1.3 MB of screenshots): the manual shows them online.
        globIgnores: ['**/*.{br,gz}', '.vite/**', 'assets/lazy-*', 'assets/zxing_reader-*.wasm', `${MANUAL_PICTURES_DIR}/**`],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    languageManifests(WEB_MANIFEST),
    // The user manual's pictures: the end-to-end tests' screen baselines (tests/screenshots/).
    manualPictures(),
    precompress(),
    // Last: dist/.build-stamp, so `npm start` does not build again what `npm run build` just built.
    buildStamp(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The vendor chunk below is about 420 kB before compression.
    chunkSizeWarningLimit: 500,
    // Every supported browser knows <link rel=modulepreload>.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page starts with go in one chunk (instead of half a dozen small
          // ones mixed with app code): fewer requests, better compression, and a file that stays
          // cached until the dependencies change. Libraries of lazy screens stay with them.
          // The app code every page starts with (everything main.tsx imports) is one chunk too: left
          // alone, the bundler splits each module that lazy chunks also import (the session, the
          // request helpers, storage...) into a small chunk of its own, which costs the login page
          // a request and some compression each.
          groups: [
            // The libraries of a few lazy features, named so that the service worker leaves them out
            // of the stored shell (injectManifest's globIgnores below): the book reader's EPUB engine
            // and the PDF renderer that draws a book's cover on upload.
            { name: 'lazy-epub', test: /node_modules[\\/]epubjs[\\/]/ },
            { name: 'lazy-pdf', test: /node_modules[\\/]pdfjs-dist[\\/]/ },
            { name: 'vendor', test: /node_modules/, tags: ['$initial'] },
            { name: 'app', test: /[\\/]src[\\/](?!main\.tsx)/, tags: ['$initial'] },
            // The signed-in shell waits for every area's store before it renders (src/app/loadAreas.ts):
            // the stores with their slices, sagas, live handlers and API calls, and the live connection,
            // in one chunk instead of two dozen small ones that a phone fetches a few at a time. Only
            // the shell loads them (the login and password pages do not).
            {
              name: 'areas',
              test: /[\\/]src[\\/](features[\\/](?!auth[\\/]|password[\\/])([a-z]+)[\\/]\2\.(area|slice|saga|live|cache|api)\.ts|shared[\\/]live[\\/]live(\.saga)?\.ts|shared[\\/]request[\\/]upload\.saga\.ts|api[\\/](schedule|qr|academic)\.ts)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/config.json': apiTarget,
      '/logo.json': apiTarget,
    },
  },
  test: {
    // Vitest's default is one worker less than the cores: one worker on a 2-core machine, where
    // the server tests spend much of their time waiting on the database.
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: CLIENT_ISOLATED,
          setupFiles: ['src/test/setup.ts'],
          // The files of a worker share one page (jsdom) and their loaded modules instead of
          // building both again each (half the project's time): the setup file unmounts, stops
          // the stores and clears storage, cookies and handlers after every test.
          isolate: false,
          // Ceilings for a test that hangs, not waits: on a loaded machine typing a form with
          // user-event alone can take several seconds, and a screen's first lazy import 25 s
          // (load average 14 on two cores).
          testTimeout: 60000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client-isolated',
          environment: 'jsdom',
          include: CLIENT_ISOLATED,
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 60000,
          hookTimeout: 60000,
        },
      },
      {
        resolve: { alias: ALIAS_DIRS },
        test: {
          name: 'server',
          environment: 'node',
          // The seeded templates the files copy are built before the files start, not in a hook.
          globalSetup: ['server/src/test/global-setup.ts'],
          include: ['server/src/**/*.test.ts', 'contract/**/*.test.ts', 'eslint/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The files of a worker share its loaded modules instead of importing the whole server
          // again each (a third of the project's time): every file builds its own app and database,
          // and none mocks a module or changes the environment.
          isolate: false,
          // Ceilings for a hang, not waits: on a busy 2-core machine (load 10 to 14) a file's copy of
          // the seeded database took over 60 s and a test that signs in many times over 30 s.
          testTimeout: 120000,
          hookTimeout: 180000,
        },
      },
      ...(hasPg
        ? [
            {
              resolve: { alias: ALIAS_DIRS },
              test: {
                name: 'server-pg',
                environment: 'node' as const,
                globalSetup: ['server/src/test/global-setup.ts'],
                include: ['server/src/**/*.test.ts'],
                isolate: false,
                env: { TEST_DB: 'postgres' },
                testTimeout: 120000,
                hookTimeout: 180000,
              },
            },
          ]
        : []),
      {
        resolve: { alias: ALIAS_DIRS },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/**/*.e2e.ts'],
          // The seeded database the servers copy is prepared while the other projects run.
          globalSetup: ['tests/support/global-setup.ts'],
          // Ceilings for a flow that hangs (two users, uploads, a loaded machine), not waits.
          testTimeout: 120000,
          hookTimeout: 180000,
          // A state a test waits for with expect.poll (a reply, a re-render) may take seconds on a
          // loaded machine: the default ceiling of one second is for unit tests.
          expect: { poll: { timeout: 15000 } },
          // After the client and server tests (group 0), two files at a time: each has its own
          // server, database copy and Chromium, and a file spends much of its time waiting on them.
          // The files of a worker share its loaded modules (Playwright, the support code): no file
          // mocks a module or changes the environment.
          isolate: false,
          sequence: { groupOrder: 1 },
          maxWorkers: Number(process.env.E2E_WORKERS) || 2,
        },
      },
    ],
  },
});
