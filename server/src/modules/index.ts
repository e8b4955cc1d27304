/**
 * The server's areas, in the order app.ts registers them. Adding an area: a folder under modules/
 * with its routes (and service, repository, tests), then one line here (docs/adding-an-area.md,
 * "Adding an area: server"). An area with live events also gives its part of the one event stream (plugins/live.ts).
 * Areas never import each other: what two areas need lives in server/src/shared/ (lint:
 * eslint/server-areas.js).
 */
import type { App } from '../app';
import type { AppContext } from '../context';
import type { LiveArea } from '../plugins/live';
import type { PagePart } from '../plugins/spa';
import type { SeedStep } from '../db/seed';
import type { AreaServices } from '../shared/journal-marks';
import academicRoutes from './academic/academic.routes';
import adminRoutes from './admin/admin.routes';
import { authPage } from './auth/auth.page';
import { configPages } from './config/config.page';
import authRoutes from './auth/auth.routes';
import { chatLive } from './chat/chat.live';
import chatRoutes from './chat/chat.routes';
import configRoutes from './config/config.routes';
import healthRoutes from './health/health.routes';
import importsRoutes from './imports/imports.routes';
import libraryRoutes from './library/library.routes';
import { newsPage } from './news/news.page';
import newsRoutes from './news/news.routes';
import passwordRoutes from './password/password.routes';
import { profilePages } from './profile/profile.page';
import profileRoutes from './profile/profile.routes';
import { qrLive } from './qr/qr.live';
import qrRoutes from './qr/qr.routes';
import scheduleRoutes from './schedule/schedule.routes';
import { settingsPages } from './settings/settings.page';
import settingsRoutes from './settings/settings.routes';
import { journalMarks } from './journal/journal.given-marks';
import { journalLive } from './journal/journal.live';
import { journalPage } from './journal/journal.page';
import journalRoutes from './journal/journal.routes';
import umkRoutes from './umk/umk.routes';
import { notificationsLive } from './notifications/notifications.live';
import { notificationsPage } from './notifications/notifications.page';
import notificationsRoutes from './notifications/notifications.routes';
import { singlewindowLive } from './singlewindow/singlewindow.live';
import singlewindowRoutes from './singlewindow/singlewindow.routes';
import { registrationLive } from './registration/registration.live';
import registrationRoutes from './registration/registration.routes';
import paymentRoutes from './payment/payment.routes';
import referenceRoutes from './reference/reference.routes';
import transcriptRoutes from './transcript/transcript.routes';
import personalcardRoutes from './personalcard/personalcard.routes';
import workloadRoutes from './workload/workload.routes';
import questionnaireRoutes from './questionnaire/questionnaire.routes';
import roomsRoutes from './rooms/rooms.routes';
import ratingRoutes from './rating/rating.routes';
import { sheetExams } from './gradingsheet/gradingsheet.given-exams';
import { gradingsheetPage } from './gradingsheet/gradingsheet.page';
import gradingsheetRoutes from './gradingsheet/gradingsheet.routes';
import testingRoutes from './testing/testing.routes';
import documentsRoutes from './documents/documents.routes';
import webinarRoutes from './webinar/webinar.routes';

export interface ServerModule {
  /** The area's name, one across contract/, modules/, the client and the texts; also the prefix of its live events. */
  name: string;
  /** Its routes: a Fastify plugin given the app context. */
  routes: (app: App, options: { ctx: AppContext }) => Promise<void>;
  /** Its part of the live stream, if it has live events. */
  live?: (ctx: AppContext) => LiveArea;
  /** Its parts of the data a first view arrives with inside the page (plugins/spa.ts). */
  page?: (ctx: AppContext) => PagePart | readonly PagePart[];
  /**
   * Its seed steps, in its own folder (`<area>/<area>.seed.ts`): the seed runs them in name order with
   * the others (db/seed/index.ts). Loaded only when the database is seeded.
   */
  seed?: () => Promise<{ SEED_STEPS: readonly SeedStep[] }>;
  /** What it offers other areas through the app context (`ctx.areas`, server/src/shared/journal-marks.ts), set before any area's routes. */
  provides?: (ctx: AppContext) => Partial<AreaServices>;
}

export const MODULES: readonly ServerModule[] = [
  { name: 'config', routes: configRoutes, page: configPages },
  { name: 'health', routes: healthRoutes },
  { name: 'auth', routes: authRoutes, page: authPage },
  { name: 'profile', routes: profileRoutes, page: profilePages },
  { name: 'password', routes: passwordRoutes },
  { name: 'settings', routes: settingsRoutes, page: settingsPages },
  { name: 'academic', routes: academicRoutes },
  { name: 'news', routes: newsRoutes, page: newsPage },
  { name: 'chat', routes: chatRoutes, live: chatLive },
  { name: 'journal', routes: journalRoutes, live: journalLive, page: journalPage, provides: (ctx) => ({ journalMarks: journalMarks(ctx) }) },
  { name: 'schedule', routes: scheduleRoutes },
  { name: 'qr', routes: qrRoutes, live: qrLive },
  { name: 'library', routes: libraryRoutes },
  { name: 'umk', routes: umkRoutes },
  { name: 'notifications', routes: notificationsRoutes, live: notificationsLive, page: notificationsPage },
  { name: 'singlewindow', routes: singlewindowRoutes, live: singlewindowLive },
  { name: 'registration', routes: registrationRoutes, live: registrationLive },
  { name: 'payment', routes: paymentRoutes, seed: () => import('./payment/payment.seed') },
  { name: 'transcript', routes: transcriptRoutes },
  { name: 'workload', routes: workloadRoutes },
  { name: 'rooms', routes: roomsRoutes, seed: () => import('./rooms/rooms.seed') },
  { name: 'rating', routes: ratingRoutes },
  { name: 'gradingsheet', routes: gradingsheetRoutes, page: gradingsheetPage, provides: (ctx) => ({ sheetExams: sheetExams(ctx) }) },
  { name: 'testing', routes: testingRoutes, seed: () => import('./testing/testing.seed') },
  { name: 'admin', routes: adminRoutes, seed: () => import('./admin/admin.seed') },
  { name: 'imports', routes: importsRoutes },
  { name: 'personalcard', routes: personalcardRoutes, seed: () => import('./personalcard/personalcard.seed') },
  { name: 'reference', routes: referenceRoutes },
  { name: 'documents', routes: documentsRoutes, seed: () => import('./documents/documents.seed') },
  { name: 'questionnaire', routes: questionnaireRoutes, seed: () => import('./questionnaire/questionnaire.seed') },
  { name: 'webinar', routes: webinarRoutes, seed: () => import('./webinar/webinar.seed') },
];

/** The seed steps the areas declare (`seed`), in the order of this list. */
export async function areaSeedSteps(): Promise<SeedStep[]> {
  const declared = await Promise.all(MODULES.map((m) => m.seed?.()));
  return declared.flatMap((d) => d?.SEED_STEPS ?? []);
}
