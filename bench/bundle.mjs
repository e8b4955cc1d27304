/**
 * Bundle size: what the browser downloads (gzip) to show /lms/login, and the largest lazy chunk.
 *
 * measureLoginDownloads: the truth, from a real headless Chromium opening /lms/login on a running
 * portal with an empty cache, counting every response it receives until the network has been idle
 * (after the login form is on screen), including what the page loads later on purpose.
 *
 * measureBundle (the build's view, for the lazy chunks and the whole JS): initial set = what dist/index.html loads (entry script, modulepreloads, stylesheets), the entry's
 * static imports followed transitively, and the login route's lazy chunk with its own static
 * imports and CSS. The Vite manifest (dist/.vite/manifest.json, written by `vite build --manifest`)
 * is used when present; otherwise the import statements of the built files are parsed.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

const BASE = '/lms/';

/** The budget of everything /lms/login downloads, gzip: 175 KiB. */
export const LOGIN_BUDGET_BYTES = 175 * 1024;
/** The network counts as idle after this long without a request in flight. */
const IDLE_MS = 2000;

export function gzipSize(buf) {
  return zlib.gzipSync(buf, { level: 9 }).length;
}

function fileInfo(distDir, rel) {
  const buf = fs.readFileSync(path.join(distDir, rel));
  return { file: rel, bytes: buf.length, gzip: gzipSize(buf) };
}

/** dist-relative path of a URL found in index.html ('/lms/assets/x.js' → 'assets/x.js'). */
function fromUrl(url) {
  return url.startsWith(BASE) ? url.slice(BASE.length) : url.replace(/^\//, '');
}

function htmlAssets(html) {
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => fromUrl(m[1]));
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => fromUrl(m[1]));
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => fromUrl(m[1]));
  return { scripts, preloads, styles };
}

/** Static imports of a built ES module (`import ... from "./x.js"`, `import "./x.js"`, `export ... from`). */
function staticImports(distDir, rel) {
  const code = fs.readFileSync(path.join(distDir, rel), 'utf8');
  const out = new Set();
  const re = /(?:^|[;}\n\s])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) out.add(path.posix.normalize(path.posix.join(path.posix.dirname(rel), m[1])));
  return [...out];
}

/**
 * Dynamic imports of a built module: file → the files Vite preloads with it (its __vite__mapDeps
 * list: static imports and CSS), or [] when the module has no such list.
 */
