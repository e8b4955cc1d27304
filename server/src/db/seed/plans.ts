/** The disciplines of the demo university and the study plan of each speciality, by semester of study. */
import { EXAM, CREDIT, type DepartmentKey, type Names, type SpecialityAbbr, GRADED_CREDIT, type SpecialitySeed } from './data';
import { hashText } from './prng';

export interface DisciplineSeed {
  key: string;
  department: DepartmentKey;
  names: Names;
  /** Semesters of study (1..8) in which the discipline is taught. */
  semesters: readonly number[];
  /** Lesson types given: lectures with practice by default; 'practice' only (languages, sport); labs too. */
  lessons?: 'practice' | 'labs';
  control?: number;
}

const d = (
  key: string,
  department: DepartmentKey,
  names: Names,
  semesters: readonly number[],
  extra: Pick<DisciplineSeed, 'lessons' | 'control'> = {},
): DisciplineSeed => ({ key, department, names, semesters, ...extra });

/** Taught to every speciality. */
const COMMON = [
  d('hist_kg', 'hist', ['История Кыргызстана', 'Кыргызстандын тарыхы', 'History of Kyrgyzstan'], [1], { control: EXAM }),
  d('kyrg', 'kyr', ['Кыргызский язык', 'Кыргыз тили', 'Kyrgyz Language'], [1, 2], { lessons: 'practice' }),
  d('rus', 'lang', ['Русский язык', 'Орус тили', 'Russian Language'], [1], { lessons: 'practice' }),
  d('eng', 'lang', ['Английский язык', 'Англис тили', 'English Language'], [1, 2, 3], { lessons: 'practice' }),
  d('manas', 'kyr', ['Манасоведение', 'Манас таануу', 'Manas Studies'], [2]),
  d('philo', 'hist', ['Философия', 'Философия', 'Philosophy'], [3], { control: EXAM }),
  d('pe', 'pe', ['Физическая культура', 'Дене тарбия', 'Physical Education'], [1, 2, 3, 4], { lessons: 'practice', control: CREDIT }),
  d('geo_kg', 'hist', ['География Кыргызстана', 'Кыргызстандын географиясы', 'Geography of Kyrgyzstan'], [2], { control: CREDIT }),
  d('law', 'hist', ['Основы права', 'Укук негиздери', 'Fundamentals of Law'], [4], { control: CREDIT }),
  d('ecology', 'hist', ['Экология и устойчивое развитие', 'Экология жана туруктуу өнүгүү', 'Ecology and Sustainable Development'], [5], { control: CREDIT }),
];

const ICT = d(
  'ict',
  'ami',
  ['Информационно-коммуникационные технологии', 'Маалыматтык-коммуникациялык технологиялар', 'Information and Communication Technologies'],
  [1],
  {
    lessons: 'labs',
  },
);
const HIGHER_MATH = d('math', 'ami', ['Высшая математика', 'Жогорку математика', 'Higher Mathematics'], [1, 2], { control: EXAM });

const IT_CORE = [
  d('calc', 'ami', ['Математический анализ', 'Математикалык анализ', 'Calculus'], [1, 2], { control: EXAM }),
  d(
    'linalg',
    'ami',
    ['Линейная алгебра и аналитическая геометрия', 'Сызыктуу алгебра жана аналитикалык геометрия', 'Linear Algebra and Analytic Geometry'],
    [1],
    {
      control: EXAM,
    },
  ),
  d('discrete', 'ami', ['Дискретная математика', 'Дискреттик математика', 'Discrete Mathematics'], [2], { control: EXAM }),
  d('prog', 'se', ['Основы программирования', 'Программалоонун негиздери', 'Programming Fundamentals'], [1], { lessons: 'labs', control: EXAM }),
  d('algo', 'se', ['Алгоритмы и структуры данных', 'Алгоритмдер жана маалымат структуралары', 'Algorithms and Data Structures'], [2], {
    lessons: 'labs',
    control: EXAM,
  }),
  d('oop', 'se', ['Объектно-ориентированное программирование', 'Объектке багытталган программалоо', 'Object-Oriented Programming'], [3], {
    lessons: 'labs',
    control: EXAM,
  }),
  d(
    'prob',
    'ami',
    ['Теория вероятностей и математическая статистика', 'Ыктымалдуулук теориясы жана математикалык статистика', 'Probability and Statistics'],
    [3],
    {
      control: EXAM,
    },
  ),
  d('db', 'se', ['Базы данных', 'Маалымат базалары', 'Databases'], [4], { lessons: 'labs', control: EXAM }),
  d('os', 'ce', ['Операционные системы', 'Операциялык системалар', 'Operating Systems'], [4], { lessons: 'labs' }),
  d('net', 'ce', ['Компьютерные сети', 'Компьютердик тармактар', 'Computer Networks'], [5], { lessons: 'labs' }),
];
const INFOSEC = d('infosec', 'ce', ['Информационная безопасность', 'Маалыматтык коопсуздук', 'Information Security'], [8], { lessons: 'labs' });

