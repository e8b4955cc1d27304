/**
 * The outbox (SECURITY-CHECKS R7, docs/security.md#reliability): writes the server has not
 * confirmed, kept in the browser's IndexedDB by signed-in user, so that they survive leaving the
 * screen, a reload and the server being away. Each keeps what it sends (its kind, its body) and
 * its own Idempotency-Key, so that sending it again cannot write it twice; its number is the order
 * it was made in, the order it is sent in. What sends a kind is its feature's (the journal's in
 * features/journal/outbox.saga.ts); this file only keeps the writes.
 *
 * Where IndexedDB is missing (a browser that refuses it, the tests' jsdom) the writes are kept in
 * memory for the page's life instead.
 */

/** One kept write. */
export interface OutboxWrite<B = unknown> {
  /** Its place in the order of writing (given when it is added). */
  id: number;
  /** The signed-in user who made it: only he sees it or sends it. */
  user: number;
  /** What it is, for the code that sends it (e.g. 'journal/cell'). */
  kind: string;
  /** Where it shows (e.g. the journal's id). */
  scope: number;
  /** The request's body, as sent. */
  body: B;
  /** The Idempotency-Key it is sent with, every time. */
  key: string;
  /** The write's number on the screen that made it (its cells' state follows it). */
  seq: number;
}

export type NewOutboxWrite<B = unknown> = Omit<OutboxWrite<B>, 'id'>;

interface Backend {
  add(write: NewOutboxWrite): Promise<number>;
  all(): Promise<OutboxWrite[]>;
  put(write: OutboxWrite): Promise<void>;
  remove(ids: number[]): Promise<void>;
}

const DB_NAME = 'lms-outbox';
const STORE = 'writes';

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function finished(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** The browser's IndexedDB: one store, its keys numbered in the order of writing. */
function indexedBackend(factory: IDBFactory): Backend {
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => {
    if (!opened) {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
      opened = done(request).catch((e: unknown) => {
        opened = null;
        throw e;
      });
    }
    return opened;
  };
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> => {
    const tx = (await db()).transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    const [result] = await Promise.all([request ? done(request) : undefined, finished(tx)]);
    return result;
  };
  return {
    add: async (write) => Number(await run('readwrite', (s) => s.add(write))),
    all: async () => ((await run('readonly', (s) => s.getAll() as IDBRequest<OutboxWrite[]>)) ?? []).sort((a, b) => a.id - b.id),
    put: async (write) => {
      await run('readwrite', (s) => s.put(write));
    },
    remove: async (ids) => {
      await run('readwrite', (s) => {
        for (const id of ids) s.delete(id);
      });
    },
  };
}

/** The page's memory, where IndexedDB is missing. */
function memoryBackend(): Backend & { reset(): void } {
  let writes: OutboxWrite[] = [];
  let last = 0;
  return {
    add: async (write) => {
      last += 1;
      writes.push(structuredClone({ ...write, id: last }));
      return last;
    },
    all: async () => structuredClone(writes),
    put: async (write) => {
      writes = writes.map((w) => (w.id === write.id ? structuredClone(write) : w));
    },
    remove: async (ids) => {
      writes = writes.filter((w) => !ids.includes(w.id));
    },
    reset: () => {
      writes = [];
      last = 0;
    },
  };
}

const memory = memoryBackend();
let backend: Backend | null = null;

/** Runs `op` on IndexedDB; when that fails (refused, full, closed) the writes go on in memory. */
async function onStore<T>(op: (b: Backend) => Promise<T>): Promise<T> {
  backend ??= typeof indexedDB === 'undefined' ? memory : indexedBackend(indexedDB);
  try {
    return await op(backend);
  } catch {
    backend = memory;
    return op(memory);
  }
}

/** Keeps a write; its id (the order it is sent in). */
export function outboxAdd<B>(write: NewOutboxWrite<B>): Promise<number> {
  return onStore((b) => b.add(write));
}

/** The user's kept writes, oldest first. */
export async function outboxList(user: number): Promise<OutboxWrite[]> {
  return (await onStore((b) => b.all())).filter((w) => w.user === user);
}

/** A kept write changed in place (keeping its id, its place in the order). */
export function outboxPut(write: OutboxWrite): Promise<void> {
  return onStore((b) => b.put(write));
}

/** Writes sent and settled (saved, or refused for good), or dropped by the user. */
export function outboxRemove(ids: number[]): Promise<void> {
  return ids.length ? onStore((b) => b.remove(ids)) : Promise.resolve();
}

/** Every kept write of the user dropped (he signed out choosing to discard them). */
export async function outboxClear(user: number): Promise<void> {
  await outboxRemove((await outboxList(user)).map((w) => w.id));
}

/** A fresh Idempotency-Key for a new write. */
export function newWriteKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Forgets the writes kept in memory (the tests' stores start empty); IndexedDB is left alone. */
export function resetMemoryOutbox(): void {
  memory.reset();
}
