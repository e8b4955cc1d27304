/**
 * Seed step 0005-chat: conversations of the demo accounts. The demo teacher talks with the demo
 * student and a few students of his other groups; the demo student's group has chats about the
 * autumn disciplines (Web Programming with the demo teacher, another with its own teacher). Each
 * demo account finds a few unread messages. Texts are Russian and Kyrgyz, as people write them; one
 * message carries a PDF, one a photo (a generated PNG). Times are counted back from the seed's clock.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { chatGroupReads, chatMessages, disciplines, groups, streamGroups, students, teachingAssignments, users } from '../schema';
import { writeSeedFile } from '../../plugins/files';
import { DEMO_STUDENT, DEMO_TEACHER, DEMO_YEAR } from './data';
import { png, textPdf } from './documents';
import type { SeedContext } from './index';

const WEB = 'Веб-программирование';
const SWTECH = 'Технологии разработки программного обеспечения';
const AUTUMN = 1;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Who writes a line: the demo teacher, the demo student, the other person, or the n-th classmate. */
type Who = 'T' | 'S' | 'O' | `C${number}`;
interface Line {
  who: Who;
  /** Days and hours before the seed's clock. */
  ago: number;
  text: string;
  file?: 'pdf' | 'png';
}

const at = (days: number, hours = 0) => days * DAY + hours * HOUR;

/** The demo teacher and the demo student (the last two lines unread by the teacher). */
const TEACHER_STUDENT: Line[] = [
  {
    who: 'S',
    ago: at(9, 5),
    text: 'Здравствуйте, Бакыт Кубанычбекович! Можно уточнить по лабораторной №3: форму регистрации нужно делать на чистом JS или можно на React?',
  },
  { who: 'T', ago: at(9, 3), text: 'Здравствуйте, Айпери. Третью делаем без фреймворков: HTML, CSS и обычный JavaScript. React начнём с пятой работы.' },
  { who: 'S', ago: at(9, 2), text: 'Понятно, спасибо!' },
  { who: 'T', ago: at(6, 6), text: 'Требования к курсовому проекту прикрепляю. Тему нужно согласовать до конца месяца.', file: 'pdf' },
  { who: 'S', ago: at(6, 4), text: 'Рахмат, агай! Можно взять тему «Онлайн-запись в поликлинику»?' },
  { who: 'T', ago: at(6, 1), text: 'Хорошая тема, согласовано. Продумайте роли: пациент, врач, администратор.' },
  { who: 'S', ago: at(2, 7), text: 'Бакыт Кубанычбекович, я отправила отчёт по лабораторной №3 на почту кафедры.' },
  { who: 'T', ago: at(2, 5), text: 'Получил, проверю до пятницы.' },
  { who: 'S', ago: at(0, 5), text: 'Вот схема базы данных для курсового, посмотрите, пожалуйста.', file: 'png' },
  { who: 'S', ago: at(0, 4), text: 'Таблицу записей я связала с врачами и кабинетами, правильно?' },
];

/** Other students of the demo teacher (the last line of the first one is unread). */
const TEACHER_OTHERS: Line[][] = [
  [
    { who: 'O', ago: at(4, 6), text: 'Саламатсызбы, агай! Эртең сабакка кечигип калышым мүмкүн, автобус жок болуп жатат.' },
    { who: 'T', ago: at(4, 5), text: 'Жакшы, келгенде кирип кел. Лабораториялык ишти өткөрүүнү унутпа.' },
    { who: 'O', ago: at(1, 3), text: 'Агай, 4-лабораториялык иштин тапшырмасын кайдан алсам болот?' },
  ],
  [
    { who: 'O', ago: at(12, 2), text: 'Бакыт Кубанычбекович, я болел на прошлой неделе. Можно досдать лабораторную в четверг?' },
    { who: 'T', ago: at(12, 1), text: 'Можно, приходите в четверг после третьей пары в Лаб-2.' },
    { who: 'O', ago: at(11, 20), text: 'Спасибо, приду.' },
  ],
  [
    { who: 'T', ago: at(3, 8), text: 'У вас не сдана вторая лабораторная. Крайний срок — следующая среда.' },
    { who: 'O', ago: at(3, 2), text: 'Извините, сдам в понедельник. У меня не запускался сервер, уже разобрался.' },
  ],
];

