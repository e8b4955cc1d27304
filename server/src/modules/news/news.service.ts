/**
 * The news feed (docs/areas/news.md#calls): who sees what, who may post and delete, scheduled and pinned
 * posts, read counts, and file downloads with an access check.
 */
import { DB_INT_MAX, ROLE_TEACHER, type Language, type Role } from '@contract/common';
import {
  NEWS_AUTHOR_SEPARATOR,
  NEWS_FILES_FIELD,
  NEWS_FILES_SEPARATOR,
  NEWS_PAGE_SIZE,
  NEWS_SCHEDULE_MAX_DAYS,
  type NewsInsertFields,
  type Audience,
  type NewsCheck,
  type NewsCheckBody,
  type NewsDataBody,
  type NewsDeleteBody,
  type NewsDeleted,
  type NewsDownloadQuery,
  type NewsItem,
} from '@contract/news';
import type { AppContext } from '../../context';
import { localName } from '../../i18n';
import { fullName } from '../../lib/person';
import { badRequest, forbidden, notFound } from '../../app-error';
import type { Download, MultipartInput } from '../../plugins/files';
import { ReplyCache } from '../../plugins/reply-cache';
import { assertOwn, type AuthInfo } from '../../shared/caller';
import * as repo from './news.repository';
import { notifyPublished } from './news.publisher';

/** The role word in an author line when the author is a student. */
const STUDENT_WORD: Record<Language, string> = { ru: 'Студент', kg: 'Студент', en: 'Student' };
const DAY_MS = 86_400_000;
/** Audience sizes change only when accounts come or go: they are recounted at most this often. */
const AUDIENCE_SIZES_TTL_MS = 60_000;

/** Readers whose faculty is kept at most (the map starts over beyond it). */
const READER_FACULTIES_MAX = 20000;

/** Feed pages kept per process at most (plugins/reply-cache.ts). */
const KEPT_PAGES_MAX = 5000;
/** What a page of the feed is read from: a write to any of them drops the kept pages. */
const FEED_TABLES = [
  'news',
  'news_files',
  'news_reads',
  'files',
  'users',
  'teachers',
  'students',
  'positions',
  'departments',
  'faculties',
  'groups',
  'specialities',
];
/**
 * What an audience's page is read from: the same less the read marks, which only its authors see
 * (a reader's mark changes no other reader's page).
 */
const AUDIENCE_TABLES = FEED_TABLES.filter((t) => t !== 'news_reads');
/** The one key of the kept set of authors. */
const AUTHORS_KEY = 'authors';

export class NewsService {
  private audienceSizes: { at: number; value: Promise<repo.AudienceSize[]> } | null = null;
  /** Pages of an author's feed as last read, per reader, rights, language and page (plugins/reply-cache.ts). */
  private readonly pages: ReplyCache<NewsItem[]>;
  /**
   * Pages of an audience (role and faculty) per language: what every reader who has written no item
   * sees, the same for all of them, kept however many readers there are and whatever they read.
   */
  private readonly audiencePages: ReplyCache<NewsItem[]>;
  /** The users who have written an item (their feed shows their own items and read counts). */
  private readonly authors: ReplyCache<Set<number>>;

  constructor(private readonly ctx: AppContext) {
    this.pages = new ReplyCache(ctx.dataChanges, { name: 'news_feed', tables: FEED_TABLES, ttlMs: ctx.config.replyCacheMs, maxEntries: KEPT_PAGES_MAX });
    this.audiencePages = new ReplyCache(ctx.dataChanges, {
      name: 'news_audience',
      tables: AUDIENCE_TABLES,
      ttlMs: ctx.config.replyCacheMs,
      maxEntries: KEPT_PAGES_MAX,
    });
    this.authors = new ReplyCache(ctx.dataChanges, { name: 'news_authors', tables: ['news'], ttlMs: ctx.config.replyCacheMs, maxEntries: 1 });
  }

