/** Fixed data of the demo university 'Tian Shan State University' (everything here is fictional). */

export type Names = readonly [ru: string, kg: string, en: string];

export const UNIVERSITY: Names = ['Тянь-Шаньский государственный университет', 'Тянь-Шань мамлекеттик университети', 'Tian Shan State University'];

export const EMAIL_DOMAIN = 'tshsu.example';

// ---------------------------------------------------------------------------------------------
// Reference lists (ids are fixed: the API and later areas refer to them)

export const EDUCATION_FORMS: ReadonlyArray<{ id: number; names: Names }> = [
  { id: 1, names: ['Очная', 'Күндүзгү', 'Full-time'] },
  { id: 2, names: ['Заочная', 'Сырттан', 'Part-time'] },
  { id: 3, names: ['Дистанционная', 'Аралыктан', 'Distance'] },
];
export const FULL_TIME = 1;
export const PART_TIME = 2;

export const LESSON_TYPES: ReadonlyArray<{ id: number; names: Names }> = [
  { id: 1, names: ['Лекция', 'Лекция', 'Lecture'] },
  { id: 2, names: ['Практическое занятие', 'Практикалык сабак', 'Practice'] },
  { id: 3, names: ['Лабораторная работа', 'Лабораториялык иш', 'Laboratory work'] },
];
export const LECTURE = 1;
export const PRACTICE = 2;
export const LAB = 3;

export const CONTROL_FORMS: ReadonlyArray<{ id: number; names: Names }> = [
  { id: 1, names: ['Экзамен', 'Экзамен', 'Exam'] },
  { id: 2, names: ['Зачёт', 'Зачет', 'Credit'] },
  { id: 3, names: ['Дифференцированный зачёт', 'Дифференцияланган зачет', 'Graded credit'] },
];
export const EXAM = 1;
export const CREDIT = 2;
export const GRADED_CREDIT = 3;

export const POSITIONS: ReadonlyArray<{ id: number; names: Names }> = [
  { id: 1, names: ['Профессор', 'Профессор', 'Professor'] },
  { id: 2, names: ['Доцент', 'Доцент', 'Associate Professor'] },
  { id: 3, names: ['Старший преподаватель', 'Улук окутуучу', 'Senior Lecturer'] },
  { id: 4, names: ['Преподаватель', 'Окутуучу', 'Lecturer'] },
];
export const PROFESSOR = 1;
export const DOCENT = 2;
export const SENIOR_LECTURER = 3;
export const LECTURER = 4;

export const WORKING_SEMESTERS: ReadonlyArray<{ id: number; names: Names }> = [
  { id: 1, names: ['Осеннее полугодие', 'Күзгү жарым жыл', 'Autumn half-year'] },
  { id: 2, names: ['Весеннее полугодие', 'Жазгы жарым жыл', 'Spring half-year'] },
];

/** Pairs of 80 minutes from 8:00 with 10-minute breaks and a 40-minute lunch after the third. */
export const LESSON_TIMES: ReadonlyArray<readonly [number, string, string]> = [
  [1, '08:00', '09:20'],
  [2, '09:30', '10:50'],
  [3, '11:00', '12:20'],
  [4, '13:00', '14:20'],
  [5, '14:30', '15:50'],
  [6, '16:00', '17:20'],
  [7, '17:30', '18:50'],
];

/** Academic years always present (id = first calendar year). */
export const FIRST_ACADEMIC_YEAR = 2019;
export const LAST_ACADEMIC_YEAR = 2030;

/** The years with curriculum and teaching assignments (2025-26 and 2026-27). */
export const HISTORY_YEARS = [2025, 2026] as const;
/** The demo's current year: 2026-27. */
export const DEMO_YEAR = 2026;

// ---------------------------------------------------------------------------------------------
// Structure

export const FACULTIES: ReadonlyArray<{ code: string; names: Names }> = [
  { code: 'FIT', names: ['Факультет информационных технологий', 'Маалыматтык технологиялар факультети', 'Faculty of Information Technology'] },
  { code: 'FEM', names: ['Факультет экономики и управления', 'Экономика жана башкаруу факультети', 'Faculty of Economics and Management'] },
  { code: 'FH', names: ['Гуманитарный факультет', 'Гуманитардык факультет', 'Faculty of Humanities'] },
];

export type DepartmentKey = 'se' | 'ami' | 'ce' | 'econ' | 'mgmt' | 'fin' | 'kyr' | 'lang' | 'hist' | 'journ' | 'pe';

