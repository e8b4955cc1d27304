/**
 * Who is calling, as a service sees it: the session's account (never taken from the body), the
 * connection, and the session cookie of the reply under way. One rule for ids in a body: when a
 * body names its caller (uid, role, a user id…), each id given must be the caller's own, else 403
 * (docs/security.md#access).
 */
import { ROLE_TEACHER, type Role } from '@contract/common';
import { forbidden } from '../app-error';

/** Who is calling, from the session (never from the body). */
export interface AuthInfo {
  sessionId: number;
  userId: number;
  role: Role;
  /** The person's id: teacher id for ROLE_TEACHER, student id for ROLE_STUDENT. */
  uid: number;
  login: string;
  newsPerms: boolean;
  via: 'password' | 'google';
}

/** What a service needs to know about the caller's connection. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  /** The session token the request carried, if any. */
  token: string | null;
}

/** Sets or clears the session cookie of the reply under way. */
export interface SessionCookie {
  set(token: string): void;
  clear(): void;
}

/** Ids a body may carry about its caller; absent ones are not checked. */
export interface ClaimedIds {
  /** The person's id (teacher or student id). */
  uid?: number;
  role?: number;
  /** The account id. */
  userId?: number;
}

/** 403 unless every id given names the caller. */
export function assertOwn(auth: AuthInfo, claimed: ClaimedIds): void {
  if (claimed.uid !== undefined && claimed.uid !== auth.uid) throw forbidden();
  if (claimed.role !== undefined && claimed.role !== auth.role) throw forbidden();
  if (claimed.userId !== undefined && claimed.userId !== auth.userId) throw forbidden();
}

/** The caller's teacher id; 403 for anyone else. */
export function asTeacher(auth: AuthInfo): number {
  assertOwn(auth, { role: ROLE_TEACHER });
  return auth.uid;
}
