/**
 * The documents area's seed step: a few of the demo university's documents (regulations, an order,
 * a template and a form) for several audiences, each a small readable PDF; the regulation on
 * assessment has two versions. Uploaded by the demo administrator, the order by the demo dean's
 * office for its faculty's students. Dates are days before the seed's today.
 */
import { eq } from 'drizzle-orm';
import type { DocumentAudience, DocumentCategory } from '@contract/documents';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { DEMO_ADMIN, DEMO_DEAN } from '../../db/seed/data';
import type { SeedContext, SeedStep } from '../../db/seed';
import { seedPdf } from '../../db/seed/pdf';
import { writeSeedFile } from '../../plugins/files';
import { documents, documentVersions, searchTextOf } from './documents.schema';

const DAY_MS = 86_400_000;

interface SeedDocument {
  category: DocumentCategory;
  audience: DocumentAudience;
  /** Uploaded by the dean's office, for its faculty (else the administrator, for the university). */
  dean?: true;
  title: [ru: string, kg: string, en: string];
  description: [ru: string, kg: string, en: string];
  /** Each version: its file's name, days before today, a note, and the PDF's paragraphs. */
  versions: ReadonlyArray<{ file: string; daysAgo: number; note: string; paragraphs: readonly string[] }>;
}

/** A version with no note: its file's name, days before today and the PDF's paragraphs. */
const version = (file: string, daysAgo: number, paragraphs: readonly string[]): SeedDocument['versions'][number] => ({ file, daysAgo, note: '', paragraphs });

export const SEED_DOCUMENTS: readonly SeedDocument[] = [
  {
    category: 'regulation',
    audience: 'all',
    title: [
      'Положение о текущем и промежуточном контроле успеваемости',
      'Учурдагы жана аралык көзөмөл жөнүндө жобо',
      'Regulation on continuous and interim assessment',
    ],
    description: [
      'Порядок проведения модулей, экзаменов и пересдач, шкала оценок.',
      'Модулдарды, сынактарды жана кайра тапшырууларды өткөрүү тартиби, баалоо шкаласы.',
      'How modules, exams and retakes are held; the grading scale.',
    ],
    versions: [
      version('Положение о контроле успеваемости.pdf', 60, [
        'Текущий контроль проводится в форме двух модулей в каждом полугодии.',
        'Итоговая оценка складывается из баллов модулей и экзамена.',
      ]),
      {
        file: 'Положение о контроле успеваемости (ред. 2).pdf',
        daysAgo: 6,
        note: 'Уточнён порядок пересдач',
        paragraphs: [
          'Текущий контроль проводится в форме двух модулей в каждом полугодии.',
          'Пересдача экзамена допускается не более двух раз, вторая — комиссии.',
        ],
      },
    ],
  },
  {
    category: 'order',
    audience: 'students',
    dean: true,
    title: ['Приказ о графике зимней экзаменационной сессии', 'Кышкы сынак сессиясынын графиги жөнүндө буйрук', 'Order on the winter examination timetable'],
    description: [
      'Сроки сессии, консультаций и пересдач для студентов факультета.',
      'Факультеттин студенттери үчүн сессиянын, консультациялардын жана кайра тапшыруулардын мөөнөттөрү.',
      "Dates of the session, consultations and retakes for the faculty's students.",
    ],
    versions: [
      version('Приказ о зимней сессии.pdf', 12, [
        'Зимняя экзаменационная сессия проводится с 5 по 25 января.',
        'Консультации — за день до экзамена по расписанию кафедр.',
      ]),
    ],
  },
  {
    category: 'template',
    audience: 'teachers',
    title: ['Шаблон рабочей программы дисциплины (силлабус)', 'Сабактын жумушчу программасынын үлгүсү (силлабус)', 'Course syllabus template'],
    description: [
      'Обязательные разделы силлабуса: цели, результаты обучения, график, оценивание.',
      'Силлабустун милдеттүү бөлүмдөрү: максаттар, окуунун натыйжалары, график, баалоо.',
      'Required parts of a syllabus: aims, learning outcomes, schedule, assessment.',
    ],
    versions: [
      version('Шаблон силлабуса.pdf', 25, [
        '1. Цели и задачи дисциплины.',
        '2. Результаты обучения и компетенции.',
        '3. Календарный план и политика оценивания.',
      ]),
    ],
  },
  {
    category: 'form',
    audience: 'all',
    title: ['Заявление на академический отпуск', 'Академиялык өргүү алуу үчүн арыз', 'Application for academic leave'],
    description: [
      'Бланк заявления с перечнем прилагаемых документов.',
      'Тиркелүүчү документтердин тизмеси менен арыздын бланкы.',
      'The application form with the list of documents to attach.',
    ],
    versions: [
      version('Заявление на академический отпуск.pdf', 40, [
        'Ректору университета от студента (ФИО, группа).',
        'Прошу предоставить академический отпуск с … по … по причине …',
      ]),
    ],
  },
  {
    category: 'regulation',
    audience: 'staff',
    title: ['Инструкция по работе с персональными данными', 'Жеке маалыматтар менен иштөө боюнча нускама', 'Instruction on handling personal data'],
    description: [
      'Для сотрудников деканатов, регистратора и библиотеки.',
      'Деканаттардын, каттоо бөлүмүнүн жана китепкананын кызматкерлери үчүн.',
      "For the staff of the dean's offices, the registrar and the library.",
    ],
    versions: [
      version('Инструкция по персональным данным.pdf', 18, [
        'Персональные данные обрабатываются только в целях учебного процесса.',
        'Передача данных третьим лицам запрещена.',
      ]),
    ],
  },
];