const ECON_CORE = [
  d('etheory', 'econ', ['Экономическая теория', 'Экономикалык теория', 'Economic Theory'], [1], { control: EXAM }),
  d('microecon', 'econ', ['Микроэкономика', 'Микроэкономика', 'Microeconomics'], [2], { control: EXAM }),
  d('macroecon', 'econ', ['Макроэкономика', 'Макроэкономика', 'Macroeconomics'], [3], { control: EXAM }),
  d('accounting', 'fin', ['Бухгалтерский учёт', 'Бухгалтердик эсеп', 'Accounting'], [3]),
  d('statistics', 'econ', ['Статистика', 'Статистика', 'Statistics'], [4]),
  d('econometrics', 'econ', ['Эконометрика', 'Эконометрика', 'Econometrics'], [5], { lessons: 'labs' }),
];
const TAXES = d('taxes', 'fin', ['Налоги и налогообложение', 'Салыктар жана салык салуу', 'Taxes and Taxation'], [7]);

const HUM_CORE = [
  d('linguistics', 'lang', ['Введение в языкознание', 'Тил илимине киришүү', 'Introduction to Linguistics'], [1], { control: EXAM }),
  d('kyrlit', 'kyr', ['Кыргызская литература', 'Кыргыз адабияты', 'Kyrgyz Literature'], [2]),
  d('latin', 'lang', ['Латинский язык', 'Латын тили', 'Latin'], [2], { lessons: 'practice', control: CREDIT }),
  d('rhetoric', 'kyr', ['Риторика', 'Риторика', 'Rhetoric'], [3], { control: CREDIT }),
  d('worldlit', 'kyr', ['История мировой литературы', 'Дүйнөлүк адабияттын тарыхы', 'History of World Literature'], [3], { control: EXAM }),
  d('stylistics', 'kyr', ['Стилистика', 'Стилистика', 'Stylistics'], [4]),
];

