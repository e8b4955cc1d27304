/** Testing's texts in kg, ru and en: why an import line or a question is refused, and the results workbook. */
import type { Language } from '@contract/common';

type T = Record<Language, string>;

/** Why a line of an import is refused, or a question's content (keys of testing.formats.ts and contentProblem). */
export const PROBLEMS: Record<string, T> = {
  aikenLine: {
    ru: 'строка не похожа ни на вариант «A. текст», ни на «ANSWER: A»',
    kg: 'сап «A. текст» вариантына да, «ANSWER: A» сабына да окшобойт',
    en: 'the line is neither an option "A. text" nor "ANSWER: A"',
  },
  fewOptions: { ru: 'нужно не меньше двух вариантов ответа', kg: 'жооптун жок дегенде эки варианты керек', en: 'at least two options are needed' },
  noAnswer: {
    ru: 'нет строки «ANSWER:» с правильным вариантом',
    kg: 'туура вариант көрсөтүлгөн «ANSWER:» сабы жок',
    en: 'no "ANSWER:" line naming the right option',
  },
  unknownLetter: {
    ru: 'ответ называет букву, которой нет среди вариантов',
    kg: 'жооп варианттардын арасында жок тамганы атайт',
    en: 'the answer names a letter no option has',
  },
  giftBraces: { ru: 'нет ответа в фигурных скобках { … }', kg: 'тармал кашаада { … } жооп жок', en: 'no answer in braces { … }' },
  giftAnswers: {
    ru: 'ответы в скобках не разобрать: ожидаются =верный, ~неверный',
    kg: 'кашаадагы жооптор окулбайт: =туура, ~туура эмес күтүлөт',
    en: 'the answers in braces cannot be read: =right and ~wrong expected',
  },
  numeric: {
    ru: 'числовой ответ должен быть вида {#число} или {#число:допуск}',
    kg: 'сандык жооп {#сан} же {#сан:чек} түрүндө болушу керек',
    en: 'a numeric answer reads {#number} or {#number:tolerance}',
  },
  noText: { ru: 'у вопроса нет текста', kg: 'суроонун тексти жок', en: 'the question has no text' },
  singleCorrect: {
    ru: 'у вопроса с одним ответом должен быть ровно один верный вариант',
    kg: 'бир жооптуу суроодо так бир туура вариант болушу керек',
    en: 'a single-choice question needs exactly one right option',
  },
  noCorrect: { ru: 'нет ни одного верного варианта', kg: 'бир да туура вариант жок', en: 'no option is right' },
  pairs: {
    ru: 'нужно не меньше двух пар для сопоставления',
    kg: 'дал келтирүү үчүн жок дегенде эки жуп керек',
    en: 'at least two pairs are needed for matching',
  },
  number: { ru: 'верный ответ должен быть числом', kg: 'туура жооп сан болушу керек', en: 'the right answer must be a number' },
  empty: { ru: 'в тексте нет ни одного вопроса', kg: 'текстте бир да суроо жок', en: 'the text holds no question' },
};

export const problemText = (key: string, lang: Language) => (PROBLEMS[key] ?? PROBLEMS.giftAnswers)[lang];

export const RX = {
  results: { ru: 'Результаты', kg: 'Жыйынтыктар', en: 'Results' } as T,
  questions: { ru: 'Вопросы', kg: 'Суроолор', en: 'Questions' } as T,
  student: { ru: 'Студент', kg: 'Студент', en: 'Student' } as T,
  group: { ru: 'Группа', kg: 'Топ', en: 'Group' } as T,
  attempts: { ru: 'Попыток', kg: 'Аракеттер', en: 'Attempts' } as T,
  score: { ru: 'Балл', kg: 'Балл', en: 'Score' } as T,
  of: { ru: 'Из', kg: 'Ичинен', en: 'Out of' } as T,
  question: { ru: 'Вопрос', kg: 'Суроо', en: 'Question' } as T,
  kind: { ru: 'Тип', kg: 'Түрү', en: 'Kind' } as T,
  answered: { ru: 'Ответов', kg: 'Жооптор', en: 'Answered' } as T,
  difficulty: { ru: 'Трудность (доля балла)', kg: 'Татаалдык (баллдын үлүшү)', en: 'Difficulty (score share)' } as T,
  discrimination: { ru: 'Дискриминация', kg: 'Айырмалоо жөндөмү', en: 'Discrimination' } as T,
};
