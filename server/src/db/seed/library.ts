/**
 * Seed steps of the e-library and the teaching materials: base categories and categories of
 * books, a few hundred books (well-known works and the university's own textbooks), UMK types, and
 * several materials for every discipline of the demo teacher and of the demo student's group, some
 * of them shared into the library. The demo teacher has the library permission (README). Files are
 * real PDFs with readable text (seed/pdf.ts); a handful of distinct documents serves every row.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { bookSearchText } from '../../shared/books.repository';
import type { Db } from '../client';
import { books, files, libraryBaseCategories, libraryCategories, libraryEditors, users } from '../schema';
import { DEMO_TEACHER, type Names } from './data';
import type { SeedContext } from './index';
import { seedPdf, type PdfSpec } from './pdf';
import { Prng } from './prng';

type Book = readonly [title: string, author: string];

interface CategorySeed {
  names: Names;
  /** The PDF theme its books share. */
  theme: keyof typeof THEMES;
  books: readonly Book[];
  /** Course books of the university on these topics: 'Учебное пособие по …' and the like. */
  topics?: readonly string[];
}

/** Demo files stored at once (see seedLibrary). */
const WRITES_AT_ONCE = 8;

const LECTURERS = [
  'Асанов Б. К.',
  'Исакова Н. Т.',
  'Жумабаев А. М.',
  'Орозбекова Г. С.',
  'Токтогулов Э. Р.',
  'Сатыбалдиева Ж. А.',
  'Мамытов К. Н.',
  'Абдыкадырова А. Б.',
  'Бейшеналиев Т. Ж.',
  'Кудайбергенова С. О.',
  'Иманалиев М. Т.',
  'Алымкулова Д. Э.',
  'Петров В. И.',
  'Ким Е. В.',
];
const KINDS = [
  'Учебник: %',
  'Учебное пособие по курсу «%»',
  'Практикум: %',
  'Лабораторный практикум по курсу «%»',
  'Сборник задач по курсу «%»',
  'Методические указания к лабораторным работам: %',
  'Конспект лекций: %',
];

