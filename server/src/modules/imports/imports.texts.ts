/** The imports' texts in kg, ru and en: why a file or a row is refused, and the words of the preview. */
import type { Language } from '@contract/common';
import { OFFERING_PROBLEMS, OFFERING_WORDS, OFFERINGS_KIND_NAME } from './imports.offerings.texts';
import { TIMETABLE_PROBLEMS, TIMETABLE_WORDS } from './imports.timetable.texts';

export type Texts = Record<Language, string>;

export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** Why a whole file is refused (nothing read, nothing written). */
export const FILE_PROBLEMS = {
  tooLarge: {
    ru: 'Файл занимает {size} МБ: больше допустимых {limit} МБ. Разделите его на несколько файлов',
    kg: 'Файлдын көлөмү {size} МБ: уруксат берилген {limit} МБдан ашык. Аны бир нече файлга бөлүңүз',
    en: 'The file is {size} MB, over the limit of {limit} MB. Split it into several files',
  },
  unknownExtension: {
    ru: 'Файл «{file}» не таблица: нужен файл .xlsx или .csv',
    kg: '«{file}» файлы таблица эмес: .xlsx же .csv файлы керек',
    en: 'The file "{file}" is not a spreadsheet: an .xlsx or .csv file is needed',
  },
  notSpreadsheet: {
    ru: 'Файл «{file}» не читается как таблица {format}: сохраните его в Excel как «{format}» заново',
    kg: '«{file}» файлы {format} таблицасы катары окулбайт: аны Excelде «{format}» катары кайра сактаңыз',
    en: 'The file "{file}" cannot be read as an {format} spreadsheet: save it again from Excel as "{format}"',
  },
  noSheet: {
    ru: 'В книге нет ни одного листа',
    kg: 'Китепте бир да барак жок',
    en: 'The workbook has no sheet',
  },
  emptySheet: {
    ru: 'Лист «{sheet}» пуст: первая строка — заголовки столбцов, ниже — по строке на запись',
    kg: '«{sheet}» барагы бош: биринчи сапта мамычалардын аталыштары, андан төмөн ар бир жазууга бир сап',
    en: 'The sheet "{sheet}" is empty: the first row holds the column headers, then one row per record',
  },
  noRows: {
    ru: 'На листе «{sheet}» только строка заголовков: нет ни одной записи',
    kg: '«{sheet}» барагында аталыштардын сабы гана бар: бир да жазуу жок',
    en: 'The sheet "{sheet}" has the header row only: no record',
  },
  missingColumns: {
    ru: 'На листе «{sheet}» нет обязательных столбцов: {columns}. Найдены столбцы: {found}',
    kg: '«{sheet}» барагында милдеттүү мамычалар жок: {columns}. Табылган мамычалар: {found}',
    en: 'The sheet "{sheet}" lacks the required columns: {columns}. Columns found: {found}',
  },
  duplicateColumn: {
    ru: 'Столбец «{column}» встречается дважды (столбцы {first} и {second})',
    kg: '«{column}» мамычасы эки жолу кездешет ({first} жана {second} мамычалары)',
    en: 'The column "{column}" appears twice (columns {first} and {second})',
  },
  merged: {
    ru: 'На листе «{sheet}» объединённые ячейки ({ranges}): разъедините их и заполните каждую ячейку',
    kg: '«{sheet}» барагында бириктирилген уячалар бар ({ranges}): аларды ажыратып, ар бир уячаны толтуруңуз',
    en: 'The sheet "{sheet}" has merged cells ({ranges}): unmerge them and fill every cell',
  },
} satisfies Record<string, Texts>;
export type FileProblem = keyof typeof FILE_PROBLEMS;

