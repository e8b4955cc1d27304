/** The texts of the registration offerings import in kg, ru and en (merged into imports.texts.ts). */
import type { Texts } from './imports.texts';

/** Why an offerings row is refused. */
export const OFFERING_PROBLEMS = {
  semesterNotInHalfYear: {
    ru: 'семестр {semester} не приходится на полугодие «{halfYear}»',
    kg: '{semester}-семестр «{halfYear}» жарым жылына туура келбейт',
    en: 'semester {semester} does not fall in the half-year "{halfYear}"',
  },
  offeringDiffers: {
    ru: '«{value}» не совпадает со строкой {line} того же предложения ({other}): у всех подгрупп дисциплины значение одно',
    kg: '«{value}» ошол эле сунуштун {line}-сабына дал келбейт ({other}): сабактын бардык кичи топторунда мааниси бирдей',
    en: '"{value}" differs from line {line} of the same offering ({other}): all subgroups of a discipline share it',
  },
  capacityBelowTaken: {
    ru: 'мест {value} меньше, чем уже записалось студентов: {taken}',
    kg: '{value} орун буга чейин катталган студенттерден аз: {taken}',
    en: '{value} seats is fewer than the students already registered: {taken}',
  },
} satisfies Record<string, Texts>;

/** The words of an offerings preview. */
export const OFFERING_WORDS = {
  offeringKey: {
    ru: '{discipline} ({speciality}, семестр {semester}), {year}, {halfYear}',
    kg: '{discipline} ({speciality}, {semester}-семестр), {year}, {halfYear}',
    en: '{discipline} ({speciality}, semester {semester}), {year}, {halfYear}',
  },
  subgroupKey: {
    ru: '{offering}: преподаватель {teacher}, подгруппа {number}',
    kg: '{offering}: окутуучу {teacher}, {number}-кичи топ',
    en: '{offering}: teacher {teacher}, subgroup {number}',
  },
  allSpecialities: { ru: 'все специальности', kg: 'бардык адистиктер', en: 'all specialities' },
  subgroupSlot: {
    ru: '{lessonType}, {day}, {time}, мест {capacity}',
    kg: '{lessonType}, {day}, {time}, {capacity} орун',
    en: '{lessonType}, {day}, {time}, {capacity} seats',
  },
  noSubgroups: { ru: '(без подгрупп)', kg: '(кичи топтору жок)', en: '(no subgroups)' },
  missingOfferings: {
    ru: 'Подгрупп предложений этих полугодий нет в файле: {count}. Они остаются как есть: ничего не удаляется',
    kg: 'Бул жарым жылдардын сунуштарынын кичи топторунан файлда жоктор: {count}. Алар ошол бойдон калат: эч нерсе өчүрүлбөйт',
    en: 'Subgroups of offerings of these half-years not in the file: {count}. They stay as they are: nothing is deleted',
  },
} satisfies Record<string, Texts>;

export const OFFERINGS_KIND_NAME: Texts = { ru: 'предложения для записи', kg: 'каттоого сунуштар', en: 'registration offerings' };