const BASES: ReadonlyArray<{ names: Names; categories: readonly CategorySeed[] }> = [
  {
    names: ['Учебная литература', 'Окуу адабияты', 'Textbooks'],
    categories: [
      {
        names: ['Программирование', 'Программалоо', 'Programming'],
        theme: 'it',
        books: [
          ['Искусство программирования. Том 1. Основные алгоритмы', 'Кнут Д. Э.'],
          ['Алгоритмы: построение и анализ', 'Кормен Т., Лейзерсон Ч., Ривест Р., Штайн К.'],
          ['Совершенный код', 'Макконнелл С.'],
          ['Чистый код. Создание, анализ и рефакторинг', 'Мартин Р.'],
          ['Приёмы объектно-ориентированного проектирования. Паттерны проектирования', 'Гамма Э., Хелм Р., Джонсон Р., Влиссидес Дж.'],
          ['Язык программирования C', 'Керниган Б., Ритчи Д.'],
          ['Изучаем Python', 'Лутц М.'],
          ['Структура и интерпретация компьютерных программ', 'Абельсон Х., Сассман Дж.'],
          ['Рефакторинг. Улучшение существующего кода', 'Фаулер М.'],
          ['Выразительный JavaScript', 'Хавербеке М.'],
          ['Грокаем алгоритмы', 'Бхаргава А.'],
          ['Java. Эффективное программирование', 'Блох Дж.'],
        ],
        topics: [
          'Основы программирования',
          'Объектно-ориентированное программирование',
          'Веб-программирование',
          'Алгоритмы и структуры данных',
          'Программирование на Python',
          'Разработка мобильных приложений',
        ],
      },
      {
        names: ['Базы данных и сети', 'Маалымат базалары жана тармактар', 'Databases and networks'],
        theme: 'it',
        books: [
          ['Введение в системы баз данных', 'Дейт К. Дж.'],
          ['Компьютерные сети', 'Таненбаум Э., Уэзеролл Д.'],
          ['Компьютерные сети. Принципы, технологии, протоколы', 'Олифер В. Г., Олифер Н. А.'],
          ['Высоконагруженные приложения. Программирование, масштабирование, поддержка', 'Клеппман М.'],
          ['PostgreSQL. Основы языка SQL', 'Моргунов Е. П.'],
          ['Современные операционные системы', 'Таненбаум Э., Бос Х.'],
        ],
        topics: ['Базы данных', 'Компьютерные сети', 'Операционные системы', 'Информационная безопасность'],
      },
      {
        names: ['Математика', 'Математика', 'Mathematics'],
        theme: 'math',
        books: [
          ['Курс дифференциального и интегрального исчисления', 'Фихтенгольц Г. М.'],
          ['Линейная алгебра и аналитическая геометрия', 'Ильин В. А., Позняк Э. Г.'],
          ['Сборник задач по высшей математике', 'Лунгу К. Н., Письменный Д. Т.'],
          ['Теория вероятностей и математическая статистика', 'Гмурман В. Е.'],
          ['Дискретная математика для программистов', 'Хаггарти Р.'],
          ['Конкретная математика', 'Грэхем Р., Кнут Д., Паташник О.'],
          ['Математический анализ', 'Зорич В. А.'],
        ],
        topics: ['Высшая математика', 'Дискретная математика', 'Численные методы', 'Математическая статистика'],
      },
      {
        names: ['Физика', 'Физика', 'Physics'],
        theme: 'math',
        books: [
          ['Курс общей физики. Том 1. Механика', 'Савельев И. В.'],
          ['Фейнмановские лекции по физике', 'Фейнман Р., Лейтон Р., Сэндс М.'],
          ['Курс физики', 'Трофимова Т. И.'],
          ['Физика. Задачи и решения', 'Чертов А. Г., Воробьёв А. А.'],
        ],
        topics: ['Общая физика', 'Электротехника и электроника'],
      },
      {
        names: ['Экономика и менеджмент', 'Экономика жана менеджмент', 'Economics and management'],
        theme: 'economics',
        books: [
          ['Экономикс', 'Макконнелл К., Брю С.'],
          ['Основы менеджмента', 'Мескон М., Альберт М., Хедоури Ф.'],
          ['Основы маркетинга', 'Котлер Ф.'],
          ['Бухгалтерский учёт', 'Кондраков Н. П.'],
          ['Принципы корпоративных финансов', 'Брейли Р., Майерс С.'],
          ['Микроэкономика. Промежуточный уровень', 'Вэриан Х. Р.'],
        ],
        topics: ['Микроэкономика', 'Макроэкономика', 'Финансы и кредит', 'Менеджмент', 'Бухгалтерский учёт'],
      },
      {
        names: ['Языки', 'Тилдер', 'Languages'],
        theme: 'languages',
        books: [
          ['Кыргыз тили: окуу китеби', 'Мусаев С. Ж.'],
          ['English Grammar in Use', 'Murphy R.'],
          ['Русский язык и культура речи', 'Введенская Л. А.'],
          ['Кыргызско-русский словарь', 'Юдахин К. К.'],
          ['Deutsch: Grammatik aktiv', 'Jin F., Voß U.'],
        ],
        topics: ['Кыргызский язык', 'Английский язык для IT-специалистов', 'Русский язык', 'Деловой английский'],
      },
    ],
  },
  {
    names: ['Научная литература', 'Илимий адабият', 'Scientific literature'],
    categories: [
      {
        names: ['Монографии', 'Монографиялар', 'Monographs'],
        theme: 'science',
        books: [
          ['Цифровая экономика Кыргызской Республики: состояние и перспективы', 'Жумабаев А. М.'],
          ['Методы машинного обучения в задачах анализа текстов на кыргызском языке', 'Исакова Н. Т.'],
          ['Водные ресурсы Центральной Азии', 'Мамытов К. Н.'],
          ['Структура и Интерпретация: заметки о языках программирования', 'Токтогулов Э. Р.'],
          ['Сейсмическая активность Тянь-Шаня', 'Бейшеналиев Т. Ж.'],
        ],
        topics: ['Анализ данных', 'Региональная экономика'],
      },
      {
        names: ['Сборники статей', 'Макалалар жыйнактары', 'Collected papers'],
        theme: 'science',
        books: [
          ['Вестник университета. Серия «Информационные технологии», 2025', 'Редколлегия'],
          ['Материалы международной конференции «Наука и образование 2025»', 'Оргкомитет конференции'],
          ['Труды молодых учёных, выпуск 12', 'Совет молодых учёных'],
          ['Экономика и право: сборник научных статей', 'Кудайбергенова С. О.'],
        ],
      },
    ],
  },
  {
    names: ['Художественная литература', 'Көркөм адабият', 'Fiction'],
    categories: [
      {
        names: ['Кыргызская литература', 'Кыргыз адабияты', 'Kyrgyz literature'],
        theme: 'fiction',
        books: [
          ['Джамиля', 'Айтматов Ч. Т.'],
          ['Белый пароход', 'Айтматов Ч. Т.'],
          ['И дольше века длится день', 'Айтматов Ч. Т.'],
          ['Первый учитель', 'Айтматов Ч. Т.'],
          ['Материнское поле', 'Айтматов Ч. Т.'],
          ['Плаха', 'Айтматов Ч. Т.'],
          ['Манас (в пересказе)', 'Каралаев С.'],
          ['Ажар', 'Сыдыкбеков Т.'],
          ['Кеткен бир кезде', 'Касымалиев К.'],
          ['Токтогул ырлары', 'Сатылганов Т.'],
        ],
      },
      {
        names: ['Русская литература', 'Орус адабияты', 'Russian literature'],
        theme: 'fiction',
        books: [
          ['Война и мир', 'Толстой Л. Н.'],
          ['Преступление и наказание', 'Достоевский Ф. М.'],
          ['Евгений Онегин', 'Пушкин А. С.'],
          ['Мастер и Маргарита', 'Булгаков М. А.'],
          ['Мёртвые души', 'Гоголь Н. В.'],
          ['Герой нашего времени', 'Лермонтов М. Ю.'],
          ['Отцы и дети', 'Тургенев И. С.'],
          ['Вишнёвый сад', 'Чехов А. П.'],
          ['Тихий Дон', 'Шолохов М. А.'],
          ['Доктор Живаго', 'Пастернак Б. Л.'],
        ],
      },
      {
        names: ['Зарубежная литература', 'Чет өлкө адабияты', 'World literature'],
        theme: 'fiction',
        books: [
          ['Cien años de soledad', 'Gabriel García Márquez'],
          ['Le Petit Prince', 'Antoine de Saint-Exupéry'],
          ['Germinal', 'Émile Zola'],
          ['Les Misérables', 'Victor Hugo'],
          ['Der Prozess', 'Franz Kafka'],
          ['1984', 'George Orwell'],
          ['Pride and Prejudice', 'Jane Austen'],
          ['Ensaio sobre a Cegueira', 'José Saramago'],
          ['Старик и море', 'Хемингуэй Э.'],
          ['Маленький принц', 'Сент-Экзюпери А. де'],
        ],
      },
    ],
  },
  {
    names: ['Справочные издания', 'Маалымдама басылмалар', 'Reference'],
    categories: [
      {
        names: ['Словари', 'Сөздүктөр', 'Dictionaries'],
        theme: 'languages',
        books: [
          ['Толковый словарь русского языка', 'Ожегов С. И., Шведова Н. Ю.'],
          ['Кыргыз тилинин түшүндүрмө сөздүгү', 'Осмоналиева Б. Ө.'],
          ['Англо-русский словарь компьютерных терминов', 'Лебедев А. Н.'],
          ['Oxford Advanced Learner’s Dictionary', 'Hornby A. S.'],
        ],
      },
      {
        names: ['Энциклопедии и справочники', 'Энциклопедиялар жана маалымдамалар', 'Encyclopaedias and handbooks'],
        theme: 'science',
        books: [
          ['Кыргызстан: энциклопедия', 'Главная редакция Кыргызской энциклопедии'],
          ['Справочник по математике для инженеров и учащихся втузов', 'Бронштейн И. Н., Семендяев К. А.'],
          ['Справочник по элементарной физике', 'Кошкин Н. И., Ширкевич М. Г.'],
          ['Статистический ежегодник Кыргызской Республики', 'Национальный статистический комитет'],
        ],
      },
    ],
  },
];