/** Why a row is refused (its line and column are given beside). */
export const ROW_PROBLEMS = {
  required: { ru: 'пусто, а поле обязательное', kg: 'бош, бирок талаа милдеттүү', en: 'empty, but required' },
  tooLong: { ru: 'длиннее {max} символов', kg: '{max} белгиден узун', en: 'longer than {max} characters' },
  wholeNumber: {
    ru: '«{value}» — не целое число от {min} до {max}',
    kg: '«{value}» — {min}дөн {max}гө чейинки бүтүн сан эмес',
    en: '"{value}" is not a whole number from {min} to {max}',
  },
  badDate: {
    ru: '«{value}» — не дата: пишите дд.мм.гггг, например 05.09.2006',
    kg: '«{value}» — дата эмес: кк.аа.жжжж түрүндө жазыңыз, мисалы 05.09.2006',
    en: '"{value}" is not a date: write dd.mm.yyyy, e.g. 05.09.2006',
  },
  dateRange: {
    ru: 'дата {value} вне допустимого: от {min} до {max}',
    kg: '{value} датасы уруксат берилгенден тышкары: {min} – {max}',
    en: 'the date {value} is out of range: from {min} to {max}',
  },
  latinLetter: {
    ru: 'латинская буква «{letter}» в позиции {position} слова «{value}»: наберите её кириллицей',
    kg: '«{value}» сөзүнүн {position}-ордунда латын тамгасы «{letter}»: аны кирилл арибинде териңиз',
    en: 'the Latin letter "{letter}" at position {position} of "{value}": type it in Cyrillic',
  },
  duplicate: {
    ru: '«{value}» уже есть в строке {line} этого файла',
    kg: '«{value}» бул файлдын {line}-сабында мурунтан эле бар',
    en: '"{value}" is already in line {line} of this file',
  },
  unknownSpeciality: {
    ru: 'нет специальности с кодом «{value}»',
    kg: '«{value}» коду менен адистик жок',
    en: 'there is no speciality with the code "{value}"',
  },
  unknownFaculty: {
    ru: 'нет факультета с кодом «{value}»: сначала импортируйте факультеты',
    kg: '«{value}» коду менен факультет жок: адегенде факультеттерди импорттоңуз',
    en: 'there is no faculty with the code "{value}": import the faculties first',
  },
  twoDepartments: {
    ru: 'названия строки совпадают с названиями двух кафедр факультета {faculty}: {departments}',
    kg: 'саптын аталыштары {faculty} факультетинин эки кафедрасынын аталыштарына дал келет: {departments}',
    en: "the row's names match two departments of the faculty {faculty}: {departments}",
  },
  departmentElsewhere: {
    ru: 'кафедра «{value}» относится к факультету {other}, а специальность — к факультету {faculty}',
    kg: '«{value}» кафедрасы {other} факультетине таандык, ал эми адистик {faculty} факультетине таандык',
    en: 'the department "{value}" belongs to the faculty {other}, the speciality to the faculty {faculty}',
  },
  abbrTaken: {
    ru: 'сокращение «{value}» уже занято специальностью {code}',
    kg: '«{value}» кыскартылышы {code} адистигине таандык',
    en: 'the abbreviation "{value}" is already the speciality {code}\'s',
  },
  unknownGroup: {
    ru: 'нет группы «{value}»: сначала импортируйте группы',
    kg: '«{value}» тобу жок: адегенде топторду импорттоңуз',
    en: 'there is no group "{value}": import the groups first',
  },
  unknownForm: {
    ru: '«{value}» — неизвестная форма обучения: {forms}',
    kg: '«{value}» — белгисиз окуу формасы: {forms}',
    en: '"{value}" is not an education form: {forms}',
  },
  badGender: {
    ru: '«{value}» — пол пишется «м» или «ж»',
    kg: '«{value}» — жынысы «э» (эркек) же «а» (аял) деп жазылат',
    en: '"{value}": the gender is written "m" or "f"',
  },
  badEmail: {
    ru: '«{value}» — не адрес электронной почты',
    kg: '«{value}» — электрондук почтанын дареги эмес',
    en: '"{value}" is not an email address',
  },
  badCode: {
    ru: '«{value}»: код состоит из букв, цифр, точек, дефисов и подчёркиваний, без пробелов',
    kg: '«{value}»: код тамгалардан, сандардан, чекиттерден, дефистерден жана астыңкы сызыктардан турат, боштуксуз',
    en: '"{value}": a code is letters, digits, dots, hyphens and underscores, no spaces',
  },
  unknownDiscipline: {
    ru: 'нет дисциплины с кодом «{value}»: сначала импортируйте дисциплины',
    kg: '«{value}» коду менен сабак жок: адегенде сабактарды импорттоңуз',
    en: 'there is no discipline with the code "{value}": import the disciplines first',
  },
  unknownControlForm: {
    ru: '«{value}» — неизвестная форма контроля: {forms}',
    kg: '«{value}» — белгисиз текшерүү формасы: {forms}',
    en: '"{value}" is not a form of assessment: {forms}',
  },
  semesterBeyondStudy: {
    ru: 'семестр {value} вне срока обучения по специальности {speciality}: от 1 до {max}',
    kg: '{value}-семестр {speciality} адистигинин окуу мөөнөтүнөн тышкары: 1ден {max}ке чейин',
    en: 'semester {value} is beyond the study of the speciality {speciality}: from 1 to {max}',
  },
  noAcademicYear: {
    ru: 'семестр {semester} набора {year} года приходится на {academicYear} учебный год, которого нет на портале',
    kg: '{year}-жылы кабыл алынгандардын {semester}-семестри {academicYear} окуу жылына туура келет, ал порталда жок',
    en: 'semester {semester} of the {year} intake falls in the academic year {academicYear}, which the portal does not have',
  },
  loginTaken: {
    ru: 'логин «{value}» уже занят другой учётной записью',
    kg: '«{value}» логини башка эсептик жазууга таандык',
    en: 'the login "{value}" is already taken by another account',
  },
  unknownDepartment: {
    ru: 'нет кафедры «{value}»: пишите её название, как на портале, на любом из трёх языков',
    kg: '«{value}» кафедрасы жок: анын аталышын порталдагыдай, үч тилдин биринде жазыңыз',
    en: 'there is no department "{value}": write its name as the portal has it, in any of the three languages',
  },
  ambiguousDepartment: {
    ru: 'кафедр с названием «{value}» несколько: {faculties}. Пишите «код факультета / кафедра»',
    kg: '«{value}» аталыштагы кафедралар бир нечөө: {faculties}. «факультеттин коду / кафедра» деп жазыңыз',
    en: 'several departments are named "{value}": {faculties}. Write "faculty code / department"',
  },
  unknownPosition: {
    ru: '«{value}» — неизвестная должность: {positions}',
    kg: '«{value}» — белгисиз кызмат орду: {positions}',
    en: '"{value}" is not a position: {positions}',
  },
  decimal: {
    ru: '«{value}» — не число от {min} до {max} (дробная часть через точку или запятую)',
    kg: '«{value}» — {min}дөн {max}гө чейинки сан эмес (бөлчөк бөлүгү чекит же үтүр менен)',
    en: '"{value}" is not a number from {min} to {max} (decimals after a point or a comma)',
  },
  ...TIMETABLE_PROBLEMS,
  ...OFFERING_PROBLEMS,
} satisfies Record<string, Texts>;
export type RowProblem = keyof typeof ROW_PROBLEMS;

