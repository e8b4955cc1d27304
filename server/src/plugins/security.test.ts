/**
 * I3: security headers on every reply; HSTS and Secure cookies only over HTTPS (behind a trusted
 * proxy); the built page's own inline script allowed by its hash, no other.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { appOn, DEMO, signIn } from '../test/helpers';
import { inlineScriptHashes } from './security';
import { useTestApp } from '../test/fixture';

let proxied: App;

const fx = useTestApp({ signIn: [] });
beforeAll(async () => {
  proxied = await appOn(fx.db, { env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await proxied.close();
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
    const res = await fx.app.inject({ url });
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
    const health = await fx.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(health.headers['strict-transport-security']).toBeUndefined();
    const { res } = await signIn(fx.app, DEMO.student.login, DEMO.student.password, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.cookies.find((c) => c.name === 'lms_sid')!.secure).toBeFalsy();
  });
});

describe('inline scripts', () => {
  const THEME = 'document.body.classList.add("dark");';
  const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

  it('hashes the scripts written inside a page, not linked scripts or JSON data blocks', () => {
    const html = `<html><body><script>${THEME}</script><script type="module" src="/lms/assets/index.js"></script><script type="application/json" id="lms-page">{"lang":"ru"}</script><script>${THEME}</script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha(THEME)]);
    expect(inlineScriptHashes('<html><body></body></html>')).toEqual([]);
  });

  it("the built page's inline script may run, by its hash, and nothing else inline", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-dist-csp-'));
    fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><body><script>${THEME}</script><div id="root"></div></body></html>`);
    const built = await appOn(fx.db, { distDir: dist });
    try {
      for (const url of ['/lms/login', '/api/health']) {
        const res = await built.inject({ url });
        const scriptSrc = String(res.headers['content-security-policy'])
          .split(';')
          .map((d) => d.trim())
          .find((d) => d.startsWith('script-src'));
        expect(scriptSrc, url).toBe(`script-src 'self' 'wasm-unsafe-eval' ${sha(THEME)}`);
      }
    } finally {
      await built.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
