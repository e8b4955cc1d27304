/** The transcript's texts in kg, ru and en (the JSON's column titles, the PDF and the verification page). */
import type { Language } from '@contract/common';

type T = Record<Language, string>;

export const TX = {
  title: { ru: 'Транскрипт', kg: 'Баалардын транскрипти', en: 'Transcript' } as T,
  semester: { ru: (n: number) => `${n}-й семестр`, kg: (n: number) => `${n}-семестр`, en: (n: number) => `Semester ${n}` } as Record<
    Language,
    (n: number) => string
  >,
  columns: {
    code_discipline: { ru: 'Код', kg: 'Коду', en: 'Code' },
    discipline: { ru: 'Дисциплина', kg: 'Сабак', en: 'Discipline' },
    kredits: { ru: 'Кредиты', kg: 'Кредиттер', en: 'Credits' },
    points: { ru: 'Баллы', kg: 'Упайлар', en: 'Points' },
    ekv_num: { ru: 'Цифр. экв.', kg: 'Сан. экв.', en: 'Grade point' },
    ekv_bukv: { ru: 'Букв. экв.', kg: 'Тамга экв.', en: 'Letter' },
    mark: { ru: 'Оценка', kg: 'Баа', en: 'Mark' },
  } as Record<string, T>,
  creditsSum: { ru: 'Всего кредитов', kg: 'Бардык кредиттер', en: 'Credits earned' } as T,
  gpa: { ru: 'Средний балл (GPA)', kg: 'Орточо балл (GPA)', en: 'Grade point average (GPA)' } as T,
  student: { ru: 'Студент', kg: 'Студент', en: 'Student' } as T,
  birth: { ru: 'Дата рождения', kg: 'Туулган күнү', en: 'Date of birth' } as T,
  group: { ru: 'Группа', kg: 'Топ', en: 'Group' } as T,
  spec: { ru: 'Специальность', kg: 'Адистик', en: 'Speciality' } as T,
  faculty: { ru: 'Факультет', kg: 'Факультет', en: 'Faculty' } as T,
  inProgress: { ru: 'идёт обучение', kg: 'окуу уланууда', en: 'in progress' } as T,
  issued: { ru: 'Дата выдачи', kg: 'Берилген күнү', en: 'Issued on' } as T,
  verifyHint: { ru: 'Подлинность документа: отсканируйте QR-код', kg: 'Документтин аныктыгы: QR-кодду скандаңыз', en: 'Authenticity: scan the QR code' } as T,
  genuine: { ru: 'Документ подлинный и не изменён', kg: 'Документ чыныгы жана өзгөртүлгөн эмес', en: 'The document is genuine and unchanged' } as T,
  changed: {
    ru: 'Документ выдан порталом, но результаты с тех пор изменились: ниже — то, что было выдано; актуальные данные — в новом транскрипте',
    kg: 'Документ портал тарабынан берилген, бирок андан бери жыйынтыктар өзгөргөн: төмөндө берилген маалымат; учурдагысы жаңы транскриптте',
    en: 'The document was issued by the portal, but the results have changed since: below is what was issued; a new transcript has the current ones',
  } as T,
  revoked: {
    ru: 'Документ отозван студентом и больше не действует',
    kg: 'Документти студент кайтарып алган, ал мындан ары жарактуу эмес',
    en: 'The document was revoked by the student and is no longer valid',
  } as T,
  expired: {
    ru: 'Срок проверки документа истёк: запросите новый транскрипт',
    kg: 'Документти текшерүү мөөнөтү бүттү: жаңы транскрипт сураңыз',
    en: 'The document has expired: ask for a new transcript',
  } as T,
  issuedFigures: { ru: 'Выдано', kg: 'Берилген маалымат', en: 'As issued' } as T,
  invalid: {
    ru: 'Документ не подтверждён: ссылка повреждена или подделана',
    kg: 'Документ тастыкталган жок: шилтеме бузулган же жасалма',
    en: 'The document is not confirmed: the link is damaged or forged',
  } as T,
  verifyTitle: { ru: 'Проверка транскрипта', kg: 'Транскриптти текшерүү', en: 'Transcript verification' } as T,
};
