/** The public verification page of a transcript (HTML, no script): genuine and unchanged, changed since issue, revoked, expired, or not confirmed; with the figures it was issued with. */
import type { Language } from '@contract/common';
import type { VerifyOutcome } from './transcript.service';
import { portalDate } from '../../lib/dates';
import { escapeHtml as esc, verifyPageHtml } from '../../shared/verify-page';
import { TX } from './transcript.texts';

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
  return verifyPageHtml(
    { university, title: TX.verifyTitle[lang], kind: v.kind, verdict, details, maxWidth: 520, css: 'h2{font-size:16px;margin:16px 0 8px}' },
    lang,
  );
}