/** The demo student and another teacher of her group (his last line unread by her). */
const STUDENT_OTHER_TEACHER: Line[] = [
  { who: 'S', ago: at(8, 4), text: 'Здравствуйте! Подскажите, пожалуйста, когда будет консультация перед модулем?' },
  { who: 'O', ago: at(8, 2), text: 'Здравствуйте. В среду в 14:30, аудитория 204.' },
  { who: 'O', ago: at(0, 7), text: 'Айпери, напомните группе, что в пятницу модульная контрольная. Нужно повторить темы 1–5.' },
];

/** The group chat of the demo student's group about Web Programming (the last lines unread). */
const GROUP_WEB: Line[] = [
  { who: 'T', ago: at(10, 6), text: 'Добрый день! В этом чате будем обсуждать лабораторные и курсовые по веб-программированию.' },
  { who: 'C1', ago: at(10, 5), text: 'Здравствуйте! Лабораторные сдаём на занятии или можно отправлять ссылкой на репозиторий?' },
  { who: 'T', ago: at(10, 4), text: 'Ссылкой на репозиторий, а защита — на занятии.' },
  { who: 'C2', ago: at(7, 9), text: 'Ребята, кто понял, как настроить CORS в четвёртой лабе?' },
  { who: 'S', ago: at(7, 8), text: 'Мен түшүндүм, сабактан кийин көрсөтөм 🙂' },
  { who: 'C3', ago: at(5, 3), text: 'Агай, модулдук текшерүү качан болот?' },
  { who: 'T', ago: at(5, 2), text: 'Модуль — 28 ноября, на лабораторном занятии. Темы: HTTP, формы, fetch, валидация.' },
  { who: 'C1', ago: at(1, 9), text: 'Ссылка на презентацию по REST не открывается, можно обновить?' },
  { who: 'T', ago: at(0, 9), text: 'Обновил в UMK, проверьте. Напоминаю: лабораторная №4 до воскресенья.' },
  { who: 'C2', ago: at(0, 3), text: 'Рахмат, агай, ачылды!' },
];

/** The group chat about another autumn discipline with its own teacher. */
const GROUP_OTHER: Line[] = [
  { who: 'O', ago: at(6, 5), text: 'Всем добрый день! Распределение тем для командных проектов — в прикреплённой таблице на сайте кафедры.' },
  { who: 'C3', ago: at(6, 3), text: 'Можно поменяться темами внутри группы?' },
  { who: 'O', ago: at(6, 2), text: 'Можно, если обе команды согласны. Сообщите мне до пятницы.' },
  { who: 'S', ago: at(4, 1), text: 'Биздин команда «Электрондук журнал» темасын алат.' },
  { who: 'O', ago: at(0, 6), text: 'Напоминаю: первый спринт-отчёт сдаём в понедельник.' },
];

// --- files ------------------------------------------------------------------------------------

/** A 480×300 picture of a database diagram: three tables with headers, rows and links. */
export function schemaDiagramPng(): Buffer {
  const width = 480;
  const height = 300;
  const pixels = Buffer.alloc(width * height * 3, 0xff);
  const rect = (x0: number, y0: number, w: number, h: number, rgb: [number, number, number]) => {
    for (let y = y0; y < y0 + h; y++)
      for (let x = x0; x < x0 + w; x++) {
        const i = (y * width + x) * 3;
        pixels[i] = rgb[0];
        pixels[i + 1] = rgb[1];
        pixels[i + 2] = rgb[2];
      }
  };
  rect(0, 0, width, height, [244, 246, 250]);
  const table = (x: number, y: number, rows: number) => {
    rect(x - 2, y - 2, 124, 28 + rows * 20 + 4, [190, 198, 214]);
    rect(x, y, 120, 28 + rows * 20, [255, 255, 255]);
    rect(x, y, 120, 26, [29, 78, 158]);
    rect(x + 10, y + 10, 70, 6, [255, 255, 255]);
    for (let r = 0; r < rows; r++) rect(x + 10, y + 36 + r * 20, 40 + ((r * 37) % 50), 5, [120, 130, 150]);
  };
  table(30, 40, 4);
  table(330, 30, 5);
  table(180, 170, 3);
  rect(150, 80, 180, 3, [201, 151, 0]);
  rect(240, 83, 3, 87, [201, 151, 0]);
  return png(width, height, (x, y) => {
    const i = (y * width + x) * 3;
    return [pixels[i], pixels[i + 1], pixels[i + 2]];
  });
}

