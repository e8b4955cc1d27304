/**
 * The grading sheet's rules (docs/areas/gradingsheet.md): the official record of a discipline's
 * results for a group in a half-year, made on its first open.
 *
 * - Lines: one per student of the group; while a first sheet is unsigned it follows the group (a
 *   line for each student who joins; the line of one who leaves is marked, kept with its points,
 *   takes no exam points and gives no final result); a signed sheet never changes.
 * - Module points: from every journal of the discipline for the group in the half-year, the
 *   journals' module subtotals weighted by their lessons (gradingsheet.points.ts), as shares of
 *   MODULES_POINTS_MAX (60 split evenly among the modules; none: one module of 60), rounded.
 *   They are read from the journals while the sheet is open and kept as they stood at the signature.
 * - Exam points: whole, 0..EXAM_POINTS_MAX (40), only for a student admitted (module points ≥
 *   GRADING_ADMISSION_MIN_POINTS); on a resit or commission sheet its student is admitted.
 * - Total: module points + exam points; its grade is the university's scale (grade_scale, the
 *   transcript's), a pass when its grade point is above 0.
 * - Only a teacher of the discipline for the group in the half-year (one of his journals says so)
 *   enters exam points, signs and makes resits (403); a signed sheet takes no write (409
 *   SHEET_SIGNED); signing needs every admitted student's exam points (400 SHEET_INCOMPLETE) and
 *   writes the totals as the students' final results (final_results, shared/final-results.ts) in
 *   the same transaction. The dean's office of the group's faculty (users.dean_faculty_id) or an
 *   administrator reopens a signed sheet with a reason (read from the database on each call).
 * - A failed student gets a resit sheet of his own from the signed sheet (attempt 2), then a
 *   commission (3); its signature replaces his final result; every sheet and its history stay.
 */
