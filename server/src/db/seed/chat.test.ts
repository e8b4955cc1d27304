/** Seed step 0005-chat: conversations of the demo accounts with a few unread messages, a PDF and a photo. */
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { SNIFF_BYTES, sniffType } from '../../plugins/sniff';
import { chatGroupReads, chatMessages, files, users } from '../schema';
import { requirementsPdf, schemaDiagramPng } from './chat';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

const userId = async (login: string) => (await db.database.db.select({ id: users.id }).from(users).where(eq(users.login, login)))[0].id;

describe('seed 0005-chat', () => {
  it('the demo teacher and student talk, and each has unread messages', async () => {
    const d = db.database.db;
    const teacher = await userId('teacher');
    const student = await userId('student');
    const between = await d
      .select({ n: count() })
      .from(chatMessages)
      .where(and(eq(chatMessages.senderUserId, student), eq(chatMessages.recipientUserId, teacher)));
    expect(between[0].n).toBeGreaterThanOrEqual(5);
    for (const who of [teacher, student]) {
      const [unread] = await d
        .select({ n: count() })
        .from(chatMessages)
        .where(and(eq(chatMessages.recipientUserId, who), isNull(chatMessages.readAt)));
      expect(unread.n, `unread one-to-one messages of user ${who}`).toBeGreaterThan(0);
    }
    const partners = await d.selectDistinct({ to: chatMessages.recipientUserId }).from(chatMessages).where(eq(chatMessages.senderUserId, teacher));
    expect(partners.length).toBeGreaterThanOrEqual(3);
    const marks = await d.select().from(chatGroupReads).where(eq(chatGroupReads.userId, student));
    expect(marks.length).toBeGreaterThanOrEqual(1);
  });

  it('texts are Russian and Kyrgyz; a PDF and a photo are attached', async () => {
    const rows = await db.database.db.select({ message: chatMessages.message }).from(chatMessages);
    expect(rows.some((r) => /[өүң]/.test(r.message))).toBe(true);
    expect(rows.some((r) => /лабораторн/i.test(r.message))).toBe(true);
    const attached = await db.database.db
      .select({ name: files.originalName, mime: files.mime })
      .from(chatMessages)
      .innerJoin(files, eq(files.id, chatMessages.fileId));
    expect(attached.map((f) => f.mime).sort()).toEqual(['application/pdf', 'image/png']);
  });

  it('the generated files are what their names say', () => {
    const png = schemaDiagramPng();
    expect(sniffType('Схема БД.png', png.subarray(0, SNIFF_BYTES), png.length <= SNIFF_BYTES)).toBe('image/png');
    const pdf = requirementsPdf();
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pdf.toString('latin1')).toMatch(/startxref\n\d+\n%%EOF\n$/);
  });
});