  /** Has the user written any item (kept while no item is written or deleted)? */
  private async isAuthor(userId: number, at: number): Promise<boolean> {
    const kept = await this.authors.get(AUTHORS_KEY, at);
    let authors = kept.value;
    if (!authors) {
      authors = new Set(await repo.findAuthors(this.ctx.db));
      this.authors.set(AUTHORS_KEY, authors, kept.mark, { from: at });
    }
    return authors.has(userId);
  }

  /**
   * A page of a reader who has written no item: his audience's page (read as if for nobody in
   * particular, so with no item of his own and no read counts), and his read marks recorded.
   */
  private async audiencePage(auth: AuthInfo, reader: repo.Reader, input: NewsDataBody, now: Date, lang: Language): Promise<NewsItem[]> {
    const key = `${reader.role}:${reader.facultyId}:${lang}:${input.page}`;
    const kept = await this.audiencePages.get(key, now.getTime());
    let items = kept.value;
    if (!items) {
      const reads = this.ctx.database.reader();
      const [rows, next] = await Promise.all([
        repo.findItems(reads, { ...reader, userId: repo.NOBODY }, now, NEWS_PAGE_SIZE, (input.page - 1) * NEWS_PAGE_SIZE),
        repo.findNextPublication(reads, now),
      ]);
      items = await this.present(auth, reader, rows, now, lang);
      // A page read from the replica is not kept: it may be older than the changes already heard.
      if (reads === this.ctx.db) this.audiencePages.set(key, items, kept.mark, { from: now.getTime(), until: next?.getTime() ?? Infinity });
    }
    await repo.recordReads(
      this.ctx.db,
      items.map((i) => i.id_eventMessage),
      auth.userId,
      now,
    );
    return items;
  }

  /** Active accounts by role and faculty, for "read by N of M" (a cache of a minute at most). */
  private sizes(): Promise<repo.AudienceSize[]> {
    const now = Date.now();
    if (!this.audienceSizes || now - this.audienceSizes.at > AUDIENCE_SIZES_TTL_MS) {
      const value = repo.countAccountsByFaculty(this.ctx.db);
      this.audienceSizes = { at: now, value };
      value.catch(() => (this.audienceSizes = null));
    }
    return this.audienceSizes.value;
  }

  /**
   * The faculty of each recent reader, kept a minute at most like the audience sizes: a person moves
   * to another faculty rarely, and the feed then follows within a minute, while every page saves
   * the query.
   */
  private readerFaculties = new Map<string, { at: number; value: Promise<number | null> }>();

  private async reader(auth: AuthInfo): Promise<repo.Reader> {
    const key = `${auth.role}:${auth.uid}`;
    const now = Date.now();
    let cached = this.readerFaculties.get(key);
    if (!cached || now - cached.at > AUDIENCE_SIZES_TTL_MS) {
      if (this.readerFaculties.size >= READER_FACULTIES_MAX) this.readerFaculties.clear();
      const value = repo.findPersonFaculty(this.ctx.db, auth.role, auth.uid);
      cached = { at: now, value };
      this.readerFaculties.set(key, cached);
      value.catch(() => this.readerFaculties.delete(key));
    }
    return { userId: auth.userId, role: auth.role, facultyId: await cached.value };
  }

