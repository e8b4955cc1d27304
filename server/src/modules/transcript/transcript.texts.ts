/** The transcript's texts in kg, ru and en (transcript.texts.json): the JSON's column titles, the PDF and the verification page. */
import type { Language } from '@contract/common';
import texts from './transcript.texts.json' with { type: 'json' };

type T = Record<Language, string>;

const { semester, columns, ...labels } = texts satisfies Record<string, T | Record<string, T>>;
const semesterName = (text: string) => (n: number) => text.replace('{n}', String(n));

export const TX = {
  ...(labels satisfies Record<string, T>),
  /** A semester's name from its number ({n} of the JSON's text). */
  semester: { ru: semesterName(semester.ru), kg: semesterName(semester.kg), en: semesterName(semester.en) } satisfies Record<Language, (n: number) => string>,
  columns: columns satisfies Record<string, T>,
};
