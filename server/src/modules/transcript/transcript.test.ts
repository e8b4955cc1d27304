/**
 * /api/misc/transcript.json, transcript.pdf and transcript/verify.html: the demo student's results
 * grouped by year and half-year with the scale's equivalents, the PDF's text (Cyrillic included),
 * and the verification page: genuine, changed since issue, and a tampered token refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transcript } from '../../../../contract/transcript';
import type { App } from '../../app';
import { finalResults } from '../../db/schema';
import { currentPeriod } from '../../lib/academic-year';
import { appOn, createTestDatabase, session, type TestDatabase, type TestSession } from '../../test/helpers';

let db: TestDatabase;
let app: App;
let teacher: TestSession;
let student: TestSession;

const transcript = async (lang = 'ru') =>
  (await app.inject({ method: 'POST', url: '/api/misc/transcript.json', payload: {}, headers: { ...student.headers, 'accept-language': lang } })).json()
    .data as Transcript;
const verifyPath = (t: Transcript) => new URL(t.verifyUrl).pathname + new URL(t.verifyUrl).search;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes, useSystemFonts: false }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) text += (await (await doc.getPage(i)).getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join(' ') + '\n';
  return text;
}

beforeAll(async () => {
  db = await createTestDatabase();
  app = await appOn(db);
  teacher = await session(app, 'teacher');
  student = await session(app, 'student');
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('the transcript', () => {
  it("is the student's own: teachers and anonymous callers are refused", async () => {
    expect((await app.inject({ method: 'POST', url: '/api/misc/transcript.json', payload: {} })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/misc/transcript.json', payload: {}, headers: teacher.headers })).statusCode).toBe(403);
  });

  it('groups past half-years with results and the current one in progress, with every field', async () => {
    const t = await transcript();
    const g = t.groups[0];
    expect(g).toMatchObject({ group: 'ПИ-1-24', fio: 'Сыдыкова Айпери Талантовна', institution_en: 'Tian Shan State University' });
    expect(g.address).not.toBe('');
    expect(g.tel).not.toBe('');
    expect(g.mail).toContain('@');
    const now = currentPeriod(new Date());
    expect(g.years[0].id_a_year).toBe(2024);
    expect(g.years.at(-1)!.id_a_year).toBe(now.year);
    const past = g.years[0].semesters;
    expect(past.map((s) => s.ws_sort)).toEqual([1, 2]);
    const d = past[0].disciplines[0];
    expect(d.points).toBeGreaterThanOrEqual(0);
    expect(d.ekv_bukv).toMatch(/^[A-F][+-]?$/);
    expect(typeof d.ekv_num).toBe('number');
    expect(past[0].kredits_sum).toBe(past[0].disciplines.reduce((n, x) => n + x.kredits, 0));
    const current = g.years.at(-1)!.semesters.at(-1)!;
    expect(current.inProgress).toBe(true);
    expect(current.disciplines.every((x) => x.points === null)).toBe(true);
    expect(g.kredits_avg).toBeGreaterThan(0);
    expect(g.kredits_sum).toBeGreaterThan(0);
    expect(t.columns.map((c) => c.key)).toEqual(['code_discipline', 'discipline', 'kredits', 'points', 'ekv_num', 'ekv_bukv', 'mark']);
    expect(t.signature.name).not.toBe('');
  });

  it('is a PDF whose text reads back, Cyrillic included, with the verification link', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/misc/transcript.pdf', headers: student.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(res.rawPayload));
    expect(text).toContain('Сыдыкова Айпери Талантовна');
    expect(text).toContain('Транскрипт');
    expect(text).toContain('ПИ-1-24');
    // A grade's word is not broken across lines in its column.
    expect(text).toContain('удовлетворительно');
    expect(text).not.toMatch(/удовлетворител\s/);
  });
});

describe('verification', () => {
  it('says genuine and unchanged without a session', async () => {
    const res = await app.inject({ method: 'GET', url: verifyPath(await transcript()) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-verdict="genuine"');
    expect(res.body).toContain('Сыдыкова Айпери Талантовна');
  });

  it('refuses a tampered token', async () => {
    const url = verifyPath(await transcript());
    const [head, token] = url.split('?t=');
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: String(Number(claims.sub) + 1) })).toString('base64url');
    for (const bad of [`${h}.${forged}.${s}`, `${h}.${p}.${s.slice(0, -2)}xx`, 'garbage']) {
      const res = await app.inject({ method: 'GET', url: `${head}?t=${bad}` });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('data-verdict="invalid"');
    }
  });

  it('says changed when a result changed after the document was issued', async () => {
    const url = verifyPath(await transcript('en'));
    const [first] = await db.database.db.select().from(finalResults).where(eq(finalResults.studentId, student.user.uid)).limit(1);
    await db.database.db
      .update(finalResults)
      .set({ points: first.points === 100 ? 99 : first.points + 1 })
      .where(eq(finalResults.id, first.id));
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(res.body).toContain('data-verdict="changed"');
    expect(res.body).toContain('the results have changed since');
  });
});
