/**
 * The sandbox provider's payment page (HTML served by the portal, no script): the service, the
 * amount and the account, a card form (none for an order whose code is already paid), and the
 * test cards. Texts in the request's language.
 */
import type { Language } from '@contract/common';
import { SANDBOX_CARD_DECLINED, SANDBOX_CARD_OK } from '@contract/payment';
import texts from './sandbox.texts.json' with { type: 'json' };

/** The page's texts (sandbox.texts.json); `test` names the test cards as {ok} and {declined}. */
const T = texts satisfies Record<string, Record<Language, string>>;
const CARDS = { ok: SANDBOX_CARD_OK, declined: SANDBOX_CARD_DECLINED };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface SandboxView {
  id: string;
  status: string;
  amount: number;
  account: string;
  service: string;
  /** The order's code is paid already (by another order): the page takes no card. */
  codePaid: boolean;
}

export function sandboxPage(p: SandboxView, lang: Language, error: 'invalid' | null): string {
  const t = (k: keyof typeof T) => esc(T[k][lang].replace(/\{(ok|declined)\}/g, (_, card: keyof typeof CARDS) => CARDS[card]));
  const form =
    p.status === 'pending' && p.codePaid
      ? `<p class="error" role="alert">${t('codePaid')}</p>`
      : p.status === 'pending'
        ? `<form method="post" action="/api/misc/sandbox/pay.html" autocomplete="off">
  <input type="hidden" name="id" value="${esc(p.id)}">
  <label for="card">${t('card')}</label><input id="card" name="card" inputmode="numeric" autocomplete="off" required maxlength="23" placeholder="0000 0000 0000 0000">
  <div class="row"><div><label for="exp">${t('exp')}</label><input id="exp" name="exp" required maxlength="5" placeholder="12/30"></div>
  <div><label for="cvc">${t('cvc')}</label><input id="cvc" name="cvc" inputmode="numeric" required maxlength="4" autocomplete="off"></div></div>
  ${error === 'invalid' ? `<p class="error" role="alert">${t('invalid')}</p>` : ''}
  <button type="submit">${t('pay')} ${p.amount.toLocaleString('ru-RU')} ${t('som')}</button>
</form>`
        : `<p role="status">${t('done')}</p>`;
  return `<!doctype html>
<html lang="${lang === 'kg' ? 'ky' : lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('title')}</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{margin:0;background:#eef2f7;color:#111827}
main{max-width:420px;margin:24px auto;padding:20px;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002}
h1{font-size:20px;margin:0 0 12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0 0 16px}dt{color:#4b5563}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
label{display:block;margin:10px 0 4px;font-size:14px}
input{box-sizing:border-box;width:100%;padding:12px;font-size:16px;border:1px solid #6b7280;border-radius:8px;background:#fff;color:#111827}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{margin-top:16px;width:100%;min-height:48px;font-size:16px;font-weight:600;border:0;border-radius:8px;background:#1d4ed8;color:#fff;cursor:pointer}
.note{font-size:13px;color:#374151;background:#fef3c7;padding:10px;border-radius:8px}
.error{color:#b91c1c;font-weight:600}
a{color:#1d4ed8}
@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e5e7eb}main{background:#1e293b}dt{color:#cbd5e1}input{background:#0f172a;color:#e5e7eb;border-color:#94a3b8}.note{background:#422006;color:#fde68a}.error{color:#fca5a5}a{color:#93c5fd}}
</style></head>
<body><main>
<h1>${t('title')}</h1>
<dl><dt>${t('service')}</dt><dd>${esc(p.service)}</dd><dt>${t('account')}</dt><dd>${esc(p.account)}</dd><dt>${t('amount')}</dt><dd>${p.amount.toLocaleString('ru-RU')} ${t('som')}</dd></dl>
<p class="note">${t('test')}</p>
${form}
<p><a href="/lms/paymentcode?payment=${esc(encodeURIComponent(p.id))}">${t('back')}</a></p>
</main></body></html>`;
}
