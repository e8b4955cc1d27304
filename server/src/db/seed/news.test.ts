/** Seed step 0004-news: believable items, authors, audiences, files and reads; valid generated files. */
import { crc32, inflateSync } from 'node:zlib';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NewsItem } from '@contract/news';
import { sniffType } from '../../plugins/sniff';
import { session } from '../../test/helpers';
import type { Db } from '../client';
import { files, news, newsFiles, newsReads, users } from '../schema';
import { png, posterPng, textPdf } from './documents';
import { useTestApp } from '../../test/fixture';

let db: Db;

const fx = useTestApp({ signIn: [] });
const { post } = fx;
beforeAll(async () => {
  db = fx.db.database.db;
});

describe('news items', () => {
  it('about thirty items over the last months, two pinned, one scheduled, every audience and faculty', async () => {
    const items = await db.select().from(news);
    expect(items.length).toBeGreaterThanOrEqual(28);
    expect(items.filter((n) => n.pinned)).toHaveLength(2);
    expect(items.filter((n) => n.publishAt > n.createdAt)).toHaveLength(1);
    expect(new Set(items.map((n) => n.audience))).toEqual(new Set([0, 1, 2]));
    expect(new Set(items.map((n) => n.facultyId)).size).toBe(4); // every faculty and none
    const days = items.map((n) => (Date.now() - n.publishAt.getTime()) / 86_400_000);
    expect(Math.max(...days)).toBeGreaterThan(90);
    for (const n of items) expect(n.message.trim().length).toBeGreaterThan(20);
  });

  it('the items already out count as notified (nobody is told of old news at start); the scheduled one notifies when it comes out', async () => {
    const items = await db.select().from(news);
    const now = Date.now();
    for (const n of items) expect(n.notifiedAt === null).toBe(n.publishAt.getTime() > now);
  });

  it('four authors, all teachers with newsPerms, the demo teacher among them', async () => {
    const authors = await db
      .selectDistinct({ login: users.login, role: users.role, newsPerms: users.newsPerms })
      .from(news)
      .innerJoin(users, eq(users.id, news.authorUserId));
    expect(authors).toHaveLength(4);
    expect(authors.map((a) => a.login)).toContain('teacher');
    for (const a of authors) expect(a).toMatchObject({ role: 1, newsPerms: true });
  });

  it('files of allowed types, in order, owned by the author', async () => {
    const rows = await db
      .select({ name: files.originalName, mime: files.mime, size: files.size, owner: files.ownerUserId, author: news.authorUserId })
      .from(newsFiles)
      .innerJoin(files, eq(files.id, newsFiles.fileId))
      .innerJoin(news, eq(news.id, newsFiles.newsId));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const types = new Set(rows.map((r) => r.mime.split(';')[0]));
    for (const t of ['application/pdf', 'image/png', 'text/plain', 'text/csv']) expect(types).toContain(t);
    for (const r of rows) {
      expect(r.owner).toBe(r.author);
      expect(r.size).toBeGreaterThan(50);
    }
  });

  it('reads: a share of the addressed, never the author, never before publication', async () => {
    const [{ n }] = await db.select({ n: count() }).from(newsReads);
    expect(n).toBeGreaterThan(100);
    const [bad] = await db
      .select({ n: count() })
      .from(newsReads)
      .innerJoin(news, eq(news.id, newsReads.newsId))
      .where(sql`${newsReads.userId} = ${news.authorUserId} or ${newsReads.readAt} < ${news.publishAt} or ${news.publishAt} > now()`);
    expect(bad.n).toBe(0);
  });

  it("the demo student sees the faculty office's students-only post; the demo teacher does not", async () => {
    const page = async (who: 'teacher' | 'student') => {
      const s = await session(fx.app, who);
      const res = await post('/api/news/data.json', s, { id: s.user.id, uid: s.user.uid, role: s.user.role, page: 1 });
      return res.json().data as NewsItem[];
    };
    const scholarship = (items: NewsItem[]) => items.find((i) => i.message.startsWith('Приём документов на академическую стипендию'));
    const studentFeed = await page('student');
    expect(studentFeed).toHaveLength(10);
    expect(studentFeed.slice(0, 2).every((i) => i.pinned)).toBe(true);
    expect(scholarship(studentFeed)).toMatchObject({ files: 'Положение_о_стипендии.pdf', editable: false });
    const teacherFeed = await page('teacher');
    expect(scholarship(teacherFeed)).toBeUndefined();
    const own = teacherFeed.filter((i) => i.editable && !i.scheduled);
    expect(own.length).toBeGreaterThan(0);
    for (const item of own) expect(item.addressedCount).toBeGreaterThanOrEqual(item.readCount!);
  });
});

describe('generated documents', () => {
  it('a PDF with a correct cross-reference table, accepted as application/pdf', () => {
    const pdf = textPdf('Title (with parentheses)', ['First line', 'Кириллица becomes ?']);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(6);
    offsets.forEach((o, i) => expect(text.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    expect(text).toContain('(Title \\(with parentheses\\)) Tj');
    expect(sniffType('doc.pdf', pdf, true)).toBe('application/pdf');
  });

  it('a PNG with valid chunks and the pixels painted', () => {
    const image = png(3, 2, (x, y) => [x * 100, y * 100, 7]);
    expect(image.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(image.readUInt32BE(16)).toBe(3);
    expect(image.readUInt32BE(20)).toBe(2);
    const idatLength = image.readUInt32BE(33);
    expect(image.subarray(37, 41).toString('latin1')).toBe('IDAT');
    const raw = inflateSync(image.subarray(41, 41 + idatLength));
    expect(image.readUInt32BE(41 + idatLength)).toBe(crc32(image.subarray(37, 41 + idatLength)));
    expect(image.readUInt32BE(29)).toBe(crc32(image.subarray(12, 29)));
    expect([...raw]).toEqual([0, 0, 0, 7, 100, 0, 7, 200, 0, 7, 0, 0, 100, 7, 100, 100, 7, 200, 100, 7]);
    expect(sniffType('poster.png', posterPng([0, 0, 0], [255, 255, 255]), false)).toBe('image/png');
  });
});
