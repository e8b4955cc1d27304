/**
 * The public verification page of a printed document (HTML, no script): the university, the page's
 * title, the verdict and the document's details; the grading sheet's
 * (modules/gradingsheet/gradingsheet.documents.ts) and the transcript's (modules/transcript/verify.page.ts).
 */
import type { Language } from '@contract/common';

/** Text made safe inside HTML. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface VerifyPageParts {
  university: string;
  title: string;
  /** The verdict's kind (`data-verdict`); only 'genuine' is shown as good. */
  kind: string;
  verdict: string;
  /** The details' HTML (escaped by the caller), empty when there are none. */
  details: string;
  /** The page's width in pixels. */
  maxWidth: number;
  /** Style rules of the details' own elements. */
  css?: string;
}

export function verifyPageHtml(p: VerifyPageParts, lang: Language): string {
  return `<!doctype html>
<html lang="${lang === 'kg' ? 'ky' : lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(p.title)}</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{margin:0;background:#eef2f7;color:#111827}
main{max-width:${p.maxWidth}px;margin:24px auto;padding:20px;background:#fff;border-radius:12px}
h1{font-size:20px}${p.css ?? ''}.ok{color:#166534}.bad{color:#b91c1c}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{color:#4b5563}dd{margin:0;font-weight:600}
@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e5e7eb}main{background:#1e293b}dt{color:#cbd5e1}.ok{color:#86efac}.bad{color:#fca5a5}}
</style></head>
<body><main>
<p>${escapeHtml(p.university)}</p>
<h1>${escapeHtml(p.title)}</h1>
<p class="${p.kind === 'genuine' ? 'ok' : 'bad'}" role="status" data-verdict="${p.kind}"><strong>${escapeHtml(p.verdict)}</strong></p>
${p.details}
</main></body></html>`;
}