  /** One page of the caller's feed; records that the caller has seen the items addressed to them. */
  async feed(auth: AuthInfo, input: NewsDataBody, lang: Language): Promise<NewsItem[]> {
    assertOwn(auth, { uid: input.uid, role: input.role, userId: input.id });
    const now = this.ctx.now();
    const reader = await this.reader(auth);
    if (!(await this.isAuthor(auth.userId, now.getTime()))) return this.audiencePage(auth, reader, input, now, lang);
    // An author's page read again, while nothing it shows has changed: its reads are recorded already.
    const key = `${auth.userId}:${reader.role}:${reader.facultyId}:${auth.newsPerms ? 1 : 0}:${lang}:${input.page}`;
    const kept = await this.pages.get(key, now.getTime());
    if (kept.value) return kept.value;
    const reads = this.ctx.database.reader();
    const [rows, next] = await Promise.all([
      repo.findItems(reads, reader, now, NEWS_PAGE_SIZE, (input.page - 1) * NEWS_PAGE_SIZE),
      repo.findNextPublication(reads, now),
    ]);
    const seen = rows.filter((r) => r.authorUserId !== auth.userId).map((r) => r.id);
    const [items] = await Promise.all([this.present(auth, reader, rows, now, lang), repo.recordReads(this.ctx.db, seen, auth.userId, now)]);
    // Until the next scheduled item comes out; with read figures, no longer than the audience sizes.
    // A page read from the replica is not kept: it may be older than the changes already heard.
    if (reads !== this.ctx.db) return items;
    const sizesAt = this.audienceSizes?.at;
    const withSizes = rows.some((r) => r.authorUserId === auth.userId);
    this.pages.set(key, items, kept.mark, {
      from: now.getTime(),
      until: next?.getTime() ?? Infinity,
      maxAgeMs: withSizes ? (sizesAt === undefined ? 0 : sizesAt + AUDIENCE_SIZES_TTL_MS - Date.now()) : Infinity,
    });
    return items;
  }

  /** check.json: may the caller delete (type 1) or edit (type 2) item id? Same rule for both. */
  async check(auth: AuthInfo, input: NewsCheckBody): Promise<NewsCheck> {
    const item = await repo.findNews(this.ctx.db, input.id);
    if (!item || !(await repo.isVisible(this.ctx.db, input.id, await this.reader(auth), this.ctx.now()))) throw notFound();
    return { id: input.id, type: input.type, allowed: auth.newsPerms && item.authorUserId === auth.userId };
  }

  /** delete.json: the author's own item (newsPerms needed), with its files, in one transaction. */
  async remove(auth: AuthInfo, input: NewsDeleteBody): Promise<NewsDeleted> {
    if (!auth.newsPerms) throw forbidden();
    const item = await repo.findNews(this.ctx.db, input.id);
    if (!item) throw notFound();
    if (item.authorUserId !== auth.userId) throw forbidden();
    await this.ctx.db.transaction(async (tx) => {
      const fileIds = await repo.deleteNews(tx, input.id);
      await this.ctx.files.remove(tx, fileIds);
    });
    return { id: input.id, deleted: true };
  }

  /** insert.json (multipart): the item, its files and their links in one transaction. */
  async insert(auth: AuthInfo, upload: MultipartInput<NewsInsertFields>, lang: Language): Promise<NewsItem> {
    if (!auth.newsPerms) throw forbidden();
    const id = await upload(async ({ fields: input, files }) => {
      if (files.some((f) => f.field !== NEWS_FILES_FIELD)) throw badRequest({ field: NEWS_FILES_FIELD });
      const message = input.message.trim();
      if (!message && files.length === 0) throw badRequest({ field: 'message' });
      const facultyId = input.faculty === -1 ? null : input.faculty;
      if (facultyId !== null && !(await repo.facultyExists(this.ctx.db, facultyId))) throw badRequest({ field: 'faculty' });
      const now = this.ctx.now();
      const publishAt = this.publishTime(input.publishAt, now);
      // The bytes go to the store first, outside the transaction (a transfer may take long).
      await this.ctx.files.put(...files);
      return this.ctx.db.transaction(async (tx) => {
        const newsId = await repo.insertNews(tx, {
          authorUserId: auth.userId,
          message,
          audience: input.audience,
          facultyId,
          pinned: input.pinned ?? false,
          publishAt,
          createdAt: now,
        });
        const links: { newsId: number; fileId: number; position: number }[] = [];
        for (const [position, file] of files.entries()) {
          const stored = await this.ctx.files.save(tx, auth.userId, file);
          links.push({ newsId, fileId: stored.id, position });
        }
        await repo.insertNewsFiles(tx, links);
        // An item addressed to one faculty notifies its people when it comes out: now, or at its time (news.publisher.ts).
        await notifyPublished(this.ctx, tx, newsId);
        return newsId;
      });
    });
    const row = await repo.findItem(this.ctx.db, id, auth.userId);
    if (!row) throw notFound();
    const [item] = await this.present(auth, await this.reader(auth), [row], this.ctx.now(), lang);
    return item;
  }

