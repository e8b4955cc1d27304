/**
 * /api/misc/transcript.json, transcript.pdf and transcript/verify.html: the demo student's results
 * grouped by year and half-year with the scale's equivalents, the PDF's text (Cyrillic included),
 * and the verification page: genuine, changed since issue, and a tampered token refused.
 */
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '@contract/transcript';
import { finalResults } from '../../db/schema';
import { currentPeriod } from '../../lib/academic-year';
import { signingKey } from '../../shared/signing-keys';
import { appOn, session, testClock } from '../../test/helpers';
import { expectTaggedArchivable } from '../../test/pdf-checks';
import { TRANSCRIPT_KEY } from './transcript.service';
import { useTestApp } from '../../test/fixture';

const clock = testClock();
const PUBLIC_URL = 'https://lms.example.edu';

const transcript = async (lang = 'ru') =>
  (await fx.app.inject({ method: 'POST', url: '/api/misc/transcript.json', payload: {}, headers: { ...fx.student.headers, 'accept-language': lang } })).json()
    .data as Transcript;
const verifyPath = (t: Transcript) => new URL(t.verifyUrl!).pathname + new URL(t.verifyUrl!).search;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes, useSystemFonts: false }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) text += (await (await doc.getPage(i)).getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join(' ') + '\n';
  return text;
}

const fx = useTestApp({ now: clock.now, env: { PUBLIC_URL } });

