/**
 * Who may upload and how much (docs/security.md#files): the configured rule of who adds to the
 * library (LIBRARY_UPLOADERS), the uploads an account may make a minute (UPLOADS_PER_MINUTE, counted
 * in the database so it holds across server processes), each account's storage quota (the sizes of
 * the files it owns: its own `users.quota_mb` when an administrator set one, else QUOTA_TEACHER_MB or
 * QUOTA_STUDENT_MB by role) and the free-space floor of
 * the files' disk (FREE_SPACE_FLOOR_MB) or the bucket's quota (FILES_S3_QUOTA_MB), at which new
 * uploads are refused before the store is full.
 */
import { eq, sql } from 'drizzle-orm';
import { ROLE_TEACHER } from '@contract/common';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { files, users } from '../db/schema';
import type { Config } from '../config';
import { AppError, forbidden } from '../app-error';
import { hasUploadedBooks, isLibraryEditor } from './books.repository';
import type { AuthInfo } from './caller';

const MB = 1024 * 1024;
/** First key of the per-account quota lock (pg_advisory_xact_lock(int, int)). */
const QUOTA_LOCK = 0x51554f54;

/** An account's storage: bytes its files take and bytes it may have. */
export interface Usage {
  usedBytes: number;
  quotaBytes: number;
}

/** The storage quota of a role, in MB (QUOTA_TEACHER_MB or QUOTA_STUDENT_MB). */
export function roleQuotaMb(config: Pick<Config, 'quotaTeacherMb' | 'quotaStudentMb'>, role: number): number {
  return role === ROLE_TEACHER ? config.quotaTeacherMb : config.quotaStudentMb;
}

export class UploadRules {
  constructor(private readonly ctx: AppContext) {}

  /** Whether the caller may add books to the library under the configured rule. */
  async mayAddToLibrary(auth: AuthInfo): Promise<boolean> {
    const rule = this.ctx.config.libraryUploaders;
    if (rule.includes(auth.role === ROLE_TEACHER ? 'teacher' : 'student')) return true;
    return rule.includes('library') && (await isLibraryEditor(this.ctx.db, auth.userId));
  }

  async assertMayAddToLibrary(auth: AuthInfo): Promise<void> {
    if (!(await this.mayAddToLibrary(auth))) throw forbidden();
  }

  /**
   * Before a book's form is read: 403 for a caller who may neither add a book (LIBRARY_UPLOADERS)
   * nor edit one (staff with the library permission, or the uploader of a book), so that a refused
   * upload is not received first (the form itself says which of the two it is).
   */
  async assertMayUploadToLibrary(auth: AuthInfo): Promise<void> {
    if (await this.mayAddToLibrary(auth)) return;
    if (await isLibraryEditor(this.ctx.db, auth.userId)) return;
    if (!(await hasUploadedBooks(this.ctx.db, auth.userId))) throw forbidden();
  }

  /** The bytes the account's files take, and its quota: its own (`users.quota_mb`) or its role's. */
  async usage(auth: AuthInfo, db: Db = this.ctx.db): Promise<Usage> {
    const [row] = await db
      .select({ used: sql<string>`coalesce(sum(${files.size}), 0)` })
      .from(files)
      .where(eq(files.ownerUserId, auth.userId));
    const [own] = await db.select({ quotaMb: users.quotaMb }).from(users).where(eq(users.id, auth.userId));
    const quotaMb = own?.quotaMb ?? roleQuotaMb(this.ctx.config, auth.role);
    return { usedBytes: Number(row.used), quotaBytes: quotaMb * MB };
  }

  /** Whether the files' store is below its free-space floor or at its quota (plugins/files.ts state). */
  async storageLow(): Promise<boolean> {
    return (await this.ctx.files.state()) === 'low';
  }

  /** Before a file is read: the floor of the disk and the account's rate (429). */
  async beforeUpload(auth: AuthInfo, ip: string): Promise<void> {
    if (await this.storageLow()) throw new AppError(507, 'STORAGE_FULL');
    await this.ctx.throttle.count('upload', String(auth.userId), ip);
  }

  /**
   * With the file received and put in the store (FileStore.put), in the short transaction that
   * inserts its row: the account's quota (409). The account's transactional lock holds until that
   * transaction ends, so that two uploads at once cannot both count the same free room: the second
   * counts the first's file. No transfer happens under the lock: a refused file's bytes are removed
   * with its request (plugins/files.ts).
   */
  async assertFits(db: Db, auth: AuthInfo, size: number): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${auth.userId})`);
    const { usedBytes, quotaBytes } = await this.usage(auth, db);
    if (usedBytes + size > quotaBytes) {
      throw new AppError(409, 'QUOTA_EXCEEDED', { usedMb: Math.ceil(usedBytes / MB), quotaMb: Math.round(quotaBytes / MB) });
    }
  }
}
