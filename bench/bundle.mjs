/**
 * Bundle size: what the browser downloads (gzip) to show /lms/login, and the largest lazy chunk.
 *
 * Initial set = what dist/index.html loads (entry script, modulepreloads, stylesheets), the entry's
 * static imports followed transitively, and the login route's lazy chunk with its own static
 * imports and CSS. The Vite manifest (dist/.vite/manifest.json, written by `vite build --manifest`)
 * is used when present; otherwise the import statements of the built files are parsed.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BASE = '/lms/';

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
  const login = lazy.map((e) => [e, score(e)]).filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1])[0]?.[0];
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
  const result = fs.existsSync(manifestPath)
    ? viaManifest(distDir, JSON.parse(fs.readFileSync(manifestPath, 'utf8')), html)
    : viaParsing(distDir, html);

  const initialFiles = [...result.initial].filter((f) => /\.(js|css)$/.test(f)).sort().map((f) => fileInfo(distDir, f));
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
