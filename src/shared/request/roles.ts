/** The two roles that may enter the portal (the values of ROLE_TEACHER and ROLE_STUDENT in contract/common.ts). */
import type { ROLE_STUDENT as ContractStudent, ROLE_TEACHER as ContractTeacher } from '@contract/common';

// The client takes only types from the contract: tsc checks these copies against it.
export const ROLE_TEACHER: typeof ContractTeacher = 1;
export const ROLE_STUDENT: typeof ContractStudent = 2;
export type Role = typeof ROLE_TEACHER | typeof ROLE_STUDENT;
export const ROLES: readonly Role[] = [ROLE_TEACHER, ROLE_STUDENT];