function dynamicImports(distDir, rel) {
  const code = fs.readFileSync(path.join(distDir, rel), 'utf8');
  const table = /m\.f=\[([^\]]*)\]/.exec(code)?.[1];
  const deps = table ? [...table.matchAll(/["'`]([^"'`]+)["'`]/g)].map((m) => m[1]) : [];
  const out = new Map();
  const re = /import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)(\s*,\s*__vite__mapDeps\(\[([\d,\s]*)\]\))?/g;
  for (const m of code.matchAll(re)) {
    const file = path.posix.normalize(path.posix.join(path.posix.dirname(rel), m[1]));
    const preload = (m[3] ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .map((i) => fromUrl(deps[Number(i)] ?? ''))
      .filter(Boolean);
    out.set(file, preload);
  }
  return out;
}

function viaManifest(distDir, manifest, html) {
  const entries = Object.entries(manifest);
  const byKey = new Map(entries);
  const initial = new Set();
  const visit = (key) => {
    const chunk = byKey.get(key);
    if (!chunk || initial.has(chunk.file)) return;
    initial.add(chunk.file);
    for (const css of chunk.css ?? []) initial.add(css);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  const entryKeys = entries.filter(([, c]) => c.isEntry).map(([k]) => k);
  for (const k of entryKeys) visit(k);
  const { scripts, preloads, styles } = htmlAssets(html);
  for (const f of [...scripts, ...preloads, ...styles]) initial.add(f);

  const lazy = entries.filter(([, c]) => c.isDynamicEntry);
  const score = ([key, c]) =>
    /LoginPage/.test(key) ? 3 : /Login/.test(key) || /Login/.test(c.name ?? '') ? 2 : /login/i.test(`${key} ${c.name ?? ''}`) ? 1 : 0;
  const login = lazy
    .map((e) => [e, score(e)])
    .filter(([, s]) => s > 0)
    .sort((a, b) => b[1] - a[1])[0]?.[0];
  const beforeLogin = new Set(initial);
  if (login) visit(login[0]);
  return {
    initial,
    beforeLogin,
    loginChunk: login ? login[1].file : null,
    lazyFiles: lazy.map(([, c]) => c.file),
    method: 'manifest',
  };
}

function viaParsing(distDir, html) {
  const { scripts, preloads, styles } = htmlAssets(html);
  const initial = new Set([...scripts, ...preloads, ...styles]);
  const queue = [...scripts, ...preloads];
  const follow = () => {
    while (queue.length) {
      const f = queue.shift();
      for (const imp of staticImports(distDir, f)) {
        if (!initial.has(imp) && fs.existsSync(path.join(distDir, imp))) {
          initial.add(imp);
          queue.push(imp);
        }
      }
    }
  };
  follow();
  const lazy = new Map();
  for (const f of [...initial].filter((f) => f.endsWith('.js'))) for (const [d, deps] of dynamicImports(distDir, f)) lazy.set(d, deps);
  const lazyFiles = [...lazy.keys()];
  const loginChunk = lazyFiles.find((f) => /LoginPage/.test(f)) ?? lazyFiles.find((f) => /Login/i.test(f)) ?? null;
  const beforeLogin = new Set(initial);
  if (loginChunk) {
    initial.add(loginChunk);
    // What Vite preloads with the chunk (its imports and CSS), then anything imported further.
    for (const dep of lazy.get(loginChunk) ?? []) {
      if (!fs.existsSync(path.join(distDir, dep)) || initial.has(dep)) continue;
      initial.add(dep);
      if (dep.endsWith('.js')) queue.push(dep);
    }
    queue.push(loginChunk);
    follow();
  }
  return { initial, beforeLogin, loginChunk, lazyFiles, method: 'import parsing' };
}

/** Measures dist/; returns the figures and the files counted. */
export function measureBundle(distDir) {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  const result = fs.existsSync(manifestPath) ? viaManifest(distDir, JSON.parse(fs.readFileSync(manifestPath, 'utf8')), html) : viaParsing(distDir, html);

  const initialFiles = [...result.initial]
    .filter((f) => /\.(js|css)$/.test(f))
    .sort()
    .map((f) => fileInfo(distDir, f));
  const sum = (list, key) => list.reduce((n, x) => n + x[key], 0);
  const js = initialFiles.filter((f) => f.file.endsWith('.js'));
  const css = initialFiles.filter((f) => f.file.endsWith('.css'));

  const allJs = fs
    .readdirSync(path.join(distDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  const lazyJs = allJs.filter((f) => !result.initial.has(f)).map((f) => fileInfo(distDir, f));
  const largestLazy = lazyJs.sort((a, b) => b.gzip - a.gzip)[0] ?? null;
  const totalJs = allJs.map((f) => fileInfo(distDir, f));

  const entryOnly = initialFiles.filter((f) => result.beforeLogin.has(f.file));

  return {
    method: result.method,
    loginChunk: result.loginChunk,
    initial: {
      /** index.html's entry with its static imports and CSS, before the login route's chunk. */
      entryGzip: sum(entryOnly, 'gzip'),
      jsGzip: sum(js, 'gzip'),
      cssGzip: sum(css, 'gzip'),
      totalGzip: sum(initialFiles, 'gzip'),
      totalBytes: sum(initialFiles, 'bytes'),
      files: initialFiles,
    },
    largestLazyChunk: largestLazy,
    allJsGzip: sum(totalJs, 'gzip'),
    jsFileCount: totalJs.length,
  };
}

/** What a response is, for the breakdown. */
function kindOf(url, type) {
  const { pathname } = new URL(url);
  if (type === 'Document') return 'document';
  if (pathname.startsWith('/lms/locales/')) return 'texts';
  if (pathname.startsWith('/api/') || pathname.endsWith('.json')) return 'api';
  if (type === 'Script' || pathname.endsWith('.js')) return 'js';
  if (type === 'Stylesheet' || pathname.endsWith('.css')) return 'css';
  if (type === 'Image' || /\.(svg|png|jpe?g|webp|ico)$/.test(pathname)) return 'image';
  return 'other';
}

/**
 * Opens `${origin}/lms/login` in a fresh headless Chromium (empty cache) and records every response
 * that comes over the network (data: URLs and memory-cache hits are not downloads) until none has
 * been in flight for IDLE_MS after the login form appeared: the document, scripts, stylesheets,
 * texts, images and API replies, including what loads later on purpose. Each is counted as the gzip
 * (level 9) size of its body, as it arrived decoded, so that figures do not depend on which files
 * the server happens to compress. `language` sets the `lang` cookie first (null: the default).
 */
export async function measureLoginDownloads(origin, { language = null, timeoutMs = 60000 } = {}) {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH).`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
    if (language) await context.addCookies([{ name: 'lang', value: language, url: origin }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const requests = new Map();
    const bodies = [];
    let inFlight = 0;
    let lastActivity = Date.now();
    const settle = (r) => {
      if (r.settled) return;
      r.settled = true;
      inFlight--;
      lastActivity = Date.now();
    };
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.url.startsWith('data:')) return;
      // A redirect reuses the request id: the earlier hop is settled and the new one counted.
      const earlier = requests.get(e.requestId);
      if (earlier) settle(earlier);
      requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', settled: false });
      inFlight++;
      lastActivity = Date.now();
    });
    cdp.on('Network.requestServedFromCache', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.cached = true;
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      r.status = e.response.status;
      r.type = e.type ?? r.type;
      if (e.response.fromDiskCache || e.response.fromPrefetchCache) r.cached = true;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      r.transferred = e.encodedDataLength;
      bodies.push(
        cdp
          .send('Network.getResponseBody', { requestId: e.requestId })
          .then((b) => (r.body = Buffer.from(b.body, b.base64Encoded ? 'base64' : 'utf8')))
          .catch(() => (r.body = null))
          .finally(() => settle(r)),
      );
    });
    cdp.on('Network.loadingFailed', (e) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      r.failed = e.errorText;
      settle(r);
    });

    const started = Date.now();
    await page.goto('/lms/login');
    await page.locator('[data-testid=login-form]').waitFor({ timeout: timeoutMs });
    const formMs = Date.now() - started;
    while (inFlight > 0 || Date.now() - lastActivity < IDLE_MS) {
      if (Date.now() - started > timeoutMs) throw new Error(`the network did not go idle within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await Promise.all(bodies);

    const files = [];
    for (const r of requests.values()) {
      if (r.cached || r.failed || !r.body) continue;
      const { pathname, search } = new URL(r.url);
      files.push({
        url: r.url.startsWith(origin) ? `${pathname}${search}` : r.url,
        kind: kindOf(r.url, r.type),
        status: r.status,
        bytes: r.body.length,
        gzip: gzipSize(r.body),
        transferred: r.transferred ?? null,
      });
    }
    const failed = [...requests.values()].filter((r) => r.failed).map((r) => `${r.url} (${r.failed})`);
    const byKind = {};
    for (const f of files) byKind[f.kind] = (byKind[f.kind] ?? 0) + f.gzip;
    const totalGzip = files.reduce((n, f) => n + f.gzip, 0);
    return {
      language: language ?? 'default',
      formShownMs: formMs,
      totalGzip,
      budgetGzip: LOGIN_BUDGET_BYTES,
      withinBudget: totalGzip <= LOGIN_BUDGET_BYTES,
      byKind,
      transferred: files.reduce((n, f) => n + (f.transferred ?? 0), 0),
      requests: files.length,
      files,
      failed,
    };
  } finally {
    await browser.close();
  }
}