export const DEPARTMENTS: ReadonlyArray<{ key: DepartmentKey; faculty: string; names: Names; teachers: number }> = [
  {
    key: 'se',
    faculty: 'FIT',
    teachers: 7,
    names: ['Кафедра программной инженерии', 'Программалык инженерия кафедрасы', 'Department of Software Engineering'],
  },
  {
    key: 'ami',
    faculty: 'FIT',
    teachers: 6,
    names: [
      'Кафедра прикладной математики и информатики',
      'Колдонмо математика жана информатика кафедрасы',
      'Department of Applied Mathematics and Informatics',
    ],
  },
  { key: 'ce', faculty: 'FIT', teachers: 5, names: ['Кафедра компьютерной техники', 'Компьютердик техника кафедрасы', 'Department of Computer Engineering'] },
  { key: 'econ', faculty: 'FEM', teachers: 5, names: ['Кафедра экономики', 'Экономика кафедрасы', 'Department of Economics'] },
  {
    key: 'mgmt',
    faculty: 'FEM',
    teachers: 4,
    names: ['Кафедра менеджмента и маркетинга', 'Менеджмент жана маркетинг кафедрасы', 'Department of Management and Marketing'],
  },
  { key: 'fin', faculty: 'FEM', teachers: 4, names: ['Кафедра финансов и кредита', 'Финансы жана кредит кафедрасы', 'Department of Finance and Credit'] },
  {
    key: 'kyr',
    faculty: 'FH',
    teachers: 5,
    names: ['Кафедра кыргызского языка и литературы', 'Кыргыз тили жана адабияты кафедрасы', 'Department of Kyrgyz Language and Literature'],
  },
  {
    key: 'lang',
    faculty: 'FH',
    teachers: 7,
    names: ['Кафедра русского и иностранных языков', 'Орус жана чет тилдер кафедрасы', 'Department of Russian and Foreign Languages'],
  },
  {
    key: 'hist',
    faculty: 'FH',
    teachers: 5,
    names: ['Кафедра истории и общественных наук', 'Тарых жана коомдук илимдер кафедрасы', 'Department of History and Social Sciences'],
  },
  { key: 'journ', faculty: 'FH', teachers: 4, names: ['Кафедра журналистики', 'Журналистика кафедрасы', 'Department of Journalism'] },
  { key: 'pe', faculty: 'FH', teachers: 3, names: ['Кафедра физического воспитания', 'Дене тарбия кафедрасы', 'Department of Physical Education'] },
];

export type SpecialityAbbr = 'ПИ' | 'ИВТ' | 'ПМИ' | 'ЭК' | 'МН' | 'ФК' | 'ЛИН' | 'ЖУР';

export interface SpecialitySeed {
  abbr: SpecialityAbbr;
  code: string;
  faculty: string;
  department: DepartmentKey;
  names: Names;
  /** Full-time groups per admission year. */
  groupsPerYear: number;
  /** Admission years with an additional part-time group. */
  partTimeYears?: readonly number[];
}

export const SPECIALITIES: readonly SpecialitySeed[] = [
  {
    abbr: 'ПИ',
    code: '710400',
    faculty: 'FIT',
    department: 'se',
    groupsPerYear: 2,
    names: ['Программная инженерия', 'Программалык инженерия', 'Software Engineering'],
  },
  {
    abbr: 'ИВТ',
    code: '710100',
    faculty: 'FIT',
    department: 'ce',
    groupsPerYear: 2,
    names: ['Информатика и вычислительная техника', 'Информатика жана эсептөө техникасы', 'Computer Science and Engineering'],
  },
  {
    abbr: 'ПМИ',
    code: '710200',
    faculty: 'FIT',
    department: 'ami',
    groupsPerYear: 1,
    names: ['Прикладная математика и информатика', 'Колдонмо математика жана информатика', 'Applied Mathematics and Informatics'],
  },
  {
    abbr: 'ЭК',
    code: '580100',
    faculty: 'FEM',
    department: 'econ',
    groupsPerYear: 1,
    partTimeYears: [2025, 2026],
    names: ['Экономика', 'Экономика', 'Economics'],
  },
  { abbr: 'МН', code: '580200', faculty: 'FEM', department: 'mgmt', groupsPerYear: 1, names: ['Менеджмент', 'Менеджмент', 'Management'] },
  { abbr: 'ФК', code: '580800', faculty: 'FEM', department: 'fin', groupsPerYear: 1, names: ['Финансы и кредит', 'Финансы жана кредит', 'Finance and Credit'] },
  { abbr: 'ЛИН', code: '520500', faculty: 'FH', department: 'lang', groupsPerYear: 1, names: ['Лингвистика', 'Лингвистика', 'Linguistics'] },
  { abbr: 'ЖУР', code: '530100', faculty: 'FH', department: 'journ', groupsPerYear: 1, names: ['Журналистика', 'Журналистика', 'Journalism'] },
];

