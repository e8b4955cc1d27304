/**
 * The texts of refusals whose reason says more than their code, in kg, ru and en: `errorText` of
 * server/src/i18n.ts uses them in place of the code's general text.
 */
import type { ErrorCode, Language } from '@contract/common';

type Texts = Record<Language, string>;

/**
 * Refusals whose reason (params.reason) says more than their code: their own text, so that a reply
 * read as it is (a toast, another client) tells what happened rather than the code's general words.
 */
export const REASONS: Partial<Record<ErrorCode, Record<string, Texts>>> = {
  REFERENCE_INVALID: {
    required: { ru: 'Заполните поле', kg: 'Талааны толтуруңуз', en: 'Fill in the field' },
    range: { ru: 'Значение от {min} до {max}', kg: 'Маани {min} дан {max} га чейин', en: 'A value from {min} to {max}' },
    tooLong: { ru: 'Не длиннее {max} символов', kg: '{max} белгиден ашпашы керек', en: 'At most {max} characters' },
    format: { ru: 'Значение в неверном формате', kg: 'Маани туура эмес форматта', en: 'The value is not in the right format' },
    order: { ru: 'Начало должно быть раньше конца', kg: 'Башталышы аягынан мурун болушу керек', en: 'The start must come before the end' },
    yearLength: {
      ru: 'Учебный год длится от 9 до 13 месяцев и начинается в своём году',
      kg: 'Окуу жылы 9 айдан 13 айга чейин созулат жана өз жылында башталат',
      en: 'An academic year lasts 9 to 13 months and starts in its own year',
    },
    yearName: { ru: 'Название года: {name}', kg: 'Жылдын аталышы: {name}', en: "The year's name: {name}" },
    overlap: { ru: 'Пересекается с парой {other}', kg: '{other}-жуп менен кесилишет', en: 'Overlaps pair {other}' },
    timeZone: {
      ru: 'Не часовой пояс IANA (например, Asia/Bishkek)',
      kg: 'IANA убакыт алкагы эмес (мисалы, Asia/Bishkek)',
      en: 'Not an IANA time zone (such as Asia/Bishkek)',
    },
    url: { ru: 'Адрес вида https://…', kg: 'https://… түрүндөгү дарек', en: 'An address such as https://…' },
    cidr: {
      ru: 'Сеть {value} не в виде CIDR (10.0.0.0/8)',
      kg: '{value} тармагы CIDR түрүндө эмес (10.0.0.0/8)',
      en: 'Network {value} is not in CIDR form (10.0.0.0/8)',
    },
    option: { ru: 'Выберите значение из списка', kg: 'Тизмеден маани тандаңыз', en: 'Choose a value from the list' },
    afterHalfYear: {
      ru: 'Не позже последнего дня полугодия, {date}',
      kg: 'Жарым жылдыктын акыркы күнүнөн, {date}, кечиктирбестен',
      en: "No later than the half-year's last day, {date}",
    },
    marksBeforeEnd: {
      ru: 'Не раньше последнего дня полугодия, {date}',
      kg: 'Жарым жылдыктын акыркы күнүнөн, {date}, эрте эмес',
      en: "Not before the half-year's last day, {date}",
    },
    marksTooLate: {
      ru: 'Не позже чем через год после конца полугодия: до {date}',
      kg: 'Жарым жылдык бүткөндөн кийин бир жылдан кечиктирбестен: {date} чейин',
      en: "At most a year after the half-year's end: by {date}",
    },
    semesterHalf: {
      ru: 'Семестр обучения не приходится на это полугодие',
      kg: 'Окуу семестри бул жарым жылга туура келбейт',
      en: 'The semester of study does not fall in this half-year',
    },
    electiveForAll: {
      ru: 'Элективная дисциплина предлагается всем специальностям: оставьте специальность пустой',
      kg: 'Элективдик сабак бардык адистиктерге сунушталат: адистикти бош калтырыңыз',
      en: 'An elective is offered to every speciality: leave the speciality empty',
    },
    belowTaken: {
      ru: 'Мест не может быть меньше, чем уже записалось студентов: {taken}',
      kg: 'Орундар буга чейин катталган студенттерден аз болушу мүмкүн эмес: {taken}',
      en: 'The seats cannot be fewer than the students already registered: {taken}',
    },
  },
  REFERENCE_IN_USE: {
    registered: {
      ru: 'Строку нельзя удалить: на неё записаны студенты. Сначала отмените их записи',
      kg: 'Сапты өчүрүүгө болбойт: ага студенттер катталган. Адегенде алардын каттоолорун жокко чыгарыңыз',
      en: 'The row cannot be deleted: students are registered for it. Cancel their registrations first',
    },
  },
  CONFLICT: {
    marked: { ru: 'Вы уже отмечены на этом занятии', kg: 'Сиз бул сабакта буга чейин белгилендиңиз', en: 'You are already marked for this lesson' },
  },
};
