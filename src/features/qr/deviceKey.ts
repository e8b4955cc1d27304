/**
 * The phone's device key for QR marks (docs/security.md#qr-attendance): an ECDSA P-256 key pair made
 * once by the browser, its private half not extractable, kept in IndexedDB (which a cleared cookie
 * leaves alone); its public half is registered once for each student who marks from this phone, and
 * each mark carries the key's id and its signature of that mark. Where IndexedDB or WebCrypto are
 * missing (or refuse), marks go without it and the server falls back to its device cookie.
 */
import { qrApi } from '@api/qr';

const DB_NAME = 'lms-device';
const STORE = 'keys';
const ENTRY = 'qr';

interface StoredKey {
  privateKey: CryptoKey;
  /** The raw public key, base64url. */
  publicKey: string;
  /** The key's id once registered, and the students (uids) it is registered for. */
  id: string | null;
  students: number[];
}

/** What the key signs for a mark (contract/qr.ts, QrVisitBody.deviceKey). */
export function deviceKeyMessage(body: { idShed: number; token?: string; receipt?: string; code?: string }, uid: number): string {
  return ['qr-mark', body.idShed, uid, body.token ?? '', body.receipt ?? '', body.code ?? ''].join('|');
}

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function openStore(): Promise<IDBDatabase> {
  const opening = indexedDB.open(DB_NAME, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
  return done(opening);
}

async function readKey(db: IDBDatabase): Promise<StoredKey | undefined> {
  return (await done(db.transaction(STORE).objectStore(STORE).get(ENTRY))) as StoredKey | undefined;
}

async function writeKey(db: IDBDatabase, key: StoredKey): Promise<void> {
  await done(db.transaction(STORE, 'readwrite').objectStore(STORE).put(key, ENTRY));
}

/** The phone's key: the stored one, or a new pair made and stored now. */
async function phoneKey(db: IDBDatabase): Promise<StoredKey> {
  const known = await readKey(db);
  if (known) return known;
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const made: StoredKey = { privateKey: pair.privateKey, publicKey: base64url(await crypto.subtle.exportKey('raw', pair.publicKey)), id: null, students: [] };
  await writeKey(db, made);
  return made;
}

/** The device key's id and signature of this mark, registering the key for the student first if need be; null where the browser cannot keep a key. */
export async function signMark(
  uid: number,
  body: { idShed: number; token?: string; receipt?: string; code?: string },
): Promise<{ id: string; signature: string } | null> {
  if (typeof indexedDB === 'undefined' || typeof crypto === 'undefined' || !crypto.subtle) return null;
  try {
    const db = await openStore();
    try {
      let key = await phoneKey(db);
      if (!key.id || !key.students.includes(uid)) {
        const registered = await qrApi.registerDevice({ publicKey: key.publicKey });
        if (!registered.ok) return null;
        key = { ...key, id: registered.data.id, students: [...key.students.filter((s) => s !== uid), uid] };
        await writeKey(db, key);
      }
      const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key.privateKey, new TextEncoder().encode(deviceKeyMessage(body, uid)));
      return { id: key.id!, signature: base64url(signature) };
    } finally {
      db.close();
    }
  } catch {
    return null; // private browsing, a full disk, a refused key: the cookie is the device
  }
}
