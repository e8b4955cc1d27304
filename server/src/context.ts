/** What every module's service gets: configuration, database, clock, sessions, throttle, files and live events. */
import { createRequire } from 'node:module';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { AreaServices } from './shared/journal-marks';
import { FileStore } from './plugins/files';
import { Idempotency } from './plugins/idempotency';
import { LiveBus } from './plugins/live';
import { DataChanges } from './plugins/reply-cache';
import { SessionStore } from './plugins/session';
import { Throttle } from './plugins/throttle';

export interface AppContext {
  config: Config;
  database: Database;
  /** Shortcut for database.db. */
  db: Db;
  /** The clock (tests move it). */
  now: () => Date;
  sessions: SessionStore;
  throttle: Throttle;
  /** Uploads and downloads (DATA_DIR/files). */
  files: FileStore;
  /** Idempotency keys of creates (plugins/idempotency.ts). */
  idempotency: Idempotency;
  /** Live events to signed-in users (Server-Sent Events over LISTEN/NOTIFY). */
  live: LiveBus;
  /** Announced writes of the tables whose replies are kept (plugins/reply-cache.ts). */
  dataChanges: DataChanges;
  /** Product version from package.json. */
  version: string;
  /** What areas offer each other (shared/journal-marks.ts), filled by app.ts from modules/index.ts before the routes. */
  areas: AreaServices;
}

const require = createRequire(import.meta.url);
export const VERSION: string = (require('../../package.json') as { version: string }).version;

export function createContext(config: Config, database: Database, now: () => Date = () => new Date()): AppContext {
  const deps = { db: database.db, config, now };
  const idempotency = new Idempotency(deps);
  return {
    config,
    database,
    db: database.db,
    now,
    sessions: new SessionStore(deps),
    throttle: new Throttle(deps),
    files: new FileStore(deps, idempotency),
    idempotency,
    live: new LiveBus(database),
    dataChanges: new DataChanges(config.replyCacheMs),
    version: VERSION,
    areas: {},
  };
}