/** The words of the preview. */
export const WORDS = {
  stageCompare: {
    ru: 'Прочитано строк: {count}; проверка и сравнение с базой…',
    kg: 'Окулган саптар: {count}; текшерүү жана база менен салыштыруу…',
    en: 'Read {count} rows; checking them and comparing with the database…',
  },
  stageWrite: {
    ru: 'Запись: {count}…',
    kg: 'Жазылууда: {count}…',
    en: 'Writing {count} records…',
  },
  heading: { ru: 'Импорт: {kind}, файл {file}', kg: 'Импорт: {kind}, {file} файлы', en: 'Import: {kind}, file {file}' },
  rows: {
    ru: 'Строк с данными: {rows}; пустых строк пропущено: {empty}',
    kg: 'Маалыматы бар саптар: {rows}; өткөрүлгөн бош саптар: {empty}',
    en: 'Data rows: {rows}; empty rows skipped: {empty}',
  },
  unknownColumns: {
    ru: 'Неизвестные столбцы (не читаются): {columns}',
    kg: 'Белгисиз мамычалар (окулбайт): {columns}',
    en: 'Unknown columns (not read): {columns}',
  },
  toAdd: { ru: 'Будет добавлено: {count}', kg: 'Кошулат: {count}', en: 'To add: {count}' },
  toChange: { ru: 'Будет изменено: {count}', kg: 'Өзгөрөт: {count}', en: 'To change: {count}' },
  unchanged: { ru: 'Без изменений: {count}', kg: 'Өзгөрүүсүз: {count}', en: 'Unchanged: {count}' },
  refused: { ru: 'Отклонено строк: {count}', kg: 'Четке кагылган саптар: {count}', en: 'Rows refused: {count}' },
  line: { ru: 'строка {line}', kg: '{line}-сап', en: 'line {line}' },
  column: { ru: 'столбец «{column}»', kg: '«{column}» мамычасы', en: 'column "{column}"' },
  missing: {
    ru: 'Студентов этих групп нет в файле: {count}. Они остаются как есть: ничего не удаляется и не отключается',
    kg: 'Бул топтордун студенттеринен файлда жоктор: {count}. Алар ошол бойдон калат: эч нерсе өчүрүлбөйт жана бөгөттөлбөйт',
    en: 'Students of these groups not in the file: {count}. They stay as they are: nothing is deleted or disabled',
  },
  refusedNothingWritten: {
    ru: 'Ничего не записано: отклонено строк — {count}. Исправьте их или запустите с --valid-only, чтобы записать только верные строки',
    kg: 'Эч нерсе жазылган жок: четке кагылган саптар — {count}. Аларды оңдоңуз же туура саптарды гана жазуу үчүн --valid-only менен иштетиңиз',
    en: 'Nothing written: {count} rows refused. Fix them, or run with --valid-only to write the valid rows only',
  },
  dryRun: {
    ru: 'Пробный запуск (--dry-run): ничего не записано',
    kg: 'Сыноо иштетүү (--dry-run): эч нерсе жазылган жок',
    en: 'Dry run (--dry-run): nothing written',
  },
  written: {
    ru: 'Записано: добавлено {added}, изменено {changed}, без изменений {unchanged}',
    kg: 'Жазылды: кошулду {added}, өзгөрдү {changed}, өзгөрүүсүз {unchanged}',
    en: 'Written: {added} added, {changed} changed, {unchanged} unchanged',
  },
  writtenValidOnly: {
    ru: 'Записаны только верные строки (--valid-only); отклонённые строки выше не записаны',
    kg: 'Туура саптар гана жазылды (--valid-only); жогорудагы четке кагылган саптар жазылган жок',
    en: 'Only the valid rows were written (--valid-only); the refused rows above were not',
  },
  accounts: {
    ru: 'Новых учётных записей: {count}. Логины и одноразовые пароли — в файле {file} (читать его можете только вы); при первом входе студент сменит логин и пароль',
    kg: 'Жаңы эсептик жазуулар: {count}. Логиндер жана бир жолку сырсөздөр {file} файлында (аны сиз гана окуй аласыз); биринчи киргенде студент логинин жана сырсөзүн алмаштырат',
    en: 'New accounts: {count}. Their logins and one-time passwords are in {file} (readable by you only); at first sign-in the student changes both',
  },
  teacherAccounts: {
    ru: 'Новых учётных записей: {count}. Логины и одноразовые пароли — в файле {file} (читать его можете только вы); при первом входе преподаватель сменит логин и пароль',
    kg: 'Жаңы эсептик жазуулар: {count}. Логиндер жана бир жолку сырсөздөр {file} файлында (аны сиз гана окуй аласыз); биринчи киргенде окутуучу логинин жана сырсөзүн алмаштырат',
    en: 'New accounts: {count}. Their logins and one-time passwords are in {file} (readable by you only); at first sign-in the teacher changes both',
  },
  exported: {
    ru: 'Выгружено записей: {count}, файл {file} (читать его можете только вы). Импорт этого файла ничего не изменит',
    kg: 'Экспорттолгон жазуулар: {count}, {file} файлы (аны сиз гана окуй аласыз). Бул файлды импорттоо эч нерсени өзгөртпөйт',
    en: 'Exported {count} records to {file} (readable by you only). Importing this file changes nothing',
  },
  template: {
    ru: 'Шаблон записан: {file} (строка заголовков и строка примера)',
    kg: 'Үлгү жазылды: {file} (аталыштардын сабы жана мисал сабы)',
    en: 'Template written: {file} (a header row and an example row)',
  },
  empty: { ru: '(пусто)', kg: '(бош)', en: '(empty)' },
  missingDepartments: {
    ru: 'Кафедр этих факультетов нет в файле: {count}. Они остаются как есть: ничего не удаляется',
    kg: 'Бул факультеттердин кафедраларынан файлда жоктор: {count}. Алар ошол бойдон калат: эч нерсе өчүрүлбөйт',
    en: 'Departments of these faculties not in the file: {count}. They stay as they are: nothing is deleted',
  },
  missingSpecialities: {
    ru: 'Специальностей этих факультетов нет в файле: {count}. Они остаются как есть: ничего не удаляется',
    kg: 'Бул факультеттердин адистиктеринен файлда жоктор: {count}. Алар ошол бойдон калат: эч нерсе өчүрүлбөйт',
    en: 'Specialities of these faculties not in the file: {count}. They stay as they are: nothing is deleted',
  },
  ...TIMETABLE_WORDS,
  planKey: {
    ru: '{discipline}: {speciality}, {form}, набор {year}, семестр {semester}',
    kg: '{discipline}: {speciality}, {form}, {year}-жылкы кабыл алуу, {semester}-семестр',
    en: '{discipline}: {speciality}, {form}, {year} intake, semester {semester}',
  },
  ...OFFERING_WORDS,
} satisfies Record<string, Texts>;