const THEMES = {
  it: 'Информационные технологии',
  math: 'Математика и физика',
  economics: 'Экономика',
  languages: 'Языки',
  science: 'Наука',
  fiction: 'Художественная литература',
} as const;

/** A sample chapter in the theme: the text of the demo books' PDFs. */
function themePdf(theme: keyof typeof THEMES): PdfSpec {
  return {
    title: `Электронная библиотека: ${THEMES[theme]}`,
    subtitle: 'Ознакомительный фрагмент · Таныштыруучу үзүндү · Sample chapter',
    sections: [
      {
        heading: 'Предисловие',
        paragraphs: [
          `Этот файл — ознакомительный фрагмент издания из раздела «${THEMES[theme]}» электронной библиотеки университета. Полный текст выдаётся в читальном зале и по подписке кафедры.`,
          'Издание предназначено для студентов очной и заочной форм обучения, магистрантов и преподавателей.',
        ],
      },
      {
        heading: 'Кириш сөз',
        paragraphs: ['Бул файл университеттин электрондук китепканасындагы басылманын таныштыруучу үзүндүсү. Толук тексти окуу залында берилет.'],
        lang: 'kg',
      },
      {
        heading: 'Preface',
        paragraphs: ['This file is a sample chapter of a book of the university e-library. The full text is available in the reading room.'],
        lang: 'en',
      },
    ],
  };
}

