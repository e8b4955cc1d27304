/** I3: security headers on every reply; HSTS and Secure cookies only over HTTPS (behind a trusted proxy). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { appOn, createTestDatabase, DEMO, signIn, type TestDatabase } from '../test/helpers';

let db: TestDatabase;
let app: App;
let proxied: App;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await appOn(db);
  proxied = await appOn(db, { env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await app.close();
  await proxied.close();
  await db.close();
});

const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
];

describe('security headers', () => {
  it.each(['/api/health', '/config.json', '/api/nope', '/lms/'])('%s has CSP, nosniff, Referrer-Policy, no HSTS over http', async (url) => {
    const res = await app.inject({ url });
    const csp = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim());
    expect(csp.sort()).toEqual([...CSP].sort());
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS and a Secure session cookie when a trusted proxy says the request was HTTPS', async () => {
    const health = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const { res } = await signIn(proxied, DEMO.teacher.login, DEMO.teacher.password, { headers: { 'x-forwarded-proto': 'https' } });
    const cookie = res.cookies.find((c) => c.name === 'lms_sid')!;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('ignores X-Forwarded-Proto from an untrusted client', async () => {
    const health = await app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(health.headers['strict-transport-security']).toBeUndefined();
    const { res } = await signIn(app, DEMO.student.login, DEMO.student.password, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.cookies.find((c) => c.name === 'lms_sid')!.secure).toBeFalsy();
  });
});