import { ROLE_STUDENT, ROLE_TEACHER, type Language } from '@contract/common';
import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import {
  ATTEMPT_COMMISSION,
  type MySheetLine,
  type Sheet,
  type SheetExamBody,
  type SheetListBody,
  type SheetListItem,
  type SheetOpenBody,
  type SheetReopenBody,
  type SheetResitBody,
} from '@contract/gradingsheet';
import { AppError, badRequest, documentsUnavailable, forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import { halfYearTitle } from '../../lib/sheet-texts';
import { fullName } from '../../lib/person';
import type { AuthInfo } from '../../shared/caller';
import { saveFinal } from '../../shared/final-results';
import { signingKey } from '../../shared/signing-keys';
import { readSiteSettings } from '../../shared/site.repository';
import type { SheetVerdict, University } from './gradingsheet.documents';
import { SheetExamWrites, follow, teaches } from './gradingsheet.exams';
import { bandOf, type LineViews } from './gradingsheet.lines';
import { sheetView } from './gradingsheet.view';
import * as repo from './gradingsheet.repository';

/** The signing key's purpose of printed sheets' verification tokens. */
export const SHEET_KEY = 'gradingsheet-verification';

/** What a printed sheet's token vouches for: its state and each line's points, independent of the language. */
export function fingerprint(s: Sheet): string {
  const canon = [s.id, s.signed, s.lines.map((l) => [l.id_student, l.modulePoints, l.exam, l.total])];
  return createHash('sha256').update(JSON.stringify(canon)).digest('base64url');
}

export class GradingSheetService {
  private readonly exams: SheetExamWrites;
  constructor(private readonly ctx: AppContext) {
    this.exams = new SheetExamWrites(ctx);
  }

  private get admissionMin(): number {
    return this.ctx.config.gradingAdmissionMinPoints;
  }

  /** Whether the caller is the dean's office of the group's faculty or an administrator (read now). */
  private async isDean(db: Db, auth: AuthInfo, s: repo.SheetRow): Promise<boolean> {
    const rights = await repo.rightsOf(db, auth.userId);
    if (rights.admin) return true;
    if (rights.deanFacultyId === null) return false;
    const g = await repo.group(db, s.groupId);
    return g?.facultyId === rights.deanFacultyId;
  }

  /** The sheet if the caller may read it (its teacher, the dean's office, an administrator): 404 unknown, 403 another's. */
  private async readable(db: Db, auth: AuthInfo, id: number): Promise<{ s: repo.SheetRow; teacher: boolean; dean: boolean }> {
    const s = await repo.sheet(db, id);
    if (!s) throw notFound();
    const [teacher, dean] = await Promise.all([teaches(db, auth, s), this.isDean(db, auth, s)]);
    if (!teacher && !dean) throw forbidden();
    return { s, teacher, dean };
  }

  /** The sheet as the caller sees it (gradingsheet.view.ts); `lines`: its lines as read already (else read now). */
  private view(db: Db, s: repo.SheetRow, rights: { teacher: boolean; dean: boolean }, lang: Language, lines?: LineViews): Promise<Sheet> {
    return sheetView(db, s, rights, lang, this.admissionMin, lines);
  }

  /** The caller's disciplines and groups of the half-year (from his journals; for the dean's office also its faculty's sheets), each with its sheets. */
  async list(auth: AuthInfo, input: SheetListBody, lang: Language): Promise<SheetListItem[]> {
    if (auth.role !== ROLE_TEACHER) throw forbidden();
    const journals = await repo.teacherJournals(this.ctx.db, auth.uid, input.id_a_year, input.id_w_s);
    const items = new Map<string, SheetListItem & { disciplineId: number }>();
    for (const j of journals) {
      const key = `${j.disciplineId}|${j.groupId}`;
      if (!items.has(key))
        items.set(key, {
          id_journal: j.id,
          id_group: j.groupId,
          disciplineId: j.disciplineId,
          discipline: localName(j.discipline, lang),
          group: j.group,
          sheets: [],
        });
    }
    // The dean's office (or an administrator) also finds the sheets made for the faculty's groups.
    const rights = await repo.rightsOf(this.ctx.db, auth.userId);
    if (rights.admin || rights.deanFacultyId !== null)
      for (const f of await repo.facultySheets(this.ctx.db, input.id_a_year, input.id_w_s, rights.admin ? null : rights.deanFacultyId)) {
        const key = `${f.disciplineId}|${f.groupId}`;
        if (!items.has(key))
          items.set(key, {
            id_journal: f.journalId,
            id_group: f.groupId,
            disciplineId: f.disciplineId,
            discipline: localName(f.discipline, lang),
            group: f.group,
            sheets: [],
          });
      }
    const sheets = await repo.sheetsOfHalf(this.ctx.db, input.id_a_year, input.id_w_s, [...new Set([...items.values()].map((i) => i.disciplineId))]);
    for (const s of sheets)
      items.get(`${s.disciplineId}|${s.groupId}`)?.sheets.push({
        id: s.id,
        attempt: s.attempt,
        signed: s.signed,
        student: s.surname ? fullName({ surname: s.surname, name: s.name!, patronymic: s.patronymic }) : null,
      });
    return [...items.values()].map(({ disciplineId: _, ...item }) => item);
  }

  /** The first sheet of the journal's discipline for a group: made from the journal on its first open. */
  async open(auth: AuthInfo, input: SheetOpenBody, lang: Language): Promise<Sheet> {
    if (auth.role !== ROLE_TEACHER) throw forbidden();
    const j = await repo.journal(this.ctx.db, input.id_journal);
    if (!j) throw notFound();
    if (j.teacherId !== auth.uid) throw forbidden();
    if (!(await repo.groupsOfJournal(this.ctx.db, j)).includes(input.id_group)) throw badRequest({ field: 'id_group' });
    let s = await repo.firstSheetOf(this.ctx.db, j.disciplineId, input.id_group, j.academicYearId, j.workingSemesterId);
    if (!s) {
      const students = await repo.studentsOfGroup(this.ctx.db, input.id_group);
      s = await this.ctx.db.transaction(async (tx) => {
        const made =
          (await repo.insertSheet(tx, {
            disciplineId: j.disciplineId,
            groupId: input.id_group,
            academicYearId: j.academicYearId,
            workingSemesterId: j.workingSemesterId,
            semesterId: j.semesterId,
            credits: j.credits,
            controlFormId: j.controlFormId,
            teachingAssignmentId: j.id,
            teacherId: j.teacherId,
            attempt: 1,
            createdAt: this.ctx.now(),
          })) ?? (await repo.firstSheetOf(tx, j.disciplineId, input.id_group, j.academicYearId, j.workingSemesterId))!;
        await repo.insertLines(
          tx,
          made.id,
          students.map((x) => x.id),
        );
        return made;
      });
    }
    await follow(this.ctx, s);
    return this.view(this.ctx.db, s, { teacher: true, dean: await this.isDean(this.ctx.db, auth, s) }, lang);
  }

  async read(auth: AuthInfo, id: number, lang: Language): Promise<Sheet> {
    const { s, ...rights } = await this.readable(this.ctx.db, auth, id);
    await follow(this.ctx, s);
    return this.view(this.ctx.db, s, rights, lang);
  }

  /** Exam points of one student or more (a pasted column), all or none (gradingsheet.exams.ts); the reply is the sheet's lines as read under its lock with the points written. */
  async exam(auth: AuthInfo, input: SheetExamBody, lang: Language): Promise<Sheet> {
    const { s, lines } = await this.exams.exam(auth, input);
    // An open sheet's teacher: canWrite, neither canReopen nor canResit, whatever the dean's office's rights.
    return this.view(this.ctx.db, s, { teacher: true, dean: false }, lang, lines);
  }

  /** Signs the sheet: its lines kept as they stand, their totals the students' final results, in one transaction. */
  async sign(auth: AuthInfo, id: number, lang: Language): Promise<Sheet> {
    await this.ctx.db.transaction(async (tx) => {
      const {
        s,
        lines: { views, moduleIds },
      } = await this.exams.locked(tx, auth, id);
      const missing = views.filter((v) => !v.left && v.total === null).length;
      if (missing > 0) throw new AppError(400, 'SHEET_INCOMPLETE', { count: missing });
      const at = this.ctx.now();
      const target = {
        id: s.teachingAssignmentId,
        disciplineId: s.disciplineId,
        academicYearId: s.academicYearId,
        workingSemesterId: s.workingSemesterId,
        semesterId: s.semesterId,
        credits: s.credits,
        controlFormId: s.controlFormId,
        teacherId: s.teacherId,
      };
      for (const v of views) {
        await repo.freezeLine(tx, v.line.id, {
          modules: moduleIds.map((id_module, i) => ({ id_module, points: v.modules[i] ?? 0 })),
          modulePoints: v.modulePoints,
          total: v.total,
        });
        // The line of a student who left the group is kept as it stands, not his result.
        if (!v.left) await saveFinal(tx, target, v.student.id, v.total, auth.userId, at);
      }
      await repo.setSigned(tx, s.id, true, auth.userId, at);
      await repo.addHistory(tx, { sheetId: s.id, action: 'sign', userId: auth.userId, at });
    });
    return this.read(auth, id, lang);
  }

  /** The dean's office of the group's faculty (or an administrator) reopens a signed sheet, saying why; its final results stay until it is signed again. */
  async reopen(auth: AuthInfo, input: SheetReopenBody, lang: Language): Promise<Sheet> {
    const reason = input.reason.trim();
    await this.ctx.db.transaction(async (tx) => {
      const s = await repo.sheet(tx, input.id_sheet, true);
      if (!s) throw notFound();
      if (!(await this.isDean(tx, auth, s))) throw forbidden();
      // Text the database cannot keep (a NUL) is refused like an empty reason.
      if (!reason || reason.includes('\u0000')) throw badRequest({ field: 'reason' });
      if (!s.signed) throw new AppError(409, 'CONFLICT');
      const at = this.ctx.now();
      // A first sheet reads its module points from the journal again; a resit keeps those it was made with.
      for (const l of await repo.linesOf(tx, s.id))
        await repo.freezeLine(
          tx,
          l.id,
          s.attempt === 1 ? { modules: null, modulePoints: null, total: null } : { modules: l.modules, modulePoints: l.modulePoints, total: null },
        );
      await repo.setSigned(tx, s.id, false, null, null);
      await repo.addHistory(tx, { sheetId: s.id, action: 'reopen', reason, userId: auth.userId, at });
    });
    return this.read(auth, input.id_sheet, lang);
  }

  /** A failed student's resit (from a signed first sheet) or commission (from a signed resit); the one made already if there is one. */
  async resit(auth: AuthInfo, input: SheetResitBody, lang: Language): Promise<Sheet> {
    const id = await this.ctx.db.transaction(async (tx) => {
      const parent = await repo.sheet(tx, input.id_sheet, true);
      if (!parent) throw notFound();
      if (!(await teaches(tx, auth, parent))) throw forbidden();
      if (!parent.signed) throw new AppError(409, 'CONFLICT');
      const existing = (await repo.resitsOf(tx, parent.id)).get(input.id_student);
      if (existing) return existing;
      const line = (await repo.linesOf(tx, parent.id)).find((l) => l.studentId === input.id_student);
      if (!line || line.leftAt !== null) throw badRequest({ field: 'id_student' });
      const scale = await repo.gradeScale(tx);
      const band = line.total === null ? undefined : bandOf(scale, line.total);
      if (parent.attempt >= ATTEMPT_COMMISSION || (band && band.ekvNum > 0)) throw new AppError(409, 'NO_RESIT');
      const at = this.ctx.now();
      const { id: _, signed: __, signedAt: ___, signedByUserId: ____, createdAt: _____, ...same } = parent;
      const made = await repo.insertSheet(tx, { ...same, attempt: parent.attempt + 1, studentId: input.id_student, parentId: parent.id, createdAt: at });
      if (!made) throw new AppError(409, 'CONFLICT');
      await repo.insertLines(tx, made.id, [input.id_student], { modules: line.modules, modulePoints: line.modulePoints });
      await repo.addHistory(tx, { sheetId: parent.id, action: 'resit', studentId: input.id_student, userId: auth.userId, at });
      return made.id;
    });
    return this.read(auth, id, lang);
  }

  /** The calling student's own line of every signed sheet. */
  async mine(auth: AuthInfo, lang: Language): Promise<MySheetLine[]> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const [rows, scale] = await Promise.all([repo.signedLinesOf(this.ctx.db, auth.uid), repo.gradeScale(this.ctx.db)]);
    return rows.map((r) => {
      const band = bandOf(scale, r.total);
      return {
        id_sheet: r.sheetId,
        attempt: r.attempt,
        discipline: localName(r.discipline, lang),
        halfYear: halfYearTitle(lang, r.academicYearId, r.workingSemesterId),
        id_a_year: r.academicYearId,
        id_w_s: r.workingSemesterId,
        modulePoints: r.modulePoints,
        exam: r.examPoints,
        total: r.total,
        letter: band?.letter ?? '',
        word: band ? localName(band, lang) : '',
        signedAt: new Date(r.signedAt).toISOString(),
      };
    });
  }

  /** The sheet to print, with the verification link its QR code carries (a token naming the sheet and a hash of its lines). */
  async printable(auth: AuthInfo, id: number, lang: Language): Promise<{ sheet: Sheet; verifyUrl: string; university: University; printedAt: Date }> {
    const sheet = await this.read(auth, id, lang);
    // Its QR code needs the portal's public address (PUBLIC_URL).
    if (!this.ctx.config.documentsUrl) throw documentsUnavailable();
    const now = this.ctx.now();
    const iat = Math.floor(now.getTime() / 1000);
    const token = await new SignJWT({ h: fingerprint(sheet) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(id))
      .setIssuedAt(iat)
      .sign(await signingKey(this.ctx.db, SHEET_KEY));
    const settings = await readSiteSettings(this.ctx.db);
    const setting = (key: string) => settings.get(`${key}_${lang}`) ?? settings.get(`${key}_ru`) ?? settings.get(key) ?? '';
    return {
      sheet,
      verifyUrl: `${this.ctx.config.documentsUrl}/api/gradingsheet/verify.html?t=${token}`,
      university: { name: setting('university_name'), address: setting('university_address') },
      printedAt: now,
    };
  }

  /** The verification page's verdict on a printed sheet's token: genuine and unchanged, changed since, or invalid. */
  async verify(token: string, lang: Language): Promise<SheetVerdict> {
    let payload: { sub?: string; h?: unknown; iat?: number };
    try {
      ({ payload } = await jwtVerify(token, await signingKey(this.ctx.db, SHEET_KEY), { algorithms: ['HS256'] }));
    } catch {
      return { kind: 'invalid' };
    }
    const s = await repo.sheet(this.ctx.db, Number(payload.sub));
    if (!s || typeof payload.h !== 'string' || !payload.iat) return { kind: 'invalid' };
    const sheet = await this.view(this.ctx.db, s, { teacher: false, dean: false }, lang);
    return { kind: fingerprint(sheet) === payload.h ? 'genuine' : 'changed', sheet, printedAt: new Date(payload.iat * 1000) };
  }
}