export const KIND_NAMES = {
  faculties: { ru: 'факультеты', kg: 'факультеттер', en: 'faculties' },
  departments: { ru: 'кафедры', kg: 'кафедралар', en: 'departments' },
  specialities: { ru: 'специальности', kg: 'адистиктер', en: 'specialities' },
  groups: { ru: 'группы', kg: 'топтор', en: 'groups' },
  students: { ru: 'студенты', kg: 'студенттер', en: 'students' },
  teachers: { ru: 'преподаватели', kg: 'окутуучулар', en: 'teachers' },
  rooms: { ru: 'аудитории', kg: 'аудиториялар', en: 'rooms' },
  disciplines: { ru: 'дисциплины', kg: 'сабактар', en: 'disciplines' },
  plans: { ru: 'учебные планы', kg: 'окуу пландары', en: 'study plans' },
  timetable: { ru: 'расписание', kg: 'сабактардын жадыбалы', en: 'timetable' },
  offerings: OFFERINGS_KIND_NAME,
} satisfies Record<string, Texts>;

/** The headers of the accounts file. */
export const ACCOUNT_HEADERS = {
  studentNumber: { ru: 'Номер зачётки', kg: 'Зачёт китепчесинин номери', en: 'Student number' },
  fullName: { ru: 'ФИО', kg: 'Аты-жөнү', en: 'Full name' },
  group: { ru: 'Группа', kg: 'Топ', en: 'Group' },
  login: { ru: 'Логин', kg: 'Логин', en: 'Login' },
  password: { ru: 'Одноразовый пароль', kg: 'Бир жолку сырсөз', en: 'One-time password' },
} satisfies Record<string, Texts>;