/** Admission years of the groups studying now (courses 4..1 in 2026-27). */
export const ADMISSION_YEARS = [2023, 2024, 2025, 2026] as const;

// ---------------------------------------------------------------------------------------------
// Demo accounts (README, Quick start): exactly these four can sign in with a password.

export const DEMO_TEACHER = {
  login: 'teacher',
  password: 'Teacher2026',
  person: { surname: 'Асанов', name: 'Бакыт', patronymic: 'Кубанычбекович', gender: 'm', nationality: 'кыргыз' },
  department: 'se' as DepartmentKey,
  position: DOCENT,
  /** Disciplines whose lectures and practice he gives in every group that studies them. */
  disciplines: ['prog', 'oop', 'web'],
} as const;

export const DEMO_STUDENT = {
  login: 'student',
  password: 'Student2026',
  person: { surname: 'Сыдыкова', name: 'Айпери', patronymic: 'Талантовна', gender: 'f', nationality: 'кыргызка' },
  /** A group the demo teacher teaches in 2026-27 autumn (Web Programming, semester 5). */
  group: 'ПИ-1-24',
} as const;

export const DEMO_FRESHMAN = {
  login: 'freshman',
  password: 'Freshman2026',
  person: { surname: 'Кубанычбек уулу', name: 'Нурсултан', patronymic: null, gender: 'm', nationality: 'кыргыз' },
  group: 'ПИ-1-26',
} as const;

/** The portal's administrator: a member of staff (in the demo teacher's department) who teaches nothing. */
export const DEMO_ADMIN = {
  login: 'admin',
  password: 'Admin2026',
  person: { surname: 'Жумабаева', name: 'Гүлнара', patronymic: 'Асановна', gender: 'f', nationality: 'кыргызка' },
  position: LECTURER,
} as const;

/** The dean's office of the demo teacher's faculty: a member of staff of that faculty who teaches nothing. */
export const DEMO_DEAN = {
  login: 'dean',
  password: 'Dean2026',
  person: { surname: 'Токтосунов', name: 'Эрлан', patronymic: 'Бекболотович', gender: 'm', nationality: 'кыргыз' },
  position: LECTURER,
} as const;

// ---------------------------------------------------------------------------------------------
// Campus in Bishkek

export const BUILDINGS: ReadonlyArray<{ name: string; latitude: number; longitude: number; radiusM: number; rooms: readonly string[] }> = [
  {
    name: 'Главный корпус',
    latitude: 42.8758,
    longitude: 74.5902,
    radiusM: 80,
    rooms: ['101', '102', '103', '104', '105', '201', '202', '203', '204', '205', '206', '301', '302', '303', '304', 'Актовый зал'],
  },
  { name: 'Корпус №2', latitude: 42.87385, longitude: 74.5941, radiusM: 60, rooms: ['110', '111', '112', '113', '114', '210', '211', '212', '213', '214'] },
  {
    name: 'Учебно-лабораторный корпус',
    latitude: 42.87712,
    longitude: 74.58645,
    radiusM: 60,
    rooms: ['Лаб-1', 'Лаб-2', 'Лаб-3', 'Лаб-4', 'Лаб-5', 'Лаб-6', 'Лаб-7', 'Лаб-8'],
  },
];

// ---------------------------------------------------------------------------------------------
// Site

export const SITE_SETTINGS: Record<string, string> = {
  university_name_ru: UNIVERSITY[0],
  university_name_kg: UNIVERSITY[1],
  university_name_en: UNIVERSITY[2],
  logo_url: '/lms/logo.svg',
  logo_width: '64',
  logo_fontsize: '18',
};

/** The demo university's time zone (site setting time_zone, shared/time-zone.ts). */
export const UNIVERSITY_TIME_ZONE = 'Asia/Bishkek';

/** Only links that work; menu keys without a row stay hidden. */
export const MENU_LINKS: ReadonlyArray<{ key: string; url: string; roles: number[] }> = [{ key: 'webinar', url: 'https://meet.jit.si/', roles: [1, 2] }];

export const APP_LINKS: ReadonlyArray<{ names: Names; url: string; icon: string }> = [
  { names: ['Почта', 'Почта', 'Mail'], url: 'https://mail.google.com/', icon: 'mail' },
  { names: ['Календарь', 'Календарь', 'Calendar'], url: 'https://calendar.google.com/', icon: 'calendar' },
  { names: ['Видеоконференции', 'Видеоконференциялар', 'Video meetings'], url: 'https://meet.jit.si/', icon: 'video' },
  { names: ['Открытая библиотека', 'Ачык китепкана', 'Open Library'], url: 'https://openlibrary.org/', icon: 'library' },
  { names: ['Документы', 'Документтер', 'Documents'], url: 'https://docs.google.com/', icon: 'docs' },
];
