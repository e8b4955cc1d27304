/** The grading sheet's texts in kg, ru and en: the printed sheet, the workbook and the verification page. */
import type { Language } from '@contract/common';

type T = Record<Language, string>;

export const SX = {
  title: { ru: 'Экзаменационная ведомость', kg: 'Экзамендик ведомость', en: 'Grading sheet' } as T,
  attempt: { ru: 'Попытка', kg: 'Аракет', en: 'Attempt' } as T,
  attempts: {
    ru: ['', 'первая сдача', 'пересдача', 'комиссия'],
    kg: ['', 'биринчи тапшыруу', 'кайра тапшыруу', 'комиссиялык тапшыруу'],
    en: ['', 'first sitting', 'resit', 'commission'],
  } as Record<Language, string[]>,
  allLessons: { ru: 'Модули', kg: 'Модулдар', en: 'Modules' } as T,
  no: { ru: '№', kg: '№', en: 'No.' } as T,
  student: { ru: 'ФИО студента', kg: 'Студенттин аты-жөнү', en: 'Student' } as T,
  modules: { ru: 'Модули', kg: 'Модулдар', en: 'Modules' } as T,
  exam: { ru: 'Экзамен', kg: 'Экзамен', en: 'Exam' } as T,
  total: { ru: 'Итого', kg: 'Жыйынтык', en: 'Total' } as T,
  letter: { ru: 'Букв.', kg: 'Тамга', en: 'Letter' } as T,
  word: { ru: 'Оценка', kg: 'Баа', en: 'Grade' } as T,
  notAdmitted: { ru: 'не допущен', kg: 'киргизилген эмес', en: 'not admitted' } as T,
  /** After the name of a student who left the sheet's group (the screen's gradingsheet:leftGroup). */
  leftGroup: { ru: 'выбыл из группы', kg: 'топтон чыгып кеткен', en: 'left the group' } as T,
  discipline: { ru: 'Дисциплина', kg: 'Сабак', en: 'Discipline' } as T,
  group: { ru: 'Группа', kg: 'Топ', en: 'Group' } as T,
  faculty: { ru: 'Факультет', kg: 'Факультет', en: 'Faculty' } as T,
  teacher: { ru: 'Преподаватель', kg: 'Окутуучу', en: 'Teacher' } as T,
  credits: { ru: 'Кредиты', kg: 'Кредиттер', en: 'Credits' } as T,
  control: { ru: 'Форма контроля', kg: 'Көзөмөл формасы', en: 'Form of control' } as T,
  status: { ru: 'Состояние', kg: 'Абалы', en: 'Status' } as T,
  signedOn: { ru: 'подписана', kg: 'кол коюлган', en: 'signed' } as T,
  draft: { ru: 'не подписана (черновик)', kg: 'кол коюлган эмес (долбоор)', en: 'not signed (draft)' } as T,
  teacherSignature: { ru: 'Преподаватель', kg: 'Окутуучу', en: 'Teacher' } as T,
  deanSignature: { ru: 'Декан', kg: 'Декан', en: 'Dean' } as T,
  verifyHint: { ru: 'Подлинность ведомости: отсканируйте QR-код', kg: 'Ведомосттун аныктыгы: QR-кодду скандаңыз', en: 'Authenticity: scan the QR code' } as T,
  verifyTitle: { ru: 'Проверка ведомости', kg: 'Ведомостту текшерүү', en: 'Grading sheet check' } as T,
  genuine: {
    ru: 'Ведомость подлинная и с момента печати не изменялась',
    kg: 'Ведомость чыныгы жана басылгандан бери өзгөргөн жок',
    en: 'The sheet is genuine and unchanged since it was printed',
  } as T,
  changed: {
    ru: 'Ведомость подлинная, но её данные с момента печати изменились',
    kg: 'Ведомость чыныгы, бирок басылгандан бери анын маалыматтары өзгөрдү',
    en: 'The sheet is genuine, but its data changed since it was printed',
  } as T,
  invalid: { ru: 'Подлинность не подтверждена', kg: 'Аныктыгы тастыкталган жок', en: 'Not confirmed' } as T,
  printed: { ru: 'Напечатана', kg: 'Басылган', en: 'Printed on' } as T,
};