describe('the transcript', () => {
  it("is the student's own: teachers and anonymous callers are refused", async () => {
    expect((await fx.app.inject({ method: 'POST', url: '/api/misc/transcript.json', payload: {} })).statusCode).toBe(401);
    expect((await fx.app.inject({ method: 'POST', url: '/api/misc/transcript.json', payload: {}, headers: fx.teacher.headers })).statusCode).toBe(403);
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

  it("its QR code and link point to PUBLIC_URL; without PUBLIC_URL no PDF is issued (503, said in the caller's language)", async () => {
    expect((await transcript()).verifyUrl).toMatch(/^https:\/\/lms\.example\.edu\/api\/misc\/transcript\/verify\.html\?t=/);
    const bare = await appOn(fx.db);
    try {
      const who = await session(bare, 'student');
      const data = (await bare.inject({ method: 'POST', url: '/api/misc/transcript.json', payload: {}, headers: who.headers })).json().data as Transcript;
      expect(data.verifyUrl).toBeNull();
      const pdf = await bare.inject({ method: 'GET', url: '/api/misc/transcript.pdf?lang=en', headers: who.headers });
      expect(pdf.statusCode).toBe(503);
      expect(pdf.json().error).toMatchObject({ code: 'DOCUMENTS_UNAVAILABLE', message: expect.stringContaining('PUBLIC_URL') });
    } finally {
      await bare.close();
    }
  });

  it('is a PDF whose text reads back, Cyrillic included, with the verification link', async () => {
    const res = await fx.app.inject({ method: 'GET', url: '/api/misc/transcript.pdf', headers: fx.student.headers });
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

  it('is tagged for screen readers (PDF/UA-1) and archivable (PDF/A-3a) in the language asked for: a heading, each semester a heading and a table', async (ctx) => {
    for (const [lang, tag, title] of [
      ['ru', 'ru', 'Транскрипт'],
      ['kg', 'ky', 'Баалардын транскрипти'],
      ['en', 'en', 'Transcript'],
    ]) {
      const res = await fx.app.inject({ method: 'GET', url: `/api/misc/transcript.pdf?lang=${lang}`, headers: fx.student.headers });
      expect(res.statusCode).toBe(200);
      const r = expectTaggedArchivable(ctx, new Uint8Array(res.rawPayload), tag);
      expect(r.info).toContain(`Title:           ${title}`);
      // The heading's text in the tree once (poppler reads a tree's text slowly); its shape in every language.
      if (lang === 'ru') expect(r.structure).toContain(`  H1 (block)\n    "${title}"`);
      expect(r.tree).toMatch(/^ {2}H1 \(block\)$/m);
      expect(r.tree).toMatch(/^ {2}H2 \(block\)$/m);
      expect(r.tree).toMatch(/^ {2}Table \(block\)\n {4}TR\n {6}TH:\n {9}\/Scope \/Column$/m);
      expect(r.tree).toMatch(/^ {6}TD$/m);
      // The QR code is a figure with its alternative text; the institution's names each in their language.
      expect(r.tree).toMatch(/^ {2}Figure$/m);
      expect(r.raw).toMatch(/\/S \/Figure\n\/Alt \(/);
      for (const other of ['ru', 'ky', 'en']) expect(r.raw).toContain(`/Lang (${other})`);
      if (lang === 'ru') {
        expect(r.text).toContain('Сыдыкова Айпери Талантовна');
        expect(r.text).toContain('ПИ-1-24');
        expect(r.text).toContain('удовлетворительно');
      }
    }
  });

  it('in Kyrgyz no column title is broken inside a word', async () => {
    const res = await fx.app.inject({ method: 'GET', url: '/api/misc/transcript.pdf?lang=kg', headers: fx.student.headers });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(new Uint8Array(res.rawPayload));
    for (const title of ['Кредиттер', 'Упайлар', 'Сабак', 'Баа']) expect(text).toContain(title);
    expect(text).not.toMatch(/Кредитте\s+р/);
    // Each title's words come whole, in one text run each.
    const runs = text.split(/\s+/);
    for (const word of ['Кредиттер', 'Упайлар', 'Тамга', 'экв.']) expect(runs).toContain(word);
  });
});

describe('verification', () => {
  it('says genuine and unchanged without a session', async () => {
    const res = await fx.app.inject({ method: 'GET', url: verifyPath(await transcript()) });
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
      const res = await fx.app.inject({ method: 'GET', url: `${head}?t=${bad}` });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('data-verdict="invalid"');
    }
  });

  it('says changed when a result changed after the document was issued, showing what was issued, not today’s figures', async () => {
    const issued = await transcript('en');
    const url = verifyPath(issued);
    const [first] = await fx.db.database.db.select().from(finalResults).where(eq(finalResults.studentId, fx.student.user.uid)).limit(1);
    await fx.db.database.db
      .update(finalResults)
      .set({ points: first.points >= 50 ? 0 : 100 })
      .where(eq(finalResults.id, first.id));
    const res = await fx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(res.body).toContain('data-verdict="changed"');
    expect(res.body).toContain('the results have changed since');
    expect(res.body).toContain(`<dd>${issued.groups[0].kredits_avg.toFixed(2)}</dd>`);
    expect(res.body).toContain(`<dd>${issued.groups[0].kredits_sum}</dd>`);
    const now = (await transcript('en')).groups[0];
    expect(now.kredits_avg).not.toBe(issued.groups[0].kredits_avg);
    expect(res.body).not.toContain(`<dd>${now.kredits_avg.toFixed(2)}</dd>`);
  });

  it('a transcript printed before its code carried the figures still verifies: genuine with its figures while the results are the same, changed without figures after', async () => {
    const issued = await transcript('en');
    const claims = JSON.parse(Buffer.from(new URL(issued.verifyUrl!).searchParams.get('t')!.split('.')[1], 'base64url').toString()) as {
      sub: string;
      h: string;
      iat: number;
    };
    // The token as the earlier code wrote it: the results' fingerprint and the issue time, nothing else.
    const old = await new SignJWT({ h: claims.h })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt(claims.iat)
      .sign(await signingKey(fx.db.database.db, TRANSCRIPT_KEY));
    const url = `/api/misc/transcript/verify.html?t=${old}`;
    const genuine = await fx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(genuine.statusCode).toBe(200);
    expect(genuine.body).toContain('data-verdict="genuine"');
    expect(genuine.body).toContain(`<dd>${issued.groups[0].kredits_avg.toFixed(2)}</dd>`);

    const [first] = await fx.db.database.db.select().from(finalResults).where(eq(finalResults.studentId, fx.student.user.uid)).limit(1);
    await fx.db.database.db
      .update(finalResults)
      .set({ points: first.points >= 50 ? 0 : 100 })
      .where(eq(finalResults.id, first.id));
    try {
      const changed = await fx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(changed.body).toContain('data-verdict="changed"');
      // What was issued is not known: no figures rather than today's.
      expect(changed.body).not.toContain(`<dd>${issued.groups[0].kredits_avg.toFixed(2)}</dd>`);
      expect(changed.body).not.toContain(`<dd>${(await transcript('en')).groups[0].kredits_avg.toFixed(2)}</dd>`);
    } finally {
      await fx.db.database.db.update(finalResults).set({ points: first.points }).where(eq(finalResults.id, first.id));
    }
  });

  it('a revoked transcript verifies as revoked; one issued after the revocation as genuine', async () => {
    const before = verifyPath(await transcript('en'));
    expect((await fx.app.inject({ method: 'POST', url: '/api/misc/transcript/revoke.json', payload: {}, headers: fx.teacher.headers })).statusCode).toBe(403);
    const res = await fx.app.inject({ method: 'POST', url: '/api/misc/transcript/revoke.json', payload: {}, headers: fx.student.headers });
    expect(res.json().data).toEqual({ revoked: true });
    const old = await fx.app.inject({ method: 'GET', url: before, headers: { 'accept-language': 'en' } });
    expect(old.body).toContain('data-verdict="revoked"');
    expect(old.body).toContain('revoked by the student');
    const fresh = await fx.app.inject({ method: 'GET', url: verifyPath(await transcript('en')) });
    expect(fresh.body).not.toContain('data-verdict="revoked"');
    expect(fresh.body).not.toContain('data-verdict="invalid"');
  });

  it('expires DOCUMENT_VALID_DAYS (365) after issue', async () => {
    const url = verifyPath(await transcript('en'));
    clock.advance(364 * 86_400_000);
    expect((await fx.app.inject({ method: 'GET', url })).body).not.toContain('data-verdict="expired"');
    clock.advance(2 * 86_400_000);
    const res = await fx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(res.body).toContain('data-verdict="expired"');
    expect(res.body).toContain('has expired');
    clock.set(new Date());
  });
});
