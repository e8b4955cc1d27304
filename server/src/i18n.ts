/**
 * Server texts in kg, ru and en: the refusals' and notices' texts are the data of i18n.json
 * (i18n.reasons.json for the refusals whose reason says more). The language of a request: the `lang` query parameter, else the
 * `lang` cookie, else the first supported Accept-Language entry (Kyrgyz is 'ky' there), else ru.
 */
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type ErrorCode, type Language } from '@contract/common';
import { REASONS } from './i18n.reasons';
import texts from './i18n.json' with { type: 'json' };

export type Texts = Record<Language, string>;

/**
 * A table of texts read from JSON, checked as strictly as a literal: it has every key of K and no
 * other (a missing or unknown key fails `npm run typecheck`), each entry a V (every language).
 */
export type Table<K extends string, V, J> = Record<K, V> & Record<Exclude<keyof J, K>, never>;

/** Every error code's general text (i18n.json's `errors`), with {name} for its params. */
const ERRORS: Record<ErrorCode, Texts> = texts.errors satisfies Table<ErrorCode, Texts, typeof texts.errors>;

/** Success notices (`sms`). The credentials one contains the word for 'changed', which the client looks for. */
const NOTICES = texts.notices satisfies Record<string, Texts>;
export type Notice = keyof typeof NOTICES;

function fill(text: string, params?: Record<string, string | number>): string {
  return params ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m)) : text;
}

export function errorText(lang: Language, code: ErrorCode, params?: Record<string, string | number>): string {
  const reason = params?.reason;
  const texts = (typeof reason === 'string' && REASONS[code]?.[reason]) || ERRORS[code];
  return fill(texts[lang], params);
}

export function noticeText(lang: Language, notice: Notice): string {
  return NOTICES[notice][lang];
}

function asLanguage(value: string | undefined): Language | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if (v === 'ky' || v.startsWith('ky-')) return 'kg';
  const base = v.split('-')[0] as Language;
  return LANGUAGES.includes(base) ? base : null;
}

/** The `lang` query parameter of a request's URL (read from the URL: a request refused before routing has no parsed query). */
function queryLanguage(url: string | undefined): Language | null {
  const at = url?.indexOf('?') ?? -1;
  if (!url || at < 0) return null;
  try {
    return asLanguage(new URLSearchParams(url.slice(at + 1)).get('lang') ?? undefined);
  } catch {
    return null;
  }
}

/** The language of a reply to this request: `?lang=`, the `lang` cookie, Accept-Language, else ru (docs/api.md). */
export function languageOf(req: FastifyRequest): Language {
  const fromQuery = queryLanguage(req.url);
  if (fromQuery) return fromQuery;
  const fromCookie = asLanguage(req.cookies?.lang);
  if (fromCookie) return fromCookie;
  const header = req.headers['accept-language'];
  if (header) {
    const ranked = header
      .split(',')
      .map((part) => {
        const [tag, ...rest] = part.trim().split(';');
        const q = rest.find((r) => r.trim().startsWith('q='));
        return { tag, q: q ? Number(q.trim().slice(2)) || 0 : 1 };
      })
      .filter((x) => x.q > 0)
      .sort((a, b) => b.q - a.q);
    for (const { tag } of ranked) {
      const lang = asLanguage(tag);
      if (lang) return lang;
    }
  }
  return DEFAULT_LANGUAGE;
}

/** Picks the name column of a row for a language. */
export function localName(row: { nameKg: string; nameRu: string; nameEn: string }, lang: Language): string {
  return lang === 'kg' ? row.nameKg : lang === 'en' ? row.nameEn : row.nameRu;
}
