/** Testing's texts in kg, ru and en (testing.texts.json): why an import line or a question is refused, and the results workbook. */
import type { Language } from '@contract/common';
import texts from './testing.texts.json' with { type: 'json' };

type T = Record<Language, string>;

/** Why a line of an import is refused, or a question's content (keys of testing.formats.ts and contentProblem). */
export const PROBLEMS: Record<string, T> = texts.problems satisfies Record<string, T>;

export const problemText = (key: string, lang: Language) => (PROBLEMS[key] ?? PROBLEMS.giftAnswers)[lang];

/** The results workbook's sheet names and headers. */
export const RX = texts.workbook satisfies Record<string, T>;
