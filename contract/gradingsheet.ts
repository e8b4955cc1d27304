/**
 * The grading sheet under /api/gradingsheet/ (docs/areas/gradingsheet.md#calls): the official record
 * of a discipline's results for a group in a half-year. Per student: the points of the journal's
 * modules (MODULES_POINTS_MAX together), the exam points (0..EXAM_POINTS_MAX, admitted students
 * only), the total (0–100) and its grade on the university's scale (the transcript's grade_scale),
 * the attempt (1 first, 2 resit, 3 commission). A signed sheet is locked and its totals are the
 * students' final results; the dean's office reopens it with a reason.
 */
import { Type, type Static } from 'typebox';
import { DbId, HalfYear, Ok, YearStart } from './common';

/** The module points of a sheet together: the journal's modules share these. */
export const MODULES_POINTS_MAX = 60;
/** The exam's points at most: with the modules' 60, a total of 100. */
export const EXAM_POINTS_MAX = 40;
export const ATTEMPT_FIRST = 1;
export const ATTEMPT_RESIT = 2;
export const ATTEMPT_COMMISSION = 3;
/** A reopening's reason, characters at most. */
export const REOPEN_REASON_MAX = 500;

/** A band of the university's grading scale as the sheet shows it (the transcript's grade_scale). */
export const SheetGrade = Type.Object({
  min: Type.Integer(),
  max: Type.Integer(),
  /** The letter (A, A-, … F). */
  letter: Type.String(),
  /** The grade in words in the caller's language (excellent…). */
  word: Type.String(),
  /** Whether the band is a pass (its grade point above 0). */
  pass: Type.Boolean(),
});
export type SheetGrade = Static<typeof SheetGrade>;

export const SheetLine = Type.Object({
  id_student: Type.Integer(),
  fio: Type.String(),
  /** Each module's points, in the order of the sheet's `modules`. */
  modules: Type.Array(Type.Integer()),
  /** The modules' points together (0..MODULES_POINTS_MAX). */
  modulePoints: Type.Integer(),
  /** Whether the student may sit the exam (modulePoints ≥ admissionMin). */
  admitted: Type.Boolean(),
  /** He has left the group since the line was made: it stays with its points, takes no exam points and gives no final result. */
  left: Type.Boolean(),
  exam: Type.Union([Type.Integer(), Type.Null()]),
  /** modulePoints + exam; null for an admitted student without exam points yet. */
  total: Type.Union([Type.Integer(), Type.Null()]),
  letter: Type.Union([Type.String(), Type.Null()]),
  word: Type.Union([Type.String(), Type.Null()]),
  passed: Type.Union([Type.Boolean(), Type.Null()]),
  /** The resit or commission sheet made for him from this one, if any. */
  resitId: Type.Union([Type.Integer(), Type.Null()]),
});
export type SheetLine = Static<typeof SheetLine>;