/** File name of a book: its title, shortened, as a PDF. */
function bookFileName(title: string): string {
  const base = title
    .replace(/[«»"“”:;,.!?/\\]/g, '')
    .replace(/\s+/g, '_')
    .slice(0, 60);
  return `${base}.pdf`;
}

/** The demo books' PDFs, one per theme (every book of a category shares its theme's). */
export async function libraryPdfs(): Promise<Map<string, Buffer>> {
  const pdfs = new Map<string, Buffer>();
  for (const theme of Object.keys(THEMES) as (keyof typeof THEMES)[]) pdfs.set(theme, await seedPdf(themePdf(theme)));
  return pdfs;
}

export async function seedLibrary(db: Db, ctx: SeedContext): Promise<void> {
  const prng = new Prng('library');
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.login, DEMO_TEACHER.login));
  await db.insert(libraryEditors).values({ userId: demo.id });
  const pdfs = await libraryPdfs();
  // Other teachers upload books too (each manages his own).
  const uploaders = (await db.select({ id: users.id }).from(users).where(eq(users.role, 1)).orderBy(asc(users.id)).limit(12)).map((u) => u.id);
  let count = 0;
  const start = ctx.now.getTime() - 400 * 86_400_000;
  for (const [sort, base] of BASES.entries()) {
    const [baseRow] = await db
      .insert(libraryBaseCategories)
      .values({ nameRu: base.names[0], nameKg: base.names[1], nameEn: base.names[2], sort })
      .returning({ id: libraryBaseCategories.id });
    for (const category of base.categories) {
      const [cat] = await db
        .insert(libraryCategories)
        .values({ baseCategoryId: baseRow.id, nameRu: category.names[0], nameKg: category.names[1], nameEn: category.names[2] })
        .returning({ id: libraryCategories.id });
      const entries: Array<{ title: string; author: string; description: string }> = category.books.map(([title, author]) => ({
        title,
        author,
        description: `${category.names[0]}. ${prng.pick(['Классическое издание', 'Рекомендовано для самостоятельной работы', 'Основная литература курса', 'Дополнительная литература'])}.`,
      }));
      for (const topic of category.topics ?? [])
        for (const kind of KINDS)
          entries.push({
            title: kind.replace('%', topic),
            author: prng.pick(LECTURERS),
            description: `Издание университета для студентов, изучающих курс «${topic}».`,
          });
      const bytes = pdfs.get(category.theme)!;
      const planned = entries.map((entry) => ({
        entry,
        uploader: prng.chance(0.7) ? demo.id : prng.pick(uploaders),
        totalPages: prng.int(48, 820),
        storageName: randomBytes(18).toString('base64url'),
      }));
      // A few at a time: a bucket answers each in a round trip, and the seed need not flood it.
      for (let i = 0; ctx.files && i < planned.length; i += WRITES_AT_ONCE)
        await Promise.all(planned.slice(i, i + WRITES_AT_ONCE).map((p) => ctx.files!.write(p.storageName, bytes, 'application/pdf')));
      const stored = await db
        .insert(files)
        .values(
          planned.map((p) => ({
            storageName: p.storageName,
            originalName: bookFileName(p.entry.title),
            mime: 'application/pdf',
            size: bytes.length,
            ownerUserId: p.uploader,
          })),
        )
        .returning({ id: files.id });
      await db.insert(books).values(
        planned.map((p, i) => ({
          categoryId: cat.id,
          name: p.entry.title,
          author: p.entry.author,
          description: p.entry.description,
          totalPages: p.totalPages,
          fileId: stored[i].id,
          uploaderUserId: p.uploader,
          searchText: bookSearchText({ name: p.entry.title, author: p.entry.author, description: p.entry.description }),
          createdAt: new Date(start + (count + i) * 3_600_000 * 29),
        })),
      );
      count += planned.length;
    }
  }
  ctx.log(`library: ${count} books, library permission for ${DEMO_TEACHER.login}`);
}

/**
 * Writes every book's search column anew (shared/books.repository.ts `bookSearchText`), so that
 * books stored before it carried its key are found in both alphabets too.
 */
export async function rewriteBookSearchText(db: Db): Promise<void> {
  const rows = await db.select({ id: books.id, name: books.name, author: books.author, description: books.description }).from(books);
  for (const row of rows)
    await db
      .update(books)
      .set({ searchText: bookSearchText(row) })
      .where(eq(books.id, row.id));
}
