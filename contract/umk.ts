/**
 * Teaching materials (UMK) under /api/umk/ (docs/areas/umk.md#calls). Every call needs a session. Teacher
 * calls answer 403 to students and student calls to teachers. A teacher adds materials to the
 * disciplines he teaches and edits or deletes only his own; a student sees the materials of the
 * disciplines taught to his group, meant for his speciality and form of study. Identity comes from
 * the session: id_human, id_humanType and idUser in a body must name the caller (else 403).
 */
import { Type, type Static } from 'typebox';
import { DbId, HalfYear, IdName, Ok, Role, YearStart } from './common';
import { BOOK_AUTHOR_MAX, BOOK_DESCRIPTION_MAX, BOOK_NAME_MAX, BOOK_PAGES_MAX, BookFileFields } from './library';

/** Audience of a material: every student, full-time only, part-time only (id_forStudentKind). */
export const UMK_FOR_ALL = 0;
export const UMK_FULL_TIME = 1;
export const UMK_PART_TIME = 2;
export const UmkAudience = Type.Union([Type.Literal(UMK_FOR_ALL), Type.Literal(UMK_FULL_TIME), Type.Literal(UMK_PART_TIME)]);
export type UmkAudience = Static<typeof UmkAudience>;
/** The multipart field of the material's file. */
export const UMK_FILE_FIELD = 'files';
/** idBook of a material not saved yet. */
export const NEW_UMK_ID = -1;

/** POST disciplines and disciplinesforstud {year, ws}: the caller's disciplines in the half-year. */
export const UmkHalfBody = Type.Object({ year: YearStart, ws: HalfYear });
export type UmkHalfBody = Static<typeof UmkHalfBody>;
export const UmkDiscipline = Type.Object({ id: Type.Integer(), name: Type.String(), kredit: Type.Integer() });
export type UmkDiscipline = Static<typeof UmkDiscipline>;
export const UmkDisciplinesReply = Ok(Type.Array(UmkDiscipline));

/** POST semesters and semestersforstud {year, ws, id_discipline}: semesters of study of the discipline ({id, name: '5'}). */
export const UmkSemestersBody = Type.Object({ year: YearStart, ws: HalfYear, id_discipline: DbId });
export type UmkSemestersBody = Static<typeof UmkSemestersBody>;
export const IdNameListReply = Ok(Type.Array(IdName));

/** POST getumkteachers {id_discipline}: teachers of the discipline (any year). GET types, getstudentexamtypes: reference lists. */
export const UmkTeachersBody = Type.Object({ id_discipline: DbId });
export type UmkTeachersBody = Static<typeof UmkTeachersBody>;

/** GET bookcategories: the library's categories a material may be shared into ({id, name: 'Base / Category'}). */

/** A material as the lists show it. */
export const UmkItem = Type.Object({
  id_books: Type.Integer(),
  id_typeUmk: Type.Integer(),
  typeName: Type.String(),
  umkName: Type.String(),
  ...BookFileFields,
  id_discipline: Type.Integer(),
  id_semester: Type.Integer(),
  id_examination: Type.Integer(),
  id_teacher: Type.Integer(),
  teacher: Type.String(),
  kredits: Type.Integer(),
  id_forStudentKind: UmkAudience,
  /** Also in the e-library (the book's id), or null. */
  id_eBook: Type.Union([Type.Integer(), Type.Null()]),
  id_bookCategory: Type.Union([Type.Integer(), Type.Null()]),
  /** The caller may edit and delete it (his own material). */
  canEdit: Type.Boolean(),
});
export type UmkItem = Static<typeof UmkItem>;
export const UmkListReply = Ok(Type.Array(UmkItem));

/**
 * POST umklist and getumklistforstud {id_discipline, id_semester?}: the materials of a discipline
 * (of one semester of study when given), newest first. A teacher must teach the discipline, a
 * student must be taught it (else 403).
 */
export const UmkListBody = Type.Object({ id_discipline: DbId, id_semester: Type.Optional(DbId) });
export type UmkListBody = Static<typeof UmkListBody>;

/**
 * POST insertorupdateumk, multipart/form-data: these fields and, for a new material, its file in
 * the field `files`. isForEBooks (with id_bookCategory) also puts it in the library as a book marked
 * isFromUmk; unticking it on an edit takes the book out. Over UPLOAD_LIMIT_MB → 413; a type off the
 * allow-list → 400 UNSUPPORTED_TYPE; nothing is kept when the call fails.
 */
export const UmkSaveFields = Type.Object({
  idBook: Type.Union([Type.Literal(NEW_UMK_ID), DbId]),
  id_human: Type.Integer(),
  id_humanType: Role,
  idUser: Type.Optional(Type.Integer()),
  fileName: Type.Optional(Type.String({ maxLength: 300 })),
  id_a_year: YearStart,
  id_semester: DbId,
  id_discipline: DbId,
  id_examination: DbId,
  /** A speciality, or -1 for every speciality studying the discipline. */
  id_speciality: Type.Optional(Type.Union([Type.Literal(-1), DbId])),
  id_typeUmk: DbId,
  isHTMLBook: Type.Optional(Type.Boolean()),
  bookName: Type.String({ minLength: 1, maxLength: BOOK_NAME_MAX }),
  author: Type.Optional(Type.String({ maxLength: BOOK_AUTHOR_MAX })),
  description: Type.Optional(Type.String({ maxLength: BOOK_DESCRIPTION_MAX })),
  totalPages: Type.Optional(Type.Integer({ minimum: 0, maximum: BOOK_PAGES_MAX })),
  /** The library category when isForEBooks, else -1. */
  id_bookCategory: Type.Optional(Type.Union([Type.Literal(-1), DbId])),
  isForEBooks: Type.Optional(Type.Boolean()),
  id_booksShare: Type.Optional(Type.Integer()),
  isSharedBookFromEBooks: Type.Optional(Type.Boolean()),
  kredits: Type.Optional(Type.Integer({ minimum: 0, maximum: 60 })),
  id_forStudentKind: UmkAudience,
});
export type UmkSaveFields = Static<typeof UmkSaveFields>;
export const UmkSaveReply = Ok(UmkItem);

/** POST deletebook {id_human, id_humanType, id_books}: deletes the caller's own material (and its library copy). */
export const UmkDeleteBody = Type.Object({ id_human: Type.Integer(), id_humanType: Role, id_books: DbId });
export type UmkDeleteBody = Static<typeof UmkDeleteBody>;
export const UmkDeleted = Type.Object({ id_books: Type.Integer(), deleted: Type.Literal(true) });
export type UmkDeleted = Static<typeof UmkDeleted>;
export const UmkDeleteReply = Ok(UmkDeleted);

/** GET download.file?id= (attachment) and read.file?id= (a PDF inline): a material the caller may see. */
export const UmkFileQuery = Type.Object({ id: DbId });
export type UmkFileQuery = Static<typeof UmkFileQuery>;