/** A one-page PDF with the course project requirements. */
export function requirementsPdf(): Buffer {
  return textPdf('Web Programming - course project requirements', [
    '1. A web application with a server part and a database.',
    '2. At least three user roles with different rights.',
    '3. Forms with validation on the client and on the server.',
    '4. The source code in a Git repository, with a README.',
    '5. A report of 15-20 pages and a demonstration at the defence.',
    '',
    'Topics are agreed with the teacher by the end of the month.',
  ]);
}

// --- people -----------------------------------------------------------------------------------

/** Groups (with the disciplines) the teacher teaches in a half-year, directly or through a stream. */
async function taughtGroups(db: Db, teacherId: number) {
  return db
    .selectDistinct({ groupId: sql<number>`coalesce(${teachingAssignments.groupId}, ${streamGroups.groupId})`, disciplineId: teachingAssignments.disciplineId })
    .from(teachingAssignments)
    .leftJoin(streamGroups, eq(streamGroups.streamId, teachingAssignments.streamId))
    .where(
      and(eq(teachingAssignments.teacherId, teacherId), eq(teachingAssignments.academicYearId, DEMO_YEAR), eq(teachingAssignments.workingSemesterId, AUTUMN)),
    );
}

async function userOf(db: Db, login: string) {
  const [row] = await db.select({ id: users.id, teacherId: users.teacherId, studentId: users.studentId }).from(users).where(eq(users.login, login));
  if (!row) throw new Error(`seed 0005-chat: no account '${login}'`);
  return row;
}

