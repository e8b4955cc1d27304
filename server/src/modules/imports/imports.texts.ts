/**
 * The imports' texts in kg, ru and en: why a file or a row is refused, and the words of the preview.
 * They are the data of imports.texts.json; the timetable import's (imports.timetable.texts.json, which
 * the offerings import uses some of too) and the registration offerings import's
 * (imports.offerings.texts.json) are merged in here.
 */
import type { Language } from '@contract/common';
import data from './imports.texts.json' with { type: 'json' };
import offerings from './imports.offerings.texts.json' with { type: 'json' };
import timetable from './imports.timetable.texts.json' with { type: 'json' };

export type Texts = Record<Language, string>;

export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** Why a whole file is refused (nothing read, nothing written). */
export const FILE_PROBLEMS = data.fileProblems satisfies Record<string, Texts>;
export type FileProblem = keyof typeof FILE_PROBLEMS;

/** Why a row is refused (its line and column are given beside); then why a timetable or an offerings row is. */
export const ROW_PROBLEMS = { ...data.rowProblems, ...timetable.problems, ...offerings.problems } satisfies Record<string, Texts>;
export type RowProblem = keyof typeof ROW_PROBLEMS;

/** The words of the preview, a timetable's and an offerings' included. */
export const WORDS = { ...data.words, ...timetable.words, ...offerings.words } satisfies Record<string, Texts>;

export const KIND_NAMES = data.kindNames satisfies Record<string, Texts>;

/** The headers of the accounts file. */
export const ACCOUNT_HEADERS = data.accountHeaders satisfies Record<string, Texts>;

/** The headers of a teachers import's accounts file that differ from the students'. */
export const TEACHER_ACCOUNT_HEADERS = data.teacherAccountHeaders satisfies Record<string, Texts>;

export function say(texts: Texts, lang: Language, params?: Record<string, string | number>): string {
  return fill(texts[lang], params);
}

/** A value quoted as the language quotes: «…» in Russian and Kyrgyz, "…" in English. */
export function quote(text: string, lang: Language): string {
  return lang === 'en' ? `"${text}"` : `«${text}»`;
}

/** The command's own words (npm run import). */
export const COMMAND = data.command satisfies Record<string, Texts>;
