/**
 * A member of staff's account made by hand with his teacher's record (createAccount), by an
 * administrator only, and the lists its form offers. The rights, the account's view and its one-time
 * password are AdminService's (admin.service.ts), as for every other change of an account.
 */
import { LOGIN_PATTERN } from '@contract/auth';
import type { Language } from '@contract/common';
import type { NewAccountBody, NewAccountLists, PasswordResetDone } from '@contract/admin';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { AppError, badRequest } from '../../app-error';
import { localName } from '../../i18n';
import type { AuthInfo } from '../../shared/caller';
import * as staff from '../../shared/staff.repository';
import * as repo from './admin.repository';
import { stateOf, type AdminService } from './admin.service';

export class AdminNewAccountService {
  constructor(
    private readonly ctx: AppContext,
    private readonly admin: AdminService,
  ) {}

  /** What the new account's form offers: the positions and the departments, named in the caller's language. */
  async newAccountLists(auth: AuthInfo, lang: Language): Promise<NewAccountLists> {
    await this.admin.assertAdmin(auth);
    const [positions, departments, faculties] = await Promise.all([
      staff.allPositions(this.ctx.db),
      staff.allDepartments(this.ctx.db),
      repo.allFaculties(this.ctx.db),
    ]);
    return {
      positions: positions.map((p) => ({ id: p.id, name: localName(p, lang) })),
      departments: departments
        .map((d) => ({ id: d.id, name: `${d.faculty} / ${localName(d, lang)}` }))
        .sort((a, b) => a.name.localeCompare(b.name, lang === 'en' ? 'en' : 'ru')),
      faculties: faculties.map((f) => ({ id: f.id, name: `${f.code} / ${localName(f, lang)}` })),
    };
  }

  /**
   * A member of staff's teacher record and account, in one transaction with its audit entry
   * (createAccount; `after` is the new account's fields, never its password): the account gets a
   * one-time password as resetPassword gives one. 409 LOGIN_TAKEN (any case, as sign-in compares
   * logins) or TEACHER_CODE_TAKEN; 400 {field} for a login off the portal's rules, a blank name, or a
   * department or position that does not exist.
   */
  async createAccount(auth: AuthInfo, input: NewAccountBody, lang: Language): Promise<PasswordResetDone> {
    await this.admin.assertAdmin(auth);
    const surname = input.surname.trim();
    const name = input.name.trim();
    const patronymic = input.patronymic?.trim() || null;
    const code = input.code?.trim() || null;
    const login = input.login.trim();
    if (!surname) throw badRequest({ field: 'surname' });
    if (!name) throw badRequest({ field: 'name' });
    if (!LOGIN_PATTERN.test(login)) throw badRequest({ field: 'login' });
    let password = '';
    try {
      const account = await this.ctx.db.transaction(async (tx) => {
        const [positions, departments] = await Promise.all([staff.allPositions(tx), staff.allDepartments(tx)]);
        const position = positions.find((p) => p.id === input.positionId);
        const department = departments.find((d) => d.id === input.departmentId);
        if (!position) throw badRequest({ field: 'positionId' });
        if (!department) throw badRequest({ field: 'departmentId' });
        if ((await staff.takenLogins(tx, [login])).size > 0) throw new AppError(409, 'LOGIN_TAKEN');
        if (code !== null && (await staff.teachersByCodes(tx, [code])).length > 0) throw new AppError(409, 'TEACHER_CODE_TAKEN');
        const teacherId = await repo.insertTeacher(tx, {
          surname,
          name,
          patronymic,
          gender: input.gender,
          code,
          departmentId: department.id,
          positionId: position.id,
        });
        const id = await repo.insertTeacherAccount(tx, teacherId, login);
        password = await this.admin.giveOneTimePassword(tx, id, login);
        const created = await this.admin.view(tx, id, lang);
        const after = {
          ...stateOf(created),
          fullName: created.fullName,
          gender: input.gender,
          position: created.place,
          department: localName(department, lang),
          code,
        };
        await repo.insertAudit(tx, { at: this.ctx.now(), adminId: auth.userId, userId: id, action: 'createAccount', before: {}, after });
        return created;
      });
      return { account, password };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another request took the login or the code meanwhile (the unique indexes of users and teachers).
      const codeTaken = code !== null && (await staff.teachersByCodes(this.ctx.db, [code])).length > 0;
      throw new AppError(409, codeTaken ? 'TEACHER_CODE_TAKEN' : 'LOGIN_TAKEN');
    }
  }
}
