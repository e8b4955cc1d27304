/**
 * Server texts in kg, ru and en. The language of a request: the `lang` query parameter, else the
 * `lang` cookie, else the first supported Accept-Language entry (Kyrgyz is 'ky' there), else ru.
 */
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type ErrorCode, type Language } from '@contract/common';
import { REASONS } from './i18n.reasons';

type Texts = Record<Language, string>;

const ERRORS: Record<ErrorCode, Texts> = {
  BAD_REQUEST: { ru: 'Некорректный запрос', kg: 'Суроо-талап туура эмес', en: 'Invalid request' },
  UNAUTHORIZED: { ru: 'Войдите в систему', kg: 'Системага кириңиз', en: 'Please sign in' },
  BAD_CREDENTIALS: { ru: 'Неверное имя пользователя или пароль', kg: 'Колдонуучунун аты же сырсөз туура эмес', en: 'Wrong login or password' },
  CREDENTIALS_UPDATE_REQUIRED: {
    ru: 'Сначала смените логин и пароль',
    kg: 'Адегенде логин менен сырсөздү алмаштырыңыз',
    en: 'Change your login and password first',
  },
  FORBIDDEN: { ru: 'Доступ запрещён', kg: 'Кирүүгө уруксат жок', en: 'Access denied' },
  ACCOUNT_DISABLED: {
    ru: 'Эта учётная запись отключена. Обратитесь к администрации университета',
    kg: 'Бул эсеп өчүрүлгөн. Университеттин администрациясына кайрылыңыз',
    en: "This account is disabled. Contact the university's administration",
  },
  OWN_ACCOUNT: {
    ru: 'Это нельзя сделать со своей учётной записью',
    kg: 'Муну өз эсебиңиз менен жасоого болбойт',
    en: 'You cannot do this to your own account',
  },
  STUDENT_ACCOUNT: {
    ru: 'Это право можно дать только сотруднику, а не студенту',
    kg: 'Бул укук студентке эмес, кызматкерге гана берилет',
    en: 'Only a member of staff, not a student, can be given this right',
  },
  CROSS_SITE: {
    ru: 'Запрос отправлен с другого сайта и отклонён. Откройте портал по его адресу',
    kg: 'Суроо башка сайттан жөнөтүлгөн жана четке кагылды. Порталды өз дареги боюнча ачыңыз',
    en: 'The request came from another site and was refused. Open the portal at its own address',
  },
  NOT_FOUND: { ru: 'Не найдено', kg: 'Табылган жок', en: 'Not found' },
  CONFLICT: { ru: 'Данные уже изменены другим запросом', kg: 'Маалымат башка суроо менен өзгөртүлгөн', en: 'The data was changed by another request' },
  LOGIN_TAKEN: { ru: 'Этот логин уже занят', kg: 'Бул логин бош эмес', en: 'This login is already taken' },
  TEACHER_CODE_TAKEN: {
    ru: 'Этот код преподавателя уже есть у другого преподавателя',
    kg: 'Бул окутуучунун коду башка окутуучуда бар',
    en: 'Another teacher already has this teacher code',
  },
  PASSWORD_POLICY: {
    ru: 'Пароль должен быть не короче {min} символов и не должен быть распространённым или совпадать с логином',
    kg: 'Сырсөз кеминде {min} белгиден турушу керек, кеңири таралган же логин менен бирдей болбошу керек',
    en: 'The password must have at least {min} characters and must not be a common password or the login',
  },
  PASSWORD_REUSED: {
    ru: 'Новый пароль должен отличаться от старого',
    kg: 'Жаңы сырсөз эскисинен айырмаланышы керек',
    en: 'The new password must differ from the old one',
  },
  WRONG_PASSWORD: { ru: 'Текущий пароль неверен', kg: 'Учурдагы сырсөз туура эмес', en: 'The current password is wrong' },
  TOO_LARGE: { ru: 'Превышен допустимый размер', kg: 'Уруксат берилген өлчөмдөн ашып кетти', en: 'The size limit is exceeded' },
  UNSUPPORTED_TYPE: { ru: 'Неподдерживаемый тип данных', kg: 'Колдоого алынбаган маалымат түрү', en: 'Unsupported content type' },
  IMPORT_FILE: { ru: '{text}', kg: '{text}', en: '{text}' },
  QUOTA_EXCEEDED: {
    ru: 'Файл не помещается в квоту: занято {usedMb} МБ из {quotaMb} МБ',
    kg: 'Файл квотага батпайт: {quotaMb} МБ ичинен {usedMb} МБ ээленген',
    en: 'The file does not fit the quota: {usedMb} MB of {quotaMb} MB used',
  },
  STORAGE_FULL: {
    ru: 'Хранилище файлов почти заполнено: новые загрузки не принимаются',
    kg: 'Файл сактагыч дээрлик толду: жаңы жүктөөлөр кабыл алынбайт',
    en: 'The file storage is nearly full: new uploads are refused',
  },
  INVALID_MARK: {
    ru: 'Недопустимая отметка: «н/б», «ув», «+» или целое число от {min} до {max}',
    kg: 'Жараксыз белги: «н/б», «ув», «+» же {min}дөн {max}гө чейинки бүтүн сан',
    en: "Invalid mark: 'н/б', 'ув', '+' or a whole number from {min} to {max}",
  },
  INVALID_POINTS: {
    ru: 'Итоговый балл — целое число от {min} до {max}',
    kg: 'Жыйынтык балл — {min}дөн {max}гө чейинки бүтүн сан',
    en: 'The final result is a whole number of points from {min} to {max}',
  },
  OUTSIDE_PERIOD: {
    ru: 'Дата вне полугодия журнала ({from} – {to})',
    kg: 'Күнү журналдын жарым жылдыгынан тышкары ({from} – {to})',
    en: "The date is outside the journal's half-year ({from} – {to})",
  },
  FUTURE_DATE: {
    ru: 'Отметки и посещаемость нельзя ставить на будущую дату',
    kg: 'Белгилерди жана катышууну келечектеги күнгө коюуга болбойт',
    en: 'Marks and attendance cannot be written for a date after today',
  },
  PERIOD_CLOSED: {
    ru: 'Полугодие закрыто с {date}: журнал только для чтения',
    kg: 'Жарым жылдык {date} күнүнөн бери жабык: журналды окууга гана болот',
    en: 'The half-year is closed since {date}: the journal is read-only',
  },
  SCALE_IN_USE: {
    ru: 'Шкалу нельзя сменить: {count} отметок журнала в неё не входят',
    kg: 'Шкаланы алмаштырууга болбойт: журналдын {count} белгиси ага батпайт',
    en: "The scale cannot be changed: {count} of the journal's marks do not fit it",
  },
  SHEET_SIGNED: {
    ru: 'Ведомость подписана: изменить её можно только после того, как деканат её откроет',
    kg: 'Ведомость кол коюлган: аны деканат кайра ачкандан кийин гана өзгөртүүгө болот',
    en: "The sheet is signed: it can change only after the dean's office reopens it",
  },
  NOT_ADMITTED: {
    ru: 'Студент не допущен к экзамену: нужно не меньше {min} баллов за модули',
    kg: 'Студент экзаменге киргизилген эмес: модулдар үчүн кеминде {min} балл керек',
    en: 'The student is not admitted to the exam: the modules need at least {min} points',
  },
  STUDENT_LEFT: {
    ru: 'Студент выбыл из группы: его строка ведомости сохраняется как есть',
    kg: 'Студент топтон чыгып кеткен: анын ведомосттогу сабы ошол бойдон сакталат',
    en: 'The student has left the group: his line of the sheet stays as it is',
  },
  SHEET_INCOMPLETE: {
    ru: 'Нельзя подписать: у {count} допущенных студентов нет баллов за экзамен',
    kg: 'Кол коюуга болбойт: {count} киргизилген студенттин экзамен баллы жок',
    en: 'Cannot sign: {count} admitted students have no exam points',
  },
  NO_RESIT: {
    ru: 'Пересдача не предусмотрена: студент сдал или попытки исчерпаны',
    kg: 'Кайра тапшыруу каралган эмес: студент тапшырган же аракеттер бүттү',
    en: 'No resit: the student passed or has no attempts left',
  },
  TOO_MANY_REQUESTS: {
    ru: 'Слишком много попыток. Повторите через {seconds} с',
    kg: 'Аракеттер өтө көп. {seconds} секунддан кийин кайталаңыз',
    en: 'Too many attempts. Try again in {seconds} s',
  },
  REGISTRATION_NOT_OPEN: {
    ru: 'Регистрация откроется {date}: изменения пока не принимаются',
    kg: 'Каттоо {date} ачылат: өзгөртүүлөр азырынча кабыл алынбайт',
    en: 'Registration opens on {date}: changes are not accepted yet',
  },
  REGISTRATION_CLOSED: {
    ru: 'Регистрация закрыта с {date}: изменения не принимаются',
    kg: 'Каттоо {date} күнүнөн бери жабык: өзгөртүүлөр кабыл алынбайт',
    en: 'Registration closed on {date}: changes are no longer accepted',
  },
  CREDIT_LIMIT: {
    ru: 'Превышен лимит кредитов за полугодие: {total} из {limit}',
    kg: 'Жарым жылдын кредит чегинен ашып кетти: {limit} ичинен {total}',
    en: 'The half-year credit ceiling is exceeded: {total} of {limit}',
  },
  TIMETABLE_CLASH: {
    ru: 'Занятия подгруппы совпадают с вашим расписанием: {lesson}',
    kg: 'Топчонун сабактары сиздин сабак жадыбалыңыз менен дал келет: {lesson}',
    en: 'The subgroup’s lessons clash with your timetable: {lesson}',
  },
  SUBGROUP_FULL: {
    ru: 'В подгруппе нет свободных мест. Можно встать в лист ожидания',
    kg: 'Топчодо бош орун жок. Күтүү тизмесине жазылса болот',
    en: 'The subgroup is full. You may join its waiting list',
  },
  ORDER_NOT_WAITING: {
    ru: 'Отменить можно только ожидающий заказ',
    kg: 'Күтүүдөгү буйрутманы гана жокко чыгарууга болот',
    en: 'Only a waiting order can be cancelled',
  },
  DOCUMENTS_UNAVAILABLE: {
    ru: 'Документы сейчас не выдаются: не настроен публичный адрес портала (PUBLIC_URL). Сообщите администратору',
    kg: 'Документтер азыр берилбейт: порталдын ачык дареги (PUBLIC_URL) жөндөлгөн эмес. Администраторго кабарлаңыз',
    en: "Documents cannot be issued now: the portal's public address (PUBLIC_URL) is not configured. Tell the administrator",
  },
  ALREADY_PAID: { ru: 'Этот код уже оплачен', kg: 'Бул код мурда эле төлөнгөн', en: 'This code is already paid' },
  ALREADY_REGISTERED: {
    ru: 'Вы уже записаны на эту дисциплину (или стоите в листе ожидания)',
    kg: 'Сиз бул сабакка мурда эле жазылгансыз (же күтүү тизмесиндесиз)',
    en: 'You are already registered for this discipline (or on its waiting list)',
  },
  PAYMENT_SETTLED: {
    ru: 'Этот платёж уже завершён с другим результатом',
    kg: 'Бул төлөм башка жыйынтык менен аяктаган',
    en: 'This payment is already completed with another result',
  },
  YEAR_OUT_OF_STUDY: {
    ru: 'Код оплаты выдаётся только за учебные годы с года поступления ({from}) по текущий ({to})',
    kg: 'Төлөм коду тапшырган жылдан ({from}) учурдагы жылга ({to}) чейинки окуу жылдары үчүн гана берилет',
    en: 'A payment code is issued only for academic years from admission ({from}) to the current one ({to})',
  },
  CARD_PAYMENT_OFF: {
    ru: 'Оплата картой недоступна. Оплатите код в банке или терминале',
    kg: 'Карта менен төлөө жеткиликсиз. Кодду банкта же терминалда төлөңүз',
    en: 'Card payment is not available. Pay the code at a bank or a terminal',
  },
  PAYMENT_DECLINED: { ru: 'Платёж отклонён банком', kg: 'Төлөм банк тарабынан четке кагылды', en: 'The payment was declined by the bank' },
  BAD_SIGNATURE: { ru: 'Подпись недействительна', kg: 'Кол тамга жараксыз', en: 'The signature is not valid' },
  GOOGLE_DISABLED: { ru: 'Вход через Google не настроен', kg: 'Google аркылуу кирүү жөндөлгөн эмес', en: 'Google sign-in is not configured' },
  OIDC_DISABLED: {
    ru: 'Вход через учётную запись университета не настроен',
    kg: 'Университеттин эсеби аркылуу кирүү жөндөлгөн эмес',
    en: 'Sign-in with the university account is not configured',
  },
  REQUEST_IN_PROGRESS: {
    ru: 'Этот запрос уже выполняется, подождите',
    kg: 'Бул суроо-талап аткарылып жатат, күтө туруңуз',
    en: 'This request is already being handled, please wait',
  },
  IDEMPOTENCY_KEY_REUSED: {
    ru: 'Ключ повтора уже использован для другого запроса',
    kg: 'Кайталоо ачкычы башка суроо-талап үчүн колдонулган',
    en: 'The retry key was already used for another request',
  },
  SERVICE_UNAVAILABLE: {
    ru: 'Сервис временно недоступен, повторите позже',
    kg: 'Кызмат убактылуу жеткиликсиз, кийинчерээк кайталаңыз',
    en: 'The service is temporarily unavailable, try again later',
  },
  REFERENCE_INVALID: { ru: 'Недопустимое значение', kg: 'Маани жараксыз', en: 'The value is not valid' },
  REFERENCE_TAKEN: {
    ru: 'Такое значение уже есть в другой строке списка',
    kg: 'Мындай маани тизменин башка сабында бар',
    en: 'Another row of the list already has this value',
  },
  REFERENCE_IN_USE: {
    ru: 'Строку нельзя удалить: на неё ссылаются другие записи',
    kg: 'Сапты өчүрүүгө болбойт: ага башка жазуулар шилтеме кылат',
    en: 'The row cannot be deleted: other records refer to it',
  },
  TEST_NOT_OPEN: {
    ru: 'Тест сейчас закрыт: он открыт с {opensAt} до {closesAt}',
    kg: 'Тест азыр жабык: ал {opensAt} баштап {closesAt} чейин ачык',
    en: 'The test is not open now: it is open from {opensAt} to {closesAt}',
  },
  TEST_NO_ATTEMPTS: {
    ru: 'Все попытки теста использованы (разрешено {attempts})',
    kg: 'Тесттин бардык аракеттери колдонулду ({attempts} уруксат)',
    en: 'All attempts of the test are used ({attempts} allowed)',
  },
  TEST_PASSWORD: { ru: 'Неверный пароль теста', kg: 'Тесттин сырсөзү туура эмес', en: 'Wrong test password' },
  TEST_NETWORK: {
    ru: 'Этот тест можно проходить только из сети университета',
    kg: 'Бул тестти университеттин тармагынан гана тапшырууга болот',
    en: "This test can be taken from the university's network only",
  },
  TEST_TIME_OVER: {
    ru: 'Время попытки истекло: ответ не сохранён, попытка завершена',
    kg: 'Аракеттин убактысы бүттү: жооп сакталган жок, аракет аяктады',
    en: "The attempt's time is over: the answer was not saved and the attempt has ended",
  },
  TEST_ATTEMPT_CLOSED: { ru: 'Попытка уже завершена', kg: 'Аракет буга чейин аяктаган', en: 'The attempt has already ended' },
  TEST_OTHER_DEVICE: {
    ru: 'Попытка продолжена на другом устройстве: чтобы отвечать здесь, откройте её заново',
    kg: 'Аракет башка түзмөктө уланды: бул жерде жооп берүү үчүн аны кайра ачыңыз',
    en: 'The attempt was taken over on another device: open it again to answer here',
  },
  TEST_ANSWER: {
    ru: 'Ответ не подходит к вопросу',
    kg: 'Жооп суроого туура келбейт',
    en: 'The answer does not fit the question',
  },
  TEST_IMPORT: {
    ru: 'Ничего не импортировано: ошибки в строках {lines} (строка {line}: {reason})',
    kg: 'Эч нерсе импорттолгон жок: {lines} саптарында ката бар ({line}-сап: {reason})',
    en: 'Nothing was imported: errors on lines {lines} (line {line}: {reason})',
  },
  TEST_QUESTION_IN_USE: {
    ru: 'Вопрос уже попал в билеты: его нельзя удалить, сменить тип или число вариантов',
    kg: 'Суроо билеттерге кирип калган: аны өчүрүүгө, түрүн же варианттардын санын өзгөртүүгө болбойт',
    en: 'Papers already hold the question: it cannot be deleted, nor its kind or number of options changed',
  },
  TEST_DRAW: {
    ru: 'В категории «{category}» {available} вопр., а правило просит {count}',
    kg: '«{category}» категориясында {available} суроо бар, эреже {count} сурайт',
    en: 'Category "{category}" holds {available} questions, the rule asks for {count}',
  },
  TEST_IMAGE_TYPE: {
    ru: 'Картинка вопроса должна быть в формате PNG, JPEG, WebP или GIF',
    kg: 'Суроонун сүрөтү PNG, JPEG, WebP же GIF форматында болушу керек',
    en: "A question's image must be a PNG, JPEG, WebP or GIF file",
  },
  TEST_QUESTION_INVALID: { ru: 'Вопрос нельзя оценить: {reason}', kg: 'Суроону баалоого болбойт: {reason}', en: 'The question cannot be graded: {reason}' },
  TEST_JOURNAL_MISMATCH: {
    ru: 'Журнал другой дисциплины или без студентов теста',
    kg: 'Журнал башка сабактыкы же анда тесттин студенттери жок',
    en: "The journal is of another discipline or holds none of the test's students",
  },
  TEST_SHEET_MISMATCH: {
    ru: 'Ведомость другой дисциплины или без студентов теста',
    kg: 'Ведомость башка сабактыкы же анда тесттин студенттери жок',
    en: "The grading sheet is of another discipline or holds none of the test's students",
  },
  TEST_NO_RESULTS: {
    ru: 'Ни у одного студента нет засчитанного результата',
    kg: 'Бир да студенттин эсепке алынган жыйынтыгы жок',
    en: 'No student has a counted result',
  },
  ROOM_TAKEN: {
    ru: 'Аудитория в это время уже занята (расписанием или другой бронью)',
    kg: 'Аудитория бул убакытта бош эмес (сабактардын жадыбалы же башка брондоо боюнча)',
    en: 'The room is already taken at that time (by the timetable or another booking)',
  },
  TEACHER_BUSY: {
    ru: 'В это время у вас уже есть занятие или бронь',
    kg: 'Бул убакытта сизде сабак же башка брондоо бар',
    en: 'You already have a lesson or a booking at that time',
  },
  BOOKING_PAST: { ru: 'Нельзя забронировать прошедшее время', kg: 'Өтүп кеткен убакытты брондоого болбойт', en: 'A time that has passed cannot be booked' },
  BOOKING_STARTED: {
    ru: 'Бронь уже началась, её нельзя отменить',
    kg: 'Брондоо башталып калган, аны жокко чыгарууга болбойт',
    en: 'The booking has already started and cannot be cancelled',
  },
  INTERNAL: { ru: 'Внутренняя ошибка сервера', kg: 'Сервердин ички катасы', en: 'Internal server error' },
};

/** Success notices (`sms`). The credentials one contains the word for 'changed', which the client looks for. */
const NOTICES = {
  credentialsChanged: { ru: 'Логин и пароль изменены', kg: 'Логин жана сырсөз өзгөртүлдү', en: 'Login and password changed' },
  passwordChanged: { ru: 'Пароль успешно изменён', kg: 'Сырсөз ийгиликтүү өзгөртүлдү', en: 'Password changed successfully' },
} satisfies Record<string, Texts>;
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
