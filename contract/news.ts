/**
 * News feed calls under /api/news/ (docs/areas/news.md#calls). Every call needs
 * a session. Readers see only published items addressed to them (audience and faculty); the author
 * always sees their own items, scheduled ones included.
 */
import { Type, type Static } from 'typebox';
import { DbId, Ok, Role } from './common';

/** Items per page of POST /api/news/data.json; a shorter page means there is no more. */
export const NEWS_PAGE_SIZE = 10;
/**
 * Joins the file names of an item in `files`: the unit separator, a control character that no
 * stored file name contains. The client keeps a copy typed `typeof NEWS_FILES_SEPARATOR`.
 */
export const NEWS_FILES_SEPARATOR = '\u001f';
/** Splits an item's `author` into the name and the role text. */
export const NEWS_AUTHOR_SEPARATOR = '|';
/** Longest message in characters. */
export const NEWS_MESSAGE_MAX = 5000;
/** Most files attached to one item. */
export const NEWS_MAX_FILES = 10;
/** The `type` query parameter of a news file download. */
export const NEWS_DOWNLOAD_TYPE = 4;
/** An item id (a PostgreSQL integer). */
const NewsId = DbId;
/** How far ahead a post may be scheduled, in days. */
export const NEWS_SCHEDULE_MAX_DAYS = 366;

/** Audience of an item: everyone, teachers only, students only. */
export const AUDIENCE_ALL = 0;
export const AUDIENCE_TEACHERS = 1;
export const AUDIENCE_STUDENTS = 2;
export const Audience = Type.Union([Type.Literal(AUDIENCE_ALL), Type.Literal(AUDIENCE_TEACHERS), Type.Literal(AUDIENCE_STUDENTS)]);
export type Audience = Static<typeof Audience>;

/**
 * POST /api/news/data.json {id, uid, role, page}: one page of the caller's feed, pinned items first,
 * then the newest. `id` is the caller's account id (User.id); like uid and role it must name the
 * caller (else 403). Pages start at 1. Loading a page records that the caller has seen its items.
 */
export const NewsDataBody = Type.Object({
  id: Type.Integer(),
  uid: Type.Integer(),
  role: Role,
  page: Type.Integer({ minimum: 1, maximum: 100000 }),
});
export type NewsDataBody = Static<typeof NewsDataBody>;

export const NewsItem = Type.Object({
  id_eventMessage: Type.Integer(),
  /** 'Full Name|Role text', e.g. 'Асанов Бакыт Кубанычбекович|Доцент, Кафедра программной инженерии'. */
  author: Type.String(),
  /** ISO timestamp from which readers see the item (the publication time). */
  date: Type.String(),
  /** Plain text (never HTML); line breaks are kept. */
  message: Type.String(),
  /** File names joined by NEWS_FILES_SEPARATOR ('' when none); download each through /api/news/download.file. */
  files: Type.String(),
  /** The caller may delete this item (their own, with newsPerms). */
  editable: Type.Boolean(),
  pinned: Type.Boolean(),
  /** ISO timestamp from which readers see the item (same instant as `date`). */
  publishAt: Type.String(),
  /** Not yet visible to readers (only its author sees it). */
  scheduled: Type.Boolean(),
  /** 0 everyone, 1 teachers, 2 students. */
  audience: Audience,
  /** Name of the one faculty it is addressed to, or null for every faculty. */
  faculty: Type.Union([Type.String(), Type.Null()]),
  /** For the author only: how many of the addressed have loaded it, and how many active accounts it addresses. */
  readCount: Type.Optional(Type.Integer()),
  addressedCount: Type.Optional(Type.Integer()),
});
export type NewsItem = Static<typeof NewsItem>;
export const NewsDataReply = Ok(Type.Array(NewsItem));

/**
 * POST /api/news/check.json {id, type}: may the caller do `type` to item `id`?
 * type 1: delete; type 2: edit. Both follow the same rule: the caller has newsPerms and wrote the
 * item. 404 when the item does not exist or the caller may not see it.
 */
export const NEWS_CHECK_DELETE = 1;
export const NEWS_CHECK_EDIT = 2;
export const NewsCheckBody = Type.Object({
  id: NewsId,
  type: Type.Union([Type.Literal(NEWS_CHECK_DELETE), Type.Literal(NEWS_CHECK_EDIT)]),
});
export type NewsCheckBody = Static<typeof NewsCheckBody>;
export const NewsCheck = Type.Object({ id: Type.Integer(), type: Type.Integer(), allowed: Type.Boolean() });
export type NewsCheck = Static<typeof NewsCheck>;
export const NewsCheckReply = Ok(NewsCheck);

/**
 * POST /api/news/delete.json {id}: deletes the caller's own item with its files (newsPerms needed;
 * someone else's item → 403; unknown → 404).
 */
export const NewsDeleteBody = Type.Object({ id: NewsId });
export type NewsDeleteBody = Static<typeof NewsDeleteBody>;
export const NewsDeleted = Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) });
export type NewsDeleted = Static<typeof NewsDeleted>;
export const NewsDeleteReply = Ok(NewsDeleted);

/**
 * POST /api/news/insert.json, multipart/form-data (newsPerms needed): these text fields plus up to
 * NEWS_MAX_FILES files in the field `files`. The message is required unless files are attached.
 * Over UPLOAD_LIMIT_MB → 413 TOO_LARGE {maxSizeMb}; a type off the allow-list → 400 UNSUPPORTED_TYPE;
 * nothing is kept when the call fails. Replies with the new item.
 */
export const NEWS_FILES_FIELD = 'files';
export const NewsInsertFields = Type.Object({
  message: Type.String({ maxLength: NEWS_MESSAGE_MAX }),
  /** Absent (SPEC's form names only message and files): everyone. */
  audience: Type.Union([Type.Literal(AUDIENCE_ALL), Type.Literal(AUDIENCE_TEACHERS), Type.Literal(AUDIENCE_STUDENTS)], { default: AUDIENCE_ALL }),
  /** A faculty id, or -1 for every faculty (also when absent). */
  faculty: Type.Union([Type.Literal(-1), DbId], { default: -1 }),
  pinned: Type.Optional(Type.Boolean()),
  /** ISO timestamp to publish later; absent, empty or past: now. */
  publishAt: Type.Optional(Type.String({ maxLength: 40 })),
});
export type NewsInsertFields = Static<typeof NewsInsertFields>;
export const NewsInsertReply = Ok(NewsItem);

/** GET /api/news/download.file?filename=<id>_<name>&type=4 (the file itself, as an attachment). */
export const NewsDownloadQuery = Type.Object({
  filename: Type.String({ minLength: 3, maxLength: 600 }),
  type: Type.Literal(NEWS_DOWNLOAD_TYPE),
});
export type NewsDownloadQuery = Static<typeof NewsDownloadQuery>;
