/**
 * Seed step of the teaching materials (UMK): the types of material and several materials for every
 * discipline of the demo teacher and of the demo student's group, some of them shared into the
 * library (library.ts seeds the library itself).
 */
import { asc, eq } from 'drizzle-orm';
import { writeSeedFile } from '../../plugins/files';
import { bookSearchText } from '../../shared/books.repository';
import type { Db } from '../client';
import { books, disciplines, libraryCategories, streamGroups, students, teachers, teachingAssignments, umkItems, umkTypes, users } from '../schema';
import { DEMO_STUDENT, DEMO_TEACHER, DEMO_YEAR, type Names } from './data';
import type { SeedContext } from './index';
import { seedPdf, type PdfSpec } from './pdf';
import { Prng } from './prng';

const UMK_TYPES: ReadonlyArray<{ id: number; names: Names; pdf: () => PdfSpec }> = [
  {
    id: 1,
    names: ['Силлабус', 'Силлабус', 'Syllabus'],
    pdf: () => ({
      title: 'Силлабус дисциплины',
      subtitle: 'Учебно-методический комплекс · Окуу-методикалык комплекс',
      sections: [
        {
          heading: '1. Цели и задачи дисциплины',
          paragraphs: ['Сформировать у студентов знания и практические навыки, предусмотренные образовательной программой.'],
        },
        { heading: '2. Пререквизиты', paragraphs: ['Дисциплины предыдущих семестров согласно учебному плану.'] },
        { heading: '3. Политика оценивания', paragraphs: ['Текущий контроль — 30 баллов, рубежный контроль — 30 баллов, итоговый контроль — 40 баллов.'] },
        {
          heading: '4. Баалоо саясаты',
          paragraphs: ['Учурдагы көзөмөл — 30 балл, аралык көзөмөл — 30 балл, жыйынтыктоочу көзөмөл — 40 балл.'],
          lang: 'kg',
        },
      ],
    }),
  },
  {
    id: 2,
    names: ['Конспект лекций', 'Лекциялардын конспекти', 'Lecture notes'],
    pdf: () => ({
      title: 'Конспект лекций',
      subtitle: 'Учебно-методический комплекс · Окуу-методикалык комплекс',
      sections: [
        { heading: 'Лекция 1. Введение', paragraphs: ['Предмет и задачи курса. Основные понятия и определения. История развития области.'] },
        { heading: 'Лекция 2. Основные понятия', paragraphs: ['Классификация методов. Примеры применения на практике. Вопросы для самоконтроля.'] },
        { heading: '1-лекция. Киришүү', paragraphs: ['Курстун предмети жана милдеттери. Негизги түшүнүктөр.'], lang: 'kg' },
      ],
    }),
  },
  {
    id: 3,
    names: ['Методические указания', 'Методикалык көрсөтмөлөр', 'Guidelines'],
    pdf: () => ({
      title: 'Методические указания к лабораторным работам',
      subtitle: 'Учебно-методический комплекс · Окуу-методикалык комплекс',
      sections: [
        {
          heading: 'Общие требования',
          paragraphs: ['Отчёт по лабораторной работе содержит цель, ход работы, результаты и выводы. Отчёт сдаётся в течение недели.'],
        },
        {
          heading: 'Лабораторная работа № 1',
          paragraphs: ['Цель: освоить инструменты и среду выполнения работ. Задание: выполнить примеры из методических указаний.'],
        },
      ],
    }),
  },
  {
    id: 4,
    names: ['Тестовые задания', 'Тесттик тапшырмалар', 'Test questions'],
    pdf: () => ({
      title: 'Тестовые задания для самоконтроля',
      subtitle: 'Учебно-методический комплекс · Окуу-методикалык комплекс',
      sections: [
        {
          heading: 'Вариант 1',
          paragraphs: ['1. Дайте определение основного понятия курса.', '2. Перечислите этапы решения типовой задачи.', '3. Приведите пример из практики.'],
        },
        { heading: '1-вариант', paragraphs: ['1. Курстун негизги түшүнүгүнө аныктама бергиле.'], lang: 'kg' },
      ],
    }),
  },
  {
    id: 5,
    names: ['Презентация', 'Презентация', 'Presentation'],
    pdf: () => ({
      title: 'Презентация к лекциям',
      subtitle: 'Учебно-методический комплекс',
      sections: [{ heading: 'Слайды 1–10', paragraphs: ['Ключевые определения, схемы и примеры курса.'] }],
    }),
  },
];

/** The kinds of teaching materials: a list every portal needs (the empty one too, ./empty.ts). */
export async function seedUmkTypes(db: Db): Promise<void> {
  await db.insert(umkTypes).values(UMK_TYPES.map((t) => ({ id: t.id, nameRu: t.names[0], nameKg: t.names[1], nameEn: t.names[2] })));
}

