/**
 * The demo news items (seed step 0004-news, news.ts): who posts each, when, for whom, and its files
 * built in code.
 */
import type { DepartmentKey } from './data';
import { posterPng, textPdf } from './documents';

export type Author = 'demo' | 'fit' | 'fem' | 'fh';
export type FacultyCode = 'FIT' | 'FEM' | 'FH';

export interface SeedFile {
  name: string;
  bytes: () => Buffer;
}

export interface SeedItem {
  author: Author;
  /** Days before today (negative: scheduled ahead). */
  days: number;
  /** Local time in Bishkek (UTC+6), 'HH:mm'. */
  at: string;
  audience: 0 | 1 | 2;
  faculty?: FacultyCode;
  pinned?: boolean;
  files?: SeedFile[];
  message: string;
}

/** The colleague who posts for each faculty office: the first teacher of this department. */
export const OFFICE_DEPARTMENTS: Record<Exclude<Author, 'demo'>, DepartmentKey> = { fit: 'ami', fem: 'econ', fh: 'kyr' };

const text = (s: string) => () => Buffer.from(s, 'utf8');

export const ITEMS: readonly SeedItem[] = [
  {
    author: 'fit',
    days: 118,
    at: '09:00',
    audience: 0,
    pinned: true,
    message:
      'Добро пожаловать на портал университета!\n' +
      'Здесь публикуются новости факультетов, работают чат с преподавателями, электронная библиотека и журнал.\n' +
      'Вопросы по работе портала — в отдел информационных технологий, главный корпус, каб. 105, тел. +996 312 54-12-05.',
  },
  {
    author: 'fh',
    days: 64,
    at: '10:15',
    audience: 0,
    pinned: true,
    message:
      'Телефон доверия университета: +996 312 54-10-10 (круглосуточно, анонимно).\n' +
      'Сообщить о нарушении академической честности или коррупции можно также через ящик в холле главного корпуса.',
  },
  {
    author: 'fit',
    days: 1,
    at: '11:40',
    audience: 2,
    faculty: 'FIT',
    files: [
      {
        name: 'Положение_о_стипендии.pdf',
        bytes: () =>
          textPdf('Regulations on academic scholarships', [
            'Tian Shan State University, Faculty of Information Technology',
            '',
            '1. Scholarships are awarded for the results of the last examination session.',
            '2. Applicants submit: an application, a copy of the record book, a reference from the curator.',
            '3. Students with no grades below "good" may apply for the increased scholarship.',
            "4. Documents are accepted by the dean's office, main building, room 118.",
          ]),
      },
    ],
    message:
      'Приём документов на академическую стипендию за осенний семестр продлится до 5 декабря.\n' +
      'Положение и список документов — во вложении. Заявления принимает деканат ФИТ, каб. 118.',
  },
  {
    author: 'demo',
    days: 2,
    at: '16:20',
    audience: 2,
    faculty: 'FIT',
    files: [
      {
        name: 'Требования_к_лабораторной_4.txt',
        bytes: text(
          'Лабораторная работа №4. REST API на Fastify\n\n' +
            '1. Реализовать CRUD для сущности «Задача» (id, title, done).\n' +
            '2. Проверять входные данные по схеме, ошибки — с кодом 400.\n' +
            '3. Написать не менее пяти тестов.\n' +
            '4. Отчёт: ссылка на репозиторий и скриншоты запросов.\n\n' +
            'Срок сдачи: пятница, до 18:00.\n',
        ),
      },
    ],
    message: 'Группам ПИ: лабораторная работа №4 по веб-программированию сдаётся до пятницы. Требования во вложении.',
  },
  {
    author: 'demo',
    days: 5,
    at: '13:05',
    audience: 1,
    faculty: 'FIT',
    message:
      'Уважаемые коллеги! Заседание кафедры программной инженерии состоится в среду в 14:00 в ауд. 204.\nПовестка: итоги рубежного контроля, подготовка к зимней сессии.',
  },
  {
    author: 'fem',
    days: 7,
    at: '10:30',
    audience: 0,
    faculty: 'FEM',
    message:
      'Экономика жана башкаруу факультети экономика боюнча ички олимпиаданы өткөрөт.\n' +
      'Катышуу үчүн өтүнмөлөрдү декандыкка жума күнүнө чейин тапшырыңыздар. Жеңүүчүлөр республикалык олимпиадага барышат.',
  },
  {
    author: 'fh',
    days: 9,
    at: '15:00',
    audience: 0,
    message:
      'Гуманитардык факультет «Тил — элдин жаны» аттуу илимий-практикалык конференцияга чакырат.\n' +
      'Конференция чоң жыйындар залында саат 10:00дө башталат. Баарыңыздарды күтөбүз!',
  },
  {
    author: 'fit',
    days: 12,
    at: '12:00',
    audience: 2,
    faculty: 'FIT',
    files: [{ name: 'hackathon-poster.png', bytes: () => posterPng([29, 78, 158], [0, 150, 136]) }],
    message:
      'Ежегодный хакатон ФИТ: 48 часов, команды по 3–5 человек, темы — образование и городские сервисы.\n' +
      'Регистрация команд до конца месяца у кураторов групп. Призы от партнёров факультета.',
  },
  {
    author: 'demo',
    days: 15,
    at: '09:45',
    audience: 0,
    message:
      'Открыта запись на бесплатный онлайн-курс «Основы Git и GitHub» для студентов и сотрудников. Занятия по вторникам в 17:30 в Zoom, ссылка придёт после записи.',
  },
  {
    author: 'fem',
    days: 18,
    at: '14:10',
    audience: 1,
    faculty: 'FEM',
    message: 'Коллеги, до конца месяца необходимо сдать обновлённые рабочие программы дисциплин в учебный отдел (каб. 210) в электронном и бумажном виде.',
  },
  {
    author: 'fh',
    days: 21,
    at: '11:20',
    audience: 2,
    faculty: 'FH',
    message:
      'Студенты направления «Журналистика» приглашаются на мастер-класс по фотожурналистике. Четверг, 13:00, ауд. 301. Возьмите с собой камеру или телефон.',
  },
  {
    author: 'fit',
    days: 25,
    at: '17:30',
    audience: 0,
    message: 'Плановые технические работы на портале: суббота с 22:00 до 02:00. Возможны перерывы в работе чата и электронной библиотеки.',
  },
  {
    author: 'demo',
    days: 28,
    at: '10:05',
    audience: 2,
    faculty: 'FIT',
    message: 'Консультация по объектно-ориентированному программированию переносится на четверг, 15:30, ауд. 302.',
  },
  {
    author: 'fem',
    days: 31,
    at: '09:30',
    audience: 2,
    faculty: 'FEM',
    message:
      'Финансы жана кредит кафедрасы өндүрүштүк практика боюнча жолугушуу өткөрөт.\n' +
      'Бишкектеги банктардын өкүлдөрү практика орундары жөнүндө айтып беришет. Шаршемби, саат 14:00, 215-аудитория.',
  },
  {
    author: 'fh',
    days: 35,
    at: '08:50',
    audience: 0,
    files: [
      {
        name: 'График_работы_библиотеки.txt',
        bytes: text(
          'Научная библиотека ТШГУ\n\n' +
            'Абонемент: пн–пт 8:30–18:00, сб 9:00–14:00\n' +
            'Читальный зал №1: пн–пт 8:30–20:00, сб 9:00–16:00\n' +
            'Читальный зал №2: закрыт на ремонт\n' +
            'Электронный каталог: раздел «Электронная библиотека» на портале\n',
        ),
      },
    ],
    message: 'Библиотека меняет график работы: читальный зал №2 закрыт на ремонт, абонемент работает в обычном режиме. Подробный график во вложении.',
  },
  {
    author: 'fit',
    days: 38,
    at: '16:00',
    audience: 1,
    files: [
      {
        name: 'Программа_конференции.pdf',
        bytes: () =>
          textPdf('Digital Transformation of Education: conference programme', [
            'Tian Shan State University, Bishkek',
            '',
            '09:30  Registration of participants',
            '10:00  Opening. Welcome address of the rector',
            '10:30  Plenary session: learning platforms in Kyrgyz universities',
            '12:30  Lunch',
            '13:30  Sections: IT in teaching; economics of education; languages and media',
            '16:30  Round table and closing',
          ]),
      },
    ],
    message:
      'Приглашаем преподавателей к участию в научно-практической конференции «Цифровая трансформация образования». Тезисы принимаются до 20-го числа. Программа во вложении.',
  },
  {
    author: 'demo',
    days: 42,
    at: '18:10',
    audience: 2,
    faculty: 'FIT',
    message: 'Результаты рубежного контроля по программированию выставлены в журнал. Пересдача — по договорённости на консультации.',
  },
  {
    author: 'fem',
    days: 45,
    at: '12:30',
    audience: 0,
    message:
      'День открытых дверей факультета экономики и управления: экскурсии, встречи с выпускниками, мастер-классы по финансовой грамотности. Приглашайте друзей и родственников!',
  },
  {
    author: 'fh',
    days: 49,
    at: '14:45',
    audience: 2,
    message:
      'Спартакиада университета: набор в сборные по волейболу, мини-футболу и настольному теннису. Запись на кафедре физического воспитания, спорткомплекс, каб. 3.',
  },
  {
    author: 'fit',
    days: 53,
    at: '09:10',
    audience: 2,
    message: 'Напоминаем: вход в учебные корпуса — по студенческому билету. Утерянный билет восстанавливается в деканате за три рабочих дня.',
  },
  {
    author: 'demo',
    days: 57,
    at: '15:25',
    audience: 0,
    message:
      'IT-компании Бишкека приглашают студентов старших курсов на оплачиваемую стажировку. Отбор по результатам собеседования, резюме — куратору группы до конца месяца.',
  },
  {
    author: 'fem',
    days: 61,
    at: '11:00',
    audience: 1,
    message: 'Курс повышения квалификации «Цифровые инструменты преподавателя» (36 часов) начинается в понедельник. Записаться можно в учебном отделе.',
  },
  {
    author: 'fh',
    days: 66,
    at: '16:40',
    audience: 0,
    faculty: 'FH',
    message: 'Акындар кечеси: гуманитардык факультеттин студенттери өз ырларын окушат. Жума күнү саат 16:00дө, чоң жыйындар залында. Кирүү акысыз.',
  },
  {
    author: 'fit',
    days: 70,
    at: '10:00',
    audience: 2,
    faculty: 'FIT',
    message: 'Выбор элективных дисциплин на следующий семестр открыт в разделе «Регистрация на дисциплины». Успейте записаться до окончания срока.',
  },
  {
    author: 'demo',
    days: 76,
    at: '13:35',
    audience: 1,
    faculty: 'FIT',
    files: [
      {
        name: 'Шаблон_отчёта_по_нагрузке.csv',
        bytes: text(
          'Дисциплина;Группа;Вид занятий;Часы по плану;Часы фактически\nВеб-программирование;ПИ-1-24;Лекция;36;\nВеб-программирование;ПИ-1-24;Практика;36;\n',
        ),
      },
    ],
    message: 'Коллеги, шаблон отчёта по учебной нагрузке — во вложении. Заполненные отчёты отправьте заведующему кафедрой до 25-го числа.',
  },
  {
    author: 'fem',
    days: 82,
    at: '12:15',
    audience: 2,
    faculty: 'FEM',
    files: [{ name: 'startup-contest.png', bytes: () => posterPng([201, 151, 0], [179, 38, 30]) }],
    message: 'Конкурс бизнес-идей «Стартап-старт»: приз — грант на развитие проекта и менторство. Заявки принимаются на кафедре менеджмента и маркетинга.',
  },
  {
    author: 'fh',
    days: 88,
    at: '09:20',
    audience: 0,
    message: 'Медицинский пункт университета проводит вакцинацию против гриппа. Часы приёма: пн–пт с 9:00 до 15:00, главный корпус, каб. 012.',
  },
  {
    author: 'fit',
    days: 95,
    at: '17:00',
    audience: 0,
    message: 'Wi-Fi сеть «TSSU» теперь доступна во всех корпусах. Вход — по логину и паролю портала.',
  },
  {
    author: 'demo',
    days: 103,
    at: '10:40',
    audience: 2,
    faculty: 'FIT',
    files: [
      {
        name: 'Силлабус_Веб-программирование.pdf',
        bytes: () =>
          textPdf('Web Programming: syllabus', [
            'Lecturer: Asanov Bakyt Kubanychbekovich, Associate Professor',
            'Department of Software Engineering, 5 credits, exam',
            '',
            'Weeks 1-3   HTTP, HTML and CSS',
            'Weeks 4-6   JavaScript and TypeScript',
            'Weeks 7-9   React single-page applications',
            'Weeks 10-12 REST APIs with Node.js',
            'Weeks 13-15 Databases, testing and deployment',
            '',
            'Assessment: labs 40%, midterm 20%, final exam 40%',
          ]),
      },
    ],
    message: 'Добро пожаловать на курс «Веб-программирование»! Силлабус курса — во вложении. Первое практическое занятие — в лаборатории №3.',
  },
  {
    author: 'fh',
    days: 112,
    at: '08:30',
    audience: 2,
    message: 'Кураторские часы для первокурсников проходят каждую среду в 12:30. Расписание встреч — у кураторов групп.',
  },
  {
    author: 'demo',
    days: -3,
    at: '08:00',
    audience: 2,
    faculty: 'FIT',
    message: 'Напоминание: в понедельник контрольная работа по ООП. Повторите темы «Наследование» и «Интерфейсы».',
  },
];
