/** The public verification page of a transcript (HTML, no script): genuine and unchanged, changed since issue, revoked, expired, or not confirmed; with the figures it was issued with. */
import type { Language } from '@contract/common';
import type { VerifyOutcome } from './transcript.service';
import { portalDate } from '../../lib/dates';
import { TX } from './transcript.texts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verifyPage(v: VerifyOutcome, university: string, lang: Language): string {
  const verdict = TX[v.kind][lang];
  // The figures are the issued document's (signed into its token), never today's.
  const details =
    v.kind === 'invalid'
      ? ''
      : `<h2>${esc(TX.issuedFigures[lang])}</h2><dl><dt>${esc(TX.student[lang])}</dt><dd>${esc(v.fio)}</dd><dt>${esc(TX.group[lang])}</dt><dd>${esc(v.group)}</dd>
<dt>${esc(TX.issued[lang])}</dt><dd>${portalDate(v.issuedAt, lang)}</dd>
${
  v.kredits_sum === null || v.kredits_avg === null
    ? ''
    : `<dt>${esc(TX.creditsSum[lang])}</dt><dd>${v.kredits_sum}</dd><dt>${esc(TX.gpa[lang])}</dt><dd>${v.kredits_avg.toFixed(2)}</dd>`
}</dl>`;
  return `<!doctype html>
<html lang="${lang === 'kg' ? 'ky' : lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(TX.verifyTitle[lang])}</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{margin:0;background:#eef2f7;color:#111827}
main{max-width:520px;margin:24px auto;padding:20px;background:#fff;border-radius:12px}
h1{font-size:20px}h2{font-size:16px;margin:16px 0 8px}.ok{color:#166534}.bad{color:#b91c1c}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{color:#4b5563}dd{margin:0;font-weight:600}
@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e5e7eb}main{background:#1e293b}dt{color:#cbd5e1}.ok{color:#86efac}.bad{color:#fca5a5}}
</style></head>
<body><main>
<p>${esc(university)}</p>
<h1>${esc(TX.verifyTitle[lang])}</h1>
<p class="${v.kind === 'genuine' ? 'ok' : 'bad'}" role="status" data-verdict="${v.kind}"><strong>${esc(verdict)}</strong></p>
${details}
</main></body></html>`;
}