  /** download.file?filename=<id>_<name>&type=4: a file of an item the caller may see. */
  async download(auth: AuthInfo, query: NewsDownloadQuery): Promise<Download> {
    const match = /^(\d+)_(.+)$/s.exec(query.filename);
    if (!match) throw badRequest({ field: 'filename' });
    const id = Number(match[1]);
    const name = match[2];
    const item = id <= DB_INT_MAX ? await repo.findNews(this.ctx.db, id) : undefined;
    if (!item) throw notFound();
    if (!(await repo.isVisible(this.ctx.db, id, await this.reader(auth), this.ctx.now()))) throw forbidden();
    const entry = (await repo.findFiles(this.ctx.db, [id])).find((f) => f.originalName === name);
    if (!entry) throw notFound();
    const file = await this.ctx.files.find(this.ctx.db, entry.fileId);
    if (!file) throw notFound();
    return file;
  }

  /** Absent, empty or past: now; otherwise a moment at most NEWS_SCHEDULE_MAX_DAYS ahead. */
  private publishTime(value: string | undefined, now: Date): Date {
    if (!value?.trim()) return now;
    const at = Date.parse(value);
    if (Number.isNaN(at) || at > now.getTime() + NEWS_SCHEDULE_MAX_DAYS * DAY_MS) throw badRequest({ field: 'publishAt' });
    return at <= now.getTime() ? now : new Date(at);
  }

  /** Rows as the contract's items: author line, files, flags, and the author's read figures. */
  private async present(auth: AuthInfo, reader: repo.Reader, rows: repo.ItemRow[], now: Date, lang: Language): Promise<NewsItem[]> {
    const sizes = rows.some((r) => r.authorUserId === auth.userId) ? await this.sizes() : [];
    const addressed = (audience: number, facultyId: number | null) => {
      const inAudience = (role: Role, faculty: number | null) => (audience === 0 || audience === role) && (facultyId === null || facultyId === faculty);
      const total = sizes.filter((s) => inAudience(s.role, s.facultyId)).reduce((sum, s) => sum + s.n, 0);
      // The author is not counted among those the item addresses.
      return Math.max(0, total - (inAudience(reader.role, reader.facultyId) ? 1 : 0));
    };

    return rows.map((r) => {
      const mine = r.authorUserId === auth.userId;
      const item: NewsItem = {
        id_eventMessage: r.id,
        author: `${this.authorName(r)}${NEWS_AUTHOR_SEPARATOR}${this.authorRole(r, lang)}`,
        date: r.publishAt.toISOString(),
        message: r.message,
        // Stored names never contain control characters (cleanFileName), so never the separator.
        files: r.fileNames.join(NEWS_FILES_SEPARATOR),
        editable: mine && auth.newsPerms,
        pinned: r.pinned,
        publishAt: r.publishAt.toISOString(),
        scheduled: r.publishAt.getTime() > now.getTime(),
        audience: r.audience as Audience,
        faculty: r.faculty ? localName(r.faculty, lang) : null,
      };
      if (mine) {
        item.readCount = r.readCount ?? 0;
        item.addressedCount = addressed(r.audience, r.facultyId);
      }
      return item;
    });
  }

  private authorName(r: repo.ItemRow): string {
    return r.author ? fullName(r.author.person).replaceAll(NEWS_AUTHOR_SEPARATOR, ' ') : '';
  }

  private authorRole(r: repo.ItemRow, lang: Language): string {
    if (!r.author) return '';
    if (r.author.role === ROLE_TEACHER) return `${localName(r.author.position, lang)}, ${localName(r.author.department, lang)}`;
    return `${STUDENT_WORD[lang]}, ${r.author.group}`;
  }
}