async function userByLogin(db: Db, login: string): Promise<{ id: number; deanFacultyId: number | null }> {
  const [row] = await db.select({ id: users.id, deanFacultyId: users.deanFacultyId }).from(users).where(eq(users.login, login));
  if (!row) throw new Error(`documents seed: the demo account '${login}' is missing`);
  return row;
}

async function seedDocuments(db: Db, ctx: SeedContext): Promise<void> {
  const admin = await userByLogin(db, DEMO_ADMIN.login);
  const dean = await userByLogin(db, DEMO_DEAN.login);
  const today = ctx.now.getTime();
  for (const doc of SEED_DOCUMENTS) {
    const uploader = doc.dean ? dean : admin;
    const [ru, kg, en] = doc.title;
    const [dRu, dKg, dEn] = doc.description;
    const createdAt = new Date(today - doc.versions[0].daysAgo * DAY_MS);
    const [row] = await db
      .insert(documents)
      .values({
        category: doc.category,
        audience: doc.audience,
        facultyId: doc.dean ? dean.deanFacultyId : null,
        titleRu: ru,
        titleKg: kg,
        titleEn: en,
        descriptionRu: dRu,
        descriptionKg: dKg,
        descriptionEn: dEn,
        searchText: searchTextOf([ru, kg, en, dRu, dKg, dEn]),
        createdByUserId: uploader.id,
        createdAt,
      })
      .returning({ id: documents.id });
    for (const [i, v] of doc.versions.entries()) {
      const bytes = await seedPdf({ title: ru, subtitle: en, sections: [{ heading: dRu, paragraphs: v.paragraphs }] });
      const file = await writeSeedFile(db, uploader.id, v.file, bytes, ctx.files);
      await db.insert(documentVersions).values({
        documentId: row.id,
        number: i + 1,
        fileId: file.id,
        uploadedByUserId: uploader.id,
        uploadedAt: new Date(today - v.daysAgo * DAY_MS),
        note: v.note,
      });
    }
  }
  ctx.log(`documents: ${SEED_DOCUMENTS.length} documents`);
}

export const SEED_STEPS: readonly SeedStep[] = [{ name: '0023-documents', run: seedDocuments }];