/** The headers of a teachers import's accounts file that differ from the students'. */
export const TEACHER_ACCOUNT_HEADERS = {
  studentNumber: { ru: 'Код преподавателя', kg: 'Окутуучунун коду', en: 'Teacher code' },
  group: { ru: 'Кафедра', kg: 'Кафедра', en: 'Department' },
} satisfies Record<string, Texts>;

export function say(texts: Texts, lang: Language, params?: Record<string, string | number>): string {
  return fill(texts[lang], params);
}

/** A value quoted as the language quotes: «…» in Russian and Kyrgyz, "…" in English. */
export function quote(text: string, lang: Language): string {
  return lang === 'en' ? `"${text}"` : `«${text}»`;
}

/** The command's own words (npm run import). */
export const COMMAND = {
  usage: {
    ru: 'Использование:\n  npm run import -- <вид> <файл.xlsx|файл.csv> [--dry-run] [--valid-only] [--lang ru|en|kg] [--accounts <файл.xlsx>]\n  npm run import -- template <вид> [--lang ru|en|kg]\n  npm run import -- export <вид> <файл.xlsx> [--lang ru|en|kg]\nВиды: {kinds}',
    kg: 'Колдонуу:\n  npm run import -- <түрү> <файл.xlsx|файл.csv> [--dry-run] [--valid-only] [--lang ru|en|kg] [--accounts <файл.xlsx>]\n  npm run import -- template <түрү> [--lang ru|en|kg]\n  npm run import -- export <түрү> <файл.xlsx> [--lang ru|en|kg]\nТүрлөрү: {kinds}',
    en: 'Usage:\n  npm run import -- <kind> <file.xlsx|file.csv> [--dry-run] [--valid-only] [--lang ru|en|kg] [--accounts <file.xlsx>]\n  npm run import -- template <kind> [--lang ru|en|kg]\n  npm run import -- export <kind> <file.xlsx> [--lang ru|en|kg]\nKinds: {kinds}',
  },
  unknownKind: {
    ru: '«{kind}» — неизвестный вид импорта. Виды: {kinds}',
    kg: '«{kind}» — белгисиз импорт түрү. Түрлөрү: {kinds}',
    en: '"{kind}" is not a kind of import. Kinds: {kinds}',
  },
  notExported: {
    ru: '«{kind}» не выгружается. Выгружаются: {kinds}',
    kg: '«{kind}» экспорттолбойт. Экспорттолуучу түрлөр: {kinds}',
    en: '"{kind}" cannot be exported. Exported kinds: {kinds}',
  },
  exportXlsx: {
    ru: 'Выгрузка пишется в файл .xlsx: «{file}»',
    kg: 'Экспорт .xlsx файлына жазылат: «{file}»',
    en: 'An export is written to an .xlsx file: "{file}"',
  },
  noFile: { ru: 'Файл «{file}» не найден', kg: '«{file}» файлы табылган жок', en: 'The file "{file}" does not exist' },
  fileExists: {
    ru: 'Файл «{file}» уже есть: он не перезаписывается. Удалите или переименуйте его',
    kg: '«{file}» файлы мурунтан эле бар: ал кайра жазылбайт. Аны өчүрүңүз же атын өзгөртүңүз',
    en: 'The file "{file}" already exists and is not overwritten: remove or rename it',
  },
  failed: {
    ru: 'Импорт не выполнен, ничего не записано: {reason}',
    kg: 'Импорт аткарылган жок, эч нерсе жазылган жок: {reason}',
    en: 'The import failed and nothing was written: {reason}',
  },
} satisfies Record<string, Texts>;
