/**
 * Reference values kept as free text on a person (nationality, citizenship, education): the
 * database holds them in Russian; these are their Kyrgyz and English forms. A value not listed here
 * is shown as stored.
 */
import type { Language } from '@contract/common';

type Forms = { kg: string; en: string };

const TEXTS: Readonly<Record<string, Forms>> = {
  // Nationality
  кыргыз: { kg: 'кыргыз', en: 'Kyrgyz' },
  кыргызка: { kg: 'кыргыз', en: 'Kyrgyz' },
  русский: { kg: 'орус', en: 'Russian' },
  русская: { kg: 'орус', en: 'Russian' },
  узбек: { kg: 'өзбек', en: 'Uzbek' },
  узбечка: { kg: 'өзбек', en: 'Uzbek' },
  // Citizenship
  'Кыргызская Республика': { kg: 'Кыргыз Республикасы', en: 'Kyrgyz Republic' },
  // Education
  'Высшее; доктор наук': { kg: 'Жогорку; илимдин доктору', en: 'Higher; Doctor of Sciences' },
  'Высшее; кандидат наук': { kg: 'Жогорку; илимдин кандидаты', en: 'Higher; Candidate of Sciences' },
  'Высшее; магистратура': { kg: 'Жогорку; магистратура', en: "Higher; Master's degree" },
  'Среднее общее': { kg: 'Жалпы орто', en: 'General secondary' },
  'Среднее профессиональное': { kg: 'Орто кесиптик', en: 'Secondary vocational' },
};

/** The value in the given language when it is a known reference value, else as stored. */
export function localText<T extends string | null>(value: T, lang: Language): T {
  if (value === null || lang === 'ru') return value;
  const forms = TEXTS[value];
  return (forms ? forms[lang] : value) as T;
}