/** Each speciality's plan: the disciplines it studies (with the semesters given in each). */
export const PLANS: Record<SpecialityAbbr, readonly DisciplineSeed[]> = {
  ПИ: [
    ...COMMON,
    ...IT_CORE,
    d('web', 'se', ['Веб-программирование', 'Веб-программалоо', 'Web Programming'], [5], { lessons: 'labs', control: EXAM }),
    d(
      'swtech',
      'se',
      ['Технологии разработки программного обеспечения', 'Программалык камсыздоону иштеп чыгуу технологиялары', 'Software Development Technologies'],
      [5],
    ),
    d('testing', 'se', ['Тестирование программного обеспечения', 'Программалык камсыздоону тестирлөө', 'Software Testing'], [6], { lessons: 'labs' }),
    d('uidesign', 'se', ['Проектирование пользовательских интерфейсов', 'Колдонуучу интерфейстерин долбоорлоо', 'User Interface Design'], [6], {
      lessons: 'labs',
    }),
    d('mobile', 'se', ['Разработка мобильных приложений', 'Мобилдик тиркемелерди иштеп чыгуу', 'Mobile Application Development'], [7], {
      lessons: 'labs',
      control: EXAM,
    }),
    d('swpm', 'se', ['Управление программными проектами', 'Программалык долбоорлорду башкаруу', 'Software Project Management'], [7]),
    d('cloud', 'se', ['Облачные технологии', 'Булут технологиялары', 'Cloud Computing'], [8], { lessons: 'labs' }),
    INFOSEC,
  ],
  ИВТ: [
    ...COMMON,
    ...IT_CORE,
    d('electronics', 'ce', ['Электротехника и электроника', 'Электротехника жана электроника', 'Electrical Engineering and Electronics'], [2], {
      lessons: 'labs',
      control: EXAM,
    }),
    d('arch', 'ce', ['Архитектура компьютеров', 'Компьютердин архитектурасы', 'Computer Architecture'], [3], { control: EXAM }),
    d('digital', 'ce', ['Цифровая схемотехника', 'Санариптик схемотехника', 'Digital Circuit Design'], [5], { lessons: 'labs' }),
    d('microproc', 'ce', ['Микропроцессорные системы', 'Микропроцессордук системалар', 'Microprocessor Systems'], [6], { lessons: 'labs', control: EXAM }),
    d('sysprog', 'ce', ['Системное программирование', 'Системалык программалоо', 'Systems Programming'], [6], { lessons: 'labs' }),
    d('parallel', 'ce', ['Параллельные вычисления', 'Параллелдүү эсептөөлөр', 'Parallel Computing'], [7], { lessons: 'labs' }),
    d('embedded', 'ce', ['Встраиваемые системы', 'Орнотулган системалар', 'Embedded Systems'], [7], { lessons: 'labs', control: EXAM }),
    INFOSEC,
  ],
  ПМИ: [
    ...COMMON,
    ...IT_CORE,
    d('diffeq', 'ami', ['Дифференциальные уравнения', 'Дифференциалдык теңдемелер', 'Differential Equations'], [3], { control: EXAM }),
    d('numerical', 'ami', ['Численные методы', 'Сандык методдор', 'Numerical Methods'], [4], { lessons: 'labs', control: EXAM }),
    d('optimization', 'ami', ['Методы оптимизации', 'Оптималдаштыруу методдору', 'Optimization Methods'], [5]),
    d('graphs', 'ami', ['Теория графов', 'Графтар теориясы', 'Graph Theory'], [5], { control: EXAM }),
    d('modelling', 'ami', ['Математическое моделирование', 'Математикалык моделдөө', 'Mathematical Modelling'], [6], { lessons: 'labs' }),
    d('dataanalysis', 'ami', ['Анализ данных', 'Маалыматтарды талдоо', 'Data Analysis'], [6], { lessons: 'labs' }),
    d('ml', 'ami', ['Машинное обучение', 'Машиналык окутуу', 'Machine Learning'], [7], { lessons: 'labs', control: EXAM }),
    d('vision', 'ami', ['Компьютерное зрение', 'Компьютердик көрүү', 'Computer Vision'], [8], { lessons: 'labs' }),
  ],
  ЭК: [
    ...COMMON,
    ICT,
    HIGHER_MATH,
    ...ECON_CORE,
    d('worldecon', 'econ', ['Мировая экономика', 'Дүйнөлүк экономика', 'World Economy'], [4], { control: EXAM }),
    d('kgecon', 'econ', ['Экономика Кыргызстана', 'Кыргызстандын экономикасы', 'Economy of Kyrgyzstan'], [5], { control: EXAM }),
    d('econanalysis', 'econ', ['Экономический анализ', 'Экономикалык талдоо', 'Economic Analysis'], [6]),
    d('regional', 'econ', ['Региональная экономика', 'Аймактык экономика', 'Regional Economics'], [6]),
    d('firmecon', 'econ', ['Экономика предприятия', 'Ишкананын экономикасы', 'Business Economics'], [7], { control: EXAM }),
    TAXES,
    d('econpolicy', 'econ', ['Экономическая политика', 'Экономикалык саясат', 'Economic Policy'], [8]),
  ],
  МН: [
    ...COMMON,
    ICT,
    HIGHER_MATH,
    ...ECON_CORE,
    d('mgmtbasics', 'mgmt', ['Основы менеджмента', 'Менеджменттин негиздери', 'Principles of Management'], [4], { control: EXAM }),
    d('marketing', 'mgmt', ['Маркетинг', 'Маркетинг', 'Marketing'], [5], { control: EXAM }),
    d('buscomm', 'mgmt', ['Деловые коммуникации', 'Иштиктүү коммуникациялар', 'Business Communication'], [5], { lessons: 'practice' }),
    d('hr', 'mgmt', ['Управление персоналом', 'Персоналды башкаруу', 'Human Resource Management'], [6]),
    d('orgbehaviour', 'mgmt', ['Организационное поведение', 'Уюмдук жүрүм-турум', 'Organizational Behaviour'], [6]),
    d('strategy', 'mgmt', ['Стратегический менеджмент', 'Стратегиялык менеджмент', 'Strategic Management'], [7], { control: EXAM }),
    d('projectmgmt', 'mgmt', ['Управление проектами', 'Долбоорлорду башкаруу', 'Project Management'], [8]),
  ],
  ФК: [
    ...COMMON,
    ICT,
    HIGHER_MATH,
    ...ECON_CORE,
    d('finance', 'fin', ['Финансы', 'Финансы', 'Finance'], [4], { control: EXAM }),
    d('moneycredit', 'fin', ['Деньги, кредит, банки', 'Акча, кредит, банктар', 'Money, Credit and Banking'], [5], { control: EXAM }),
    d('finmgmt', 'fin', ['Финансовый менеджмент', 'Финансылык менеджмент', 'Financial Management'], [6], { control: EXAM }),
    d('insurance', 'fin', ['Страхование', 'Камсыздандыруу', 'Insurance'], [6]),
    d('securities', 'fin', ['Рынок ценных бумаг', 'Баалуу кагаздар рыногу', 'Securities Market'], [7]),
    d('banking', 'fin', ['Банковское дело', 'Банк иши', 'Banking'], [7], { control: EXAM }),
    TAXES,
    d('intfinance', 'fin', ['Международные финансы', 'Эл аралык финансы', 'International Finance'], [8]),
  ],
  ЛИН: [
    ...COMMON,
    ICT,
    ...HUM_CORE,
    d('practeng', 'lang', ['Практический курс английского языка', 'Англис тилинин практикалык курсу', 'Practical English Course'], [4, 5], {
      lessons: 'practice',
      control: EXAM,
    }),
    d('german', 'lang', ['Второй иностранный язык (немецкий)', 'Экинчи чет тили (немис тили)', 'Second Foreign Language (German)'], [4, 5, 6], {
      lessons: 'practice',
    }),
    d('transtheory', 'lang', ['Теория перевода', 'Котормо теориясы', 'Translation Theory'], [5], { control: EXAM }),
    d('transpractice', 'lang', ['Практика перевода', 'Котормо практикасы', 'Translation Practice'], [6, 7], { lessons: 'practice' }),
    d('lexicology', 'lang', ['Лексикология', 'Лексикология', 'Lexicology'], [6], { control: EXAM }),
    d('grammar', 'lang', ['Теоретическая грамматика', 'Теориялык грамматика', 'Theoretical Grammar'], [7], { control: EXAM }),
    d('intercultural', 'lang', ['Межкультурная коммуникация', 'Маданияттар аралык коммуникация', 'Intercultural Communication'], [8]),
  ],
  ЖУР: [
    ...COMMON,
    ICT,
    ...HUM_CORE,
    d('journbasics', 'journ', ['Основы журналистики', 'Журналистиканын негиздери', 'Fundamentals of Journalism'], [4], { control: EXAM }),
    d('journhistory', 'journ', ['История журналистики', 'Журналистиканын тарыхы', 'History of Journalism'], [5], { control: EXAM }),
    d('photojourn', 'journ', ['Фотожурналистика', 'Фотожурналистика', 'Photojournalism'], [5], { lessons: 'practice' }),
    d('tvjourn', 'journ', ['Телевизионная журналистика', 'Телевизиондук журналистика', 'Television Journalism'], [6]),
    d('medialaw', 'journ', ['Медиаправо', 'Медиа укугу', 'Media Law'], [6], { control: EXAM }),
    d('onlinejourn', 'journ', ['Интернет-журналистика', 'Интернет-журналистика', 'Online Journalism'], [7], { lessons: 'labs' }),
    d('mediamgmt', 'journ', ['Медиаменеджмент', 'Медиа менеджмент', 'Media Management'], [8]),
  ],
};

/** The study plan entries of a speciality for a semester of study. */
export function planFor(abbr: SpecialitySeed['abbr'], semester: number): DisciplineSeed[] {
  return PLANS[abbr].filter((d) => d.semesters.includes(semester));
}

export function creditsOf(d: DisciplineSeed, semester: number): number {
  if (d.key === 'pe') return 2;
  return 3 + (hashText(`${d.key}:${semester}`) % 4);
}

export function controlOf(d: DisciplineSeed, semester: number): number {
  const last = Math.max(...d.semesters);
  if (semester < last) return CREDIT;
  return d.control ?? (hashText(d.key) % 2 === 0 ? EXAM : GRADED_CREDIT);
}
