/**
 * The university's documents under /api/documents/ (docs/areas/documents.md#calls): regulations,
 * orders, templates and forms, each for an audience (everyone, students, teachers, staff) and
 * optionally one faculty, with every version of its file kept. Everyone signed in reads what his
 * audience may see; the administrator and a faculty's dean's office upload.
 */
import { Type, type Static } from 'typebox';
import { DbId, IdName, Ok } from './common';

/** The kinds of document, in the order the screen offers them. */
export const DOCUMENT_CATEGORIES = ['regulation', 'order', 'template', 'form'] as const;
export const DocumentCategory = Type.Union([Type.Literal('regulation'), Type.Literal('order'), Type.Literal('template'), Type.Literal('form')]);
export type DocumentCategory = Static<typeof DocumentCategory>;

/** Who reads a document: everyone, students, teachers (every employee's account), or staff (accounts holding an office right). */
export const DOCUMENT_AUDIENCES = ['all', 'students', 'teachers', 'staff'] as const;
export const DocumentAudience = Type.Union([Type.Literal('all'), Type.Literal('students'), Type.Literal('teachers'), Type.Literal('staff')]);
export type DocumentAudience = Static<typeof DocumentAudience>;

/** The largest file a document's version may be (also bounded by UPLOAD_LIMIT_MB). */
export const DOCUMENT_MAX_MB = 20;
/** The file kinds a document may be, by extension (the content is checked too). */
export const DOCUMENT_EXTENSIONS = ['pdf', 'docx', 'xlsx', 'odt'] as const;
export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_DESCRIPTION_MAX = 2000;
/** The search: 2 to 100 characters. */
export const DOCUMENT_SEARCH_MIN = 2;
export const DOCUMENT_SEARCH_MAX = 100;
/** The multipart field of the file. */
export const DOCUMENT_FILE_FIELD = 'file';

/** POST options.json {}: whether the caller uploads, and the faculties he may address. */
export const DocumentOptions = Type.Object({
  mayUpload: Type.Boolean(),
  /** An administrator: every faculty (or none, the whole university); a dean's office: its own only. */
  faculties: Type.Array(IdName),
  /** A dean's office must name its faculty; an administrator may leave it out. */
  facultyRequired: Type.Boolean(),
});
export type DocumentOptions = Static<typeof DocumentOptions>;
export const DocumentOptionsReply = Ok(DocumentOptions);

/** POST list.json: the documents the caller may read, of a category and matching a text when given, newest change first. */
export const DocumentListBody = Type.Object({
  category: Type.Optional(DocumentCategory),
  text: Type.Optional(Type.String({ maxLength: DOCUMENT_SEARCH_MAX })),
});
export type DocumentListBody = Static<typeof DocumentListBody>;

export const DocumentItem = Type.Object({
  id: Type.Integer(),
  /** In the caller's language, or the first the uploader typed. */
  title: Type.String(),
  description: Type.String(),
  category: DocumentCategory,
  audience: DocumentAudience,
  id_faculty: Type.Union([Type.Integer(), Type.Null()]),
  faculty: Type.Union([Type.String(), Type.Null()]),
  /** The newest version's number (1 for a document never replaced). */
  version: Type.Integer(),
  /** When the newest version was uploaded (ISO). */
  updatedAt: Type.String(),
  fileName: Type.String(),
  fileSize: Type.Integer(),
  /** The caller may upload a new version, edit its texts and withdraw it. */
  canManage: Type.Boolean(),
});
export type DocumentItem = Static<typeof DocumentItem>;
export const DocumentListReply = Ok(Type.Array(DocumentItem));

/** POST document.json {id}: a document with its versions, newest first (404 when the caller may not read it). */
export const DocumentBody = Type.Object({ id: DbId });
export type DocumentBody = Static<typeof DocumentBody>;

export const DocumentVersion = Type.Object({
  id: Type.Integer(),
  number: Type.Integer(),
  fileName: Type.String(),
  fileSize: Type.Integer(),
  mime: Type.String(),
  uploadedAt: Type.String(),
  uploadedBy: Type.String(),
  note: Type.String(),
});
export type DocumentVersion = Static<typeof DocumentVersion>;

export const DocumentDetail = Type.Object({
  document: DocumentItem,
  /** The texts as typed, for the uploader's forms. */
  texts: Type.Object({
    titleRu: Type.String(),
    titleKg: Type.String(),
    titleEn: Type.String(),
    descriptionRu: Type.String(),
    descriptionKg: Type.String(),
    descriptionEn: Type.String(),
  }),
  versions: Type.Array(DocumentVersion),
});
export type DocumentDetail = Static<typeof DocumentDetail>;
export const DocumentDetailReply = Ok(DocumentDetail);

const Title = Type.String({ maxLength: DOCUMENT_TITLE_MAX });
const Description = Type.String({ maxLength: DOCUMENT_DESCRIPTION_MAX });

/** POST create (multipart): a new document and its first version (the file in `file`). At least one title. */
export const DocumentCreateFields = Type.Object({
  titleRu: Type.Optional(Title),
  titleKg: Type.Optional(Title),
  titleEn: Type.Optional(Title),
  descriptionRu: Type.Optional(Description),
  descriptionKg: Type.Optional(Description),
  descriptionEn: Type.Optional(Description),
  category: DocumentCategory,
  audience: DocumentAudience,
  /** Absent: the whole university. */
  id_faculty: Type.Optional(DbId),
});
export type DocumentCreateFields = Static<typeof DocumentCreateFields>;

/** POST version (multipart): a new version of a document (the file in `file`); the old ones are kept. */
export const DocumentVersionFields = Type.Object({
  id: DbId,
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type DocumentVersionFields = Static<typeof DocumentVersionFields>;

/** POST update.json: a managed document's texts, category and audience (its faculty and files stay). At least one title. */
export const DocumentUpdateBody = Type.Object({
  id: DbId,
  titleRu: Title,
  titleKg: Title,
  titleEn: Title,
  descriptionRu: Description,
  descriptionKg: Description,
  descriptionEn: Description,
  category: DocumentCategory,
  audience: DocumentAudience,
});
export type DocumentUpdateBody = Static<typeof DocumentUpdateBody>;

/** POST withdraw.json {id}: the document leaves every list, search and download; its rows and files are kept with who withdrew it and when. */
export const DocumentWithdrawReply = Ok(Type.Object({ withdrawn: Type.Literal(true) }));

/** GET download.file?id=<document>[&version=<version id>]: the newest version's file, or that version's, as an attachment. */
export const DocumentFileQuery = Type.Object({ id: DbId, version: Type.Optional(DbId) });
export type DocumentFileQuery = Static<typeof DocumentFileQuery>;