export async function seedChat(db: Db, ctx: SeedContext): Promise<void> {
  const now = ctx.now.getTime();
  const teacher = await userOf(db, DEMO_TEACHER.login);
  const student = await userOf(db, DEMO_STUDENT.login);
  const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, DEMO_STUDENT.group));
  const discipline = async (name: string) => (await db.select({ id: disciplines.id }).from(disciplines).where(eq(disciplines.nameRu, name)))[0]?.id;
  const web = await discipline(WEB);
  const swtech = await discipline(SWTECH);
  if (!group || !web || !swtech) throw new Error('seed 0005-chat: the demo group or its disciplines are missing');

  // Classmates (not the demo student) and students of the teacher's other groups.
  const classmates = await db
    .select({ userId: users.id })
    .from(students)
    .innerJoin(users, eq(users.studentId, students.id))
    .where(and(eq(students.groupId, group.id), ne(users.id, student.id)))
    .orderBy(asc(students.id))
    .limit(3);
  const otherGroupIds = [...new Set((await taughtGroups(db, teacher.teacherId!)).map((r) => r.groupId))].filter((g) => g !== group.id).sort((a, b) => a - b);
  const others = otherGroupIds.length
    ? await db
        .select({ userId: users.id, groupId: students.groupId })
        .from(students)
        .innerJoin(users, eq(users.studentId, students.id))
        .where(inArray(students.groupId, otherGroupIds))
        .orderBy(asc(students.groupId), asc(students.id))
    : [];
  // One student from each of the first groups, then from the demo group if there are too few.
  const picked: number[] = [];
  for (const g of otherGroupIds) {
    const s = others.find((o) => o.groupId === g && !picked.includes(o.userId));
    if (s) picked.push(s.userId);
    if (picked.length === TEACHER_OTHERS.length) break;
  }
  for (const c of classmates) if (picked.length < TEACHER_OTHERS.length && !picked.includes(c.userId)) picked.push(c.userId);

  // The teacher of the other discipline in the demo group.
  const [otherTeacher] = await db
    .selectDistinct({ userId: users.id })
    .from(teachingAssignments)
    .leftJoin(streamGroups, eq(streamGroups.streamId, teachingAssignments.streamId))
    .innerJoin(users, eq(users.teacherId, teachingAssignments.teacherId))
    .where(
      and(
        eq(teachingAssignments.disciplineId, swtech),
        eq(teachingAssignments.academicYearId, DEMO_YEAR),
        eq(teachingAssignments.workingSemesterId, AUTUMN),
        sql`coalesce(${teachingAssignments.groupId}, ${streamGroups.groupId}) = ${group.id}`,
        ne(users.id, teacher.id),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);

  const pdf = await writeSeedFile(db, teacher.id, 'Требования к курсовому проекту.pdf', requirementsPdf(), ctx.files);
  const png = await writeSeedFile(db, student.id, 'Схема БД.png', schemaDiagramPng(), ctx.files);
  const fileIds = { pdf: pdf.id, png: png.id };

  const base = { disciplineId: web, academicYearId: DEMO_YEAR, workingSemesterId: AUTUMN };
  const rows: Array<typeof chatMessages.$inferInsert> = [];
  const resolve = (who: Who, other: number | null) => {
    if (who === 'T') return teacher.id;
    if (who === 'S') return student.id;
    if (who === 'O') return other!;
    return classmates[(Number(who.slice(1)) - 1) % Math.max(1, classmates.length)]?.userId ?? student.id;
  };
  /** A one-to-one conversation; `unreadFrom` lines at the end stay unread. */
  const pair = (lines: Line[], a: number, b: number, other: number | null, disciplineId: number, unreadTail: number) => {
    lines.forEach((line, i) => {
      const sender = resolve(line.who, other);
      const createdAt = new Date(now - line.ago);
      const unread = i >= lines.length - unreadTail;
      rows.push({
        ...base,
        disciplineId,
        senderUserId: sender,
        recipientUserId: sender === a ? b : a,
        message: line.text,
        fileId: line.file ? fileIds[line.file] : null,
        createdAt,
        readAt: unread ? null : new Date(createdAt.getTime() + 20 * 60_000),
      });
    });
  };
  const groupChat = (lines: Line[], disciplineId: number, other: number | null) => {
    for (const line of lines)
      rows.push({
        ...base,
        disciplineId,
        groupId: group.id,
        senderUserId: resolve(line.who, other),
        message: line.text,
        fileId: line.file ? fileIds[line.file] : null,
        createdAt: new Date(now - line.ago),
      });
  };

  pair(TEACHER_STUDENT, teacher.id, student.id, null, web, 2);
  TEACHER_OTHERS.forEach((lines, i) => {
    if (picked[i] !== undefined) pair(lines, teacher.id, picked[i], picked[i], web, i === 0 ? 1 : 0);
  });
  if (otherTeacher) pair(STUDENT_OTHER_TEACHER, student.id, otherTeacher.userId, otherTeacher.userId, swtech, 1);
  groupChat(GROUP_WEB, web, null);
  if (otherTeacher) groupChat(GROUP_OTHER, swtech, otherTeacher.userId);

  // In time order, so that ids follow time as in real use.
  rows.sort((x, y) => (x.createdAt as Date).getTime() - (y.createdAt as Date).getTime());
  const inserted = await db
    .insert(chatMessages)
    .values(rows)
    .returning({ id: chatMessages.id, groupId: chatMessages.groupId, disciplineId: chatMessages.disciplineId, createdAt: chatMessages.createdAt });

  // Read marks of the group chats: the demo accounts have read all but the last day.
  const lastReadBefore = (disciplineId: number, cutoff: number) =>
    inserted
      .filter((r) => r.groupId === group.id && r.disciplineId === disciplineId && r.createdAt.getTime() < cutoff)
      .reduce((max, r) => Math.max(max, r.id), 0);
  const marks: Array<typeof chatGroupReads.$inferInsert> = [];
  const mark = (userId: number, disciplineId: number, cutoff: number) => {
    const id = lastReadBefore(disciplineId, cutoff);
    if (id > 0) marks.push({ userId, groupId: group.id, disciplineId, lastReadId: id });
  };
  mark(teacher.id, web, now - at(0, 8));
  mark(student.id, web, now - at(1, 0));
  if (otherTeacher) {
    mark(student.id, swtech, now - at(1, 0));
    mark(otherTeacher.userId, swtech, now);
  }
  for (const c of classmates) mark(c.userId, web, now - at(2, 0));
  if (marks.length) await db.insert(chatGroupReads).values(marks);

  ctx.log(`chat: ${rows.length} messages in ${TEACHER_OTHERS.length + 2} conversations and 2 group chats`);
}