export const SheetHistoryEntry = Type.Object({
  /** 'exam', 'sign', 'reopen' or 'resit'. */
  action: Type.String(),
  student: Type.Union([Type.String(), Type.Null()]),
  oldPoints: Type.Union([Type.Integer(), Type.Null()]),
  newPoints: Type.Union([Type.Integer(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  who: Type.String(),
  at: Type.String(),
});
export type SheetHistoryEntry = Static<typeof SheetHistoryEntry>;

export const Sheet = Type.Object({
  id: Type.Integer(),
  attempt: Type.Integer(),
  /** The sheet a resit was made from. */
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  discipline: Type.String(),
  code: Type.String(),
  group: Type.String(),
  faculty: Type.String(),
  teacher: Type.String(),
  id_a_year: Type.Integer(),
  id_w_s: Type.Integer(),
  /** 'Осеннее полугодие 2026-27'. */
  halfYear: Type.String(),
  credits: Type.Integer(),
  control: Type.String(),
  signed: Type.Boolean(),
  signedAt: Type.Union([Type.String(), Type.Null()]),
  modules: Type.Array(Type.Object({ id_module: Type.Integer(), name: Type.String(), max: Type.Integer() })),
  examMax: Type.Integer(),
  admissionMin: Type.Integer(),
  grades: Type.Array(SheetGrade),
  lines: Type.Array(SheetLine),
  history: Type.Array(SheetHistoryEntry),
  /** The caller may enter exam points and sign (the discipline's teacher, the sheet open). */
  canWrite: Type.Boolean(),
  /** The caller is the dean's office of the group's faculty (or an administrator) and the sheet is signed. */
  canReopen: Type.Boolean(),
  /** The caller may make resit sheets from it (its teacher, the sheet signed). */
  canResit: Type.Boolean(),
});
export type Sheet = Static<typeof Sheet>;
export const SheetReply = Ok(Sheet);

/** POST list.json: the caller's disciplines and groups in the half-year (from his journals) with their sheets. */
export const SheetListBody = Type.Object({ id_a_year: YearStart, id_w_s: HalfYear });
export type SheetListBody = Static<typeof SheetListBody>;
export const SheetListItem = Type.Object({
  /** The journal the sheet is made from. */
  id_journal: Type.Integer(),
  id_group: Type.Integer(),
  discipline: Type.String(),
  group: Type.String(),
  sheets: Type.Array(Type.Object({ id: Type.Integer(), attempt: Type.Integer(), signed: Type.Boolean(), student: Type.Union([Type.String(), Type.Null()]) })),
});
export type SheetListItem = Static<typeof SheetListItem>;
export const SheetListReply = Ok(Type.Array(SheetListItem));
/** A teacher's first view of the screen, inside the signed-in /gradingsheet page (contract/page.ts): the current half-year and list.json's reply for it. */
export const SheetListStart = Type.Object({ half: SheetListBody, list: Type.Array(SheetListItem) });
export type SheetListStart = Static<typeof SheetListStart>;

/** POST open.json: the first sheet of the journal's discipline for a group (made from the journal on first open). */
export const SheetOpenBody = Type.Object({ id_journal: DbId, id_group: DbId });
export type SheetOpenBody = Static<typeof SheetOpenBody>;

export const SheetIdBody = Type.Object({ id_sheet: DbId });
export type SheetIdBody = Static<typeof SheetIdBody>;
export const SheetIdQuery = Type.Object({ id_sheet: Type.Integer({ minimum: 1 }) });
export type SheetIdQuery = Static<typeof SheetIdQuery>;

/** POST exam.json: exam points of one student or more (a pasted column), all or none; null clears. */
export const SheetExamBody = Type.Object({
  id_sheet: DbId,
  points: Type.Array(Type.Object({ id_student: DbId, exam: Type.Union([Type.Number(), Type.Null()]) }), { minItems: 1, maxItems: 500 }),
});
export type SheetExamBody = Static<typeof SheetExamBody>;

/** POST reopen.json: the dean's office reopens a signed sheet, saying why. */
export const SheetReopenBody = Type.Object({ id_sheet: DbId, reason: Type.String({ maxLength: REOPEN_REASON_MAX }) });
export type SheetReopenBody = Static<typeof SheetReopenBody>;

/** POST resit.json: a failed student's resit (from a signed first sheet) or commission (from a signed resit). */
export const SheetResitBody = Type.Object({ id_sheet: DbId, id_student: DbId });
export type SheetResitBody = Static<typeof SheetResitBody>;

/** POST my.json: the calling student's own line of every signed sheet. */
export const MySheetLine = Type.Object({
  id_sheet: Type.Integer(),
  attempt: Type.Integer(),
  discipline: Type.String(),
  halfYear: Type.String(),
  id_a_year: Type.Integer(),
  id_w_s: Type.Integer(),
  modulePoints: Type.Integer(),
  exam: Type.Union([Type.Integer(), Type.Null()]),
  total: Type.Integer(),
  letter: Type.String(),
  word: Type.String(),
  signedAt: Type.String(),
});
export type MySheetLine = Static<typeof MySheetLine>;
export const MySheetsReply = Ok(Type.Array(MySheetLine));

/** GET verify.html?t=: a printed sheet's QR code. */
export const SheetVerifyQuery = Type.Object({ t: Type.String({ maxLength: 4096 }) });
export type SheetVerifyQuery = Static<typeof SheetVerifyQuery>;
