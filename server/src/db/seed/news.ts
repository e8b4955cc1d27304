/**
 * Seed step 0004-news: about thirty news items of the last months by the demo teacher and three
 * colleagues who are given newsPerms (one per faculty office), for everyone, teachers or students,
 * some for one faculty, two pinned, one scheduled, some with files built in code (PDF, PNG, text),
 * and reads by a share of the addressed accounts so that "read by N of M" means something.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { writeSeedFile } from '../../plugins/files';
import type { Db } from '../client';
import { departments, faculties, news, newsFiles, teachers, users } from '../schema';
import { DEMO_TEACHER, DEPARTMENTS, type DepartmentKey } from './data';
import type { SeedContext } from './index';
import { ITEMS, OFFICE_DEPARTMENTS, type Author } from './news.items';
import { Prng } from './prng';

/** Bishkek is UTC+6 all year. */
const BISHKEK_OFFSET_H = 6;

function moment(now: Date, days: number, at: string, prng: Prng): Date {
  const [h, m] = at.split(':').map(Number);
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * 86_400_000;
  return new Date(day + (h - BISHKEK_OFFSET_H) * 3_600_000 + m * 60_000 + prng.int(0, 59) * 1000);
}

export async function seedNews(db: Db, ctx: SeedContext): Promise<void> {
  const prng = new Prng('news');
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.login, DEMO_TEACHER.login));
  const authors: Record<Author, number> = { demo: demo.id, fit: 0, fem: 0, fh: 0 };
  for (const [author, key] of Object.entries(OFFICE_DEPARTMENTS) as [Exclude<Author, 'demo'>, DepartmentKey][]) {
    const nameRu = DEPARTMENTS.find((d) => d.key === key)!.names[0];
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(teachers, eq(teachers.id, users.teacherId))
      .innerJoin(departments, eq(departments.id, teachers.departmentId))
      .where(and(eq(departments.nameRu, nameRu), ne(users.id, demo.id)))
      .orderBy(asc(teachers.id))
      .limit(1);
    authors[author] = row.id;
    await db.update(users).set({ newsPerms: true }).where(eq(users.id, row.id));
  }
  const facultyIds = new Map((await db.select({ id: faculties.id, code: faculties.code }).from(faculties)).map((f) => [f.code, f.id]));

  let fileCount = 0;
  for (const item of ITEMS) {
    const publishAt = moment(ctx.now, item.days, item.at, prng);
    const [row] = await db
      .insert(news)
      .values({
        authorUserId: authors[item.author],
        message: item.message,
        audience: item.audience,
        facultyId: item.faculty ? facultyIds.get(item.faculty)! : null,
        pinned: item.pinned ?? false,
        publishAt,
        createdAt: item.days > 0 ? publishAt : ctx.now,
        // Items already out are history, not news to tell anyone of; a scheduled one notifies when it comes out.
        notifiedAt: publishAt <= ctx.now ? publishAt : null,
      })
      .returning({ id: news.id });
    for (const [position, file] of (item.files ?? []).entries()) {
      const stored = await writeSeedFile(db, authors[item.author], file.name, file.bytes(), ctx.files);
      await db.insert(newsFiles).values({ newsId: row.id, fileId: stored.id, position });
      fileCount++;
    }
  }

  const now = ctx.now.toISOString();
  // Reads: a share of the addressed accounts has seen each published item, more of the older ones.
  await db.execute(sql`
    insert into news_reads (news_id, user_id, read_at)
    select n.id, p.user_id, least(${now}::timestamptz, n.publish_at + ((p.user_id * 37 + n.id * 11) % 72) * interval '1 hour')
    from news n
    join (
      select u.id as user_id, u.role, d.faculty_id
        from users u join teachers t on t.id = u.teacher_id join departments d on d.id = t.department_id
      union all
      select u.id, u.role, sp.faculty_id
        from users u join students s on s.id = u.student_id join groups g on g.id = s.group_id join specialities sp on sp.id = g.speciality_id
    ) p on (n.audience = 0 or n.audience = p.role) and (n.faculty_id is null or n.faculty_id = p.faculty_id)
    where n.publish_at <= ${now}::timestamptz
      and p.user_id <> n.author_user_id
      and (p.user_id * 7919 + n.id * 104729) % 100 < least(85, 25 + extract(epoch from (${now}::timestamptz - n.publish_at)) / 86400)
  `);
  ctx.log(`news: ${ITEMS.length} items, ${fileCount} files, 3 more authors with newsPerms`);
}