export async function seedUmk(db: Db, ctx: SeedContext): Promise<void> {
  const prng = new Prng('umk');
  await seedUmkTypes(db);
  const pdfs = new Map<number, Buffer>();
  for (const type of UMK_TYPES) pdfs.set(type.id, await seedPdf(type.pdf()));
  const [demoTeacher] = await db.select({ teacherId: users.teacherId }).from(users).where(eq(users.login, DEMO_TEACHER.login));
  const [demoStudent] = await db
    .select({ groupId: students.groupId })
    .from(users)
    .innerJoin(students, eq(students.id, users.studentId))
    .where(eq(users.login, DEMO_STUDENT.login));
  // Assignments in the demo year: the demo teacher's, and whatever is taught to the demo student's group.
  const rows = await db
    .select({
      teacherId: teachingAssignments.teacherId,
      disciplineId: teachingAssignments.disciplineId,
      semesterId: teachingAssignments.semesterId,
      controlFormId: teachingAssignments.controlFormId,
      credits: teachingAssignments.credits,
      groupId: teachingAssignments.groupId,
      streamId: teachingAssignments.streamId,
      discipline: disciplines.nameRu,
    })
    .from(teachingAssignments)
    .innerJoin(disciplines, eq(disciplines.id, teachingAssignments.disciplineId))
    .where(eq(teachingAssignments.academicYearId, DEMO_YEAR))
    .orderBy(asc(teachingAssignments.id));
  const demoStreams = new Set(
    (await db.select({ streamId: streamGroups.streamId }).from(streamGroups).where(eq(streamGroups.groupId, demoStudent.groupId))).map((s) => s.streamId),
  );
  const demoGroupDisciplines = new Set(
    rows.filter((r) => r.groupId === demoStudent.groupId || (r.streamId !== null && demoStreams.has(r.streamId))).map((r) => r.disciplineId),
  );
  const chosen = new Map<number, (typeof rows)[number]>();
  for (const r of rows) {
    const demoOwn = r.teacherId === demoTeacher.teacherId!;
    if (!demoOwn && !demoGroupDisciplines.has(r.disciplineId)) continue;
    const known = chosen.get(r.disciplineId);
    // The demo teacher's own assignment wins, so that he manages the materials of his disciplines.
    if (!known || (demoOwn && known.teacherId !== demoTeacher.teacherId)) chosen.set(r.disciplineId, r);
  }
  const [category] = await db.select({ id: libraryCategories.id }).from(libraryCategories).where(eq(libraryCategories.nameRu, 'Программирование'));
  const owners = new Map((await db.select({ id: users.id, teacherId: users.teacherId }).from(users).where(eq(users.role, 1))).map((u) => [u.teacherId!, u.id]));
  const authors = new Map(
    (await db.select({ id: teachers.id, surname: teachers.surname, name: teachers.name }).from(teachers)).map((t) => [t.id, `${t.surname} ${t.name[0]}.`]),
  );
  let count = 0;
  for (const r of chosen.values()) {
    const ownerUserId = owners.get(r.teacherId)!;
    for (const type of UMK_TYPES.slice(0, 3 + (prng.chance(0.5) ? 1 : 0))) {
      const name = `${type.names[0]}: ${r.discipline}`;
      const fileName =
        `${type.names[0]}_${r.discipline}`
          .replace(/[«»"“”:;,.!?/\\]/g, '')
          .replace(/\s+/g, '_')
          .slice(0, 80) + '.pdf';
      const file = await writeSeedFile(db, ownerUserId, fileName, pdfs.get(type.id)!, ctx.files);
      const values = {
        typeId: type.id,
        name,
        author: authors.get(r.teacherId) ?? '',
        description: `${type.names[0]} по дисциплине «${r.discipline}».`,
        totalPages: prng.int(6, 120),
      };
      // Lecture notes of the demo teacher's disciplines are also in the library.
      let bookId: number | null = null;
      if (type.id === 2 && r.teacherId === demoTeacher.teacherId && category) {
        const [book] = await db
          .insert(books)
          .values({
            categoryId: category.id,
            name: values.name,
            author: values.author,
            description: values.description,
            totalPages: values.totalPages,
            fileId: file.id,
            uploaderUserId: ownerUserId,
            fromUmk: true,
            searchText: bookSearchText(values),
          })
          .returning({ id: books.id });
        bookId = book.id;
      }
      await db.insert(umkItems).values({
        ...values,
        disciplineId: r.disciplineId,
        semesterId: r.semesterId,
        academicYearId: DEMO_YEAR,
        controlFormId: r.controlFormId,
        teacherId: r.teacherId,
        credits: r.credits,
        audience: type.id === 4 ? 1 : 0,
        fileId: file.id,
        bookId,
        createdAt: new Date(ctx.now.getTime() - (count + 1) * 86_400_000),
      });
      count++;
    }
  }
  ctx.log(`umk: ${count} materials for ${chosen.size} disciplines`);
}
