/** The bundle section of bench/run.mjs: what /lms/login downloads in Chromium, then the build's view (bench/bundle.mjs). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { viteBuild } from '../../scripts/lib/client-build.mjs';
import { measureBundle, measureLoginDownloads } from '../bundle.mjs';
import { kb } from '../lib/report.mjs';
import { startPortal } from '../lib/server.mjs';

export async function bundleSection({ rows, resultsDir }) {
  // What a real browser downloads for /lms/login, from a portal serving dist/ (on its own data,
  // so that the start figures below still begin from a fresh DATA_DIR).
  const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-bundle-'));
  const portal = await startPortal({ dataDir: ownDir });
  let d;
  let kg;
  try {
    d = await measureLoginDownloads(portal.origin);
    // A Kyrgyz visitor (the `lang` cookie): the texts of kg, and of ru, i18next's fallback.
    kg = await measureLoginDownloads(portal.origin, { language: 'kg' });
  } finally {
    await portal.stop();
    fs.rmSync(ownDir, { recursive: true, force: true });
  }
  const kinds = Object.entries(d.byKind)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${kb(n)}`)
    .join(', ');
  rows.push([
    'bundle',
    '/lms/login downloads until idle, in Chromium (gzip)',
    `${kb(d.totalGzip)} of ${kb(d.budgetGzip)} budget ${d.withinBudget ? 'ok' : 'EXCEEDED'}  (${d.requests} responses: ${kinds})`,
  ]);
  for (const f of [...d.files].sort((a, b) => b.gzip - a.gzip)) rows.push(['bundle', `  ${f.url.replace(/\?v=.*$/, '')}`, kb(f.gzip)]);
  if (d.failed.length) rows.push(['bundle', '  failed requests', d.failed.join(', ')]);
  rows.push([
    'bundle',
    '/lms/login downloads until idle, lang=kg (gzip)',
    `${kb(kg.totalGzip)} of ${kb(kg.budgetGzip)} budget ${kg.withinBudget ? 'ok' : 'EXCEEDED'}  (texts ${kb(kg.byKind.texts ?? 0)}: ${kg.files
      .filter((f) => f.kind === 'texts')
      .map((f) => f.url.replace(/^\/lms\/locales\//, '').replace(/\?v=.*$/, ''))
      .join(', ')})`,
  ]);
  // The build's view: a fresh build with a manifest, beside dist/ (which the server keeps serving).
  const outDir = path.join(resultsDir, 'dist');
  await viteBuild(['--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { quiet: true });
  const b = measureBundle(outDir);
  rows.push([
    'bundle',
    '/lms/login initial JS+CSS by the manifest (gzip)',
    `${kb(b.initial.totalGzip)}  (JS ${kb(b.initial.jsGzip)}, CSS ${kb(b.initial.cssGzip)}, ${b.initial.files.length} files)`,
  ]);
  rows.push(['bundle', '  of which entry (index.html)', kb(b.initial.entryGzip)]);
  rows.push(['bundle', '  login route chunk', b.loginChunk ?? 'not found']);
  rows.push(['bundle', 'largest lazy chunk (gzip)', b.largestLazyChunk ? `${kb(b.largestLazyChunk.gzip)}  ${b.largestLazyChunk.file}` : 'none']);
  rows.push(['bundle', 'all JS (gzip)', `${kb(b.allJsGzip)} in ${b.jsFileCount} files`]);
  return { login: d, loginKg: kg, build: b };
}
