/**
 * Seed step 0006-schedule: the weekly timetable of the demo teacher's assignments and of the demo
 * students' groups, in every half-year that has teaching assignments. Lectures go to the main
 * building's large rooms, practice to building No. 2, laboratory work to the laboratory building.
 * No teacher, group (or half of a group) or room is in two places at once, and the demo teacher's
 * lessons are spread over the six working days so that nearly every weekday has one.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../client';
import { auditoria, groups, scheduleEntries, streamGroups, teachingAssignments, users } from '../schema';
import { BUILDINGS, DEMO_FRESHMAN, DEMO_STUDENT, DEMO_TEACHER, HISTORY_YEARS, LAB, LECTURE } from './data';
import type { SeedContext } from './index';

const DAYS = [1, 2, 3, 4, 5, 6] as const;
/** Morning shift first: pairs 1..5. */
const TIMES = [1, 2, 3, 4, 5] as const;

type Assignment = typeof teachingAssignments.$inferSelect;

interface Room {
  id: number;
  building: string;
  name: string;
  capacity: number | null;
}

/** Which rooms suit a lesson type, best first. */
function roomsFor(rooms: Room[], lessonTypeId: number, stream: boolean): Room[] {
  const [main, second, labs] = BUILDINGS.map((b) => b.name);
  if (lessonTypeId === LAB) return rooms.filter((r) => r.building === labs);
  if (lessonTypeId === LECTURE)
    return rooms
      .filter((r) => r.building === main && r.name !== 'Актовый зал' && (r.capacity ?? 0) >= (stream ? 45 : 30))
      .sort((a, b) => (b.capacity ?? 0) - (a.capacity ?? 0));
  return rooms.filter((r) => r.building === second);
}

export async function seedSchedule(db: Db, ctx: SeedContext): Promise<void> {
  const [teacher] = await db.select({ teacherId: users.teacherId }).from(users).where(eq(users.login, DEMO_TEACHER.login));
  if (!teacher?.teacherId) throw new Error('seed 0006-schedule: no demo teacher');
  const demoGroups = await db
    .select({ id: groups.id, educationFormId: groups.educationFormId })
    .from(groups)
    .where(inArray(groups.name, [DEMO_STUDENT.group, DEMO_FRESHMAN.group]));
  const demoGroupIds = demoGroups.map((g) => g.id);
  const memberships = await db.select().from(streamGroups);
  const demoStreamIds = [...new Set(memberships.filter((m) => demoGroupIds.includes(m.groupId)).map((m) => m.streamId))];
  const membersOf = (a: Assignment): number[] => (a.groupId ? [a.groupId] : memberships.filter((m) => m.streamId === a.streamId).map((m) => m.groupId));
  const allGroups = await db.select({ id: groups.id, educationFormId: groups.educationFormId }).from(groups);
  const formOf = new Map(allGroups.map((g) => [g.id, g.educationFormId]));

  const assignments = await db
    .select()
    .from(teachingAssignments)
    .where(
      and(
        inArray(teachingAssignments.academicYearId, [...HISTORY_YEARS]),
        or(
          eq(teachingAssignments.teacherId, teacher.teacherId),
          inArray(teachingAssignments.groupId, demoGroupIds),
          demoStreamIds.length ? inArray(teachingAssignments.streamId, demoStreamIds) : undefined,
        ),
      ),
    )
    .orderBy(teachingAssignments.id);
  const rooms: Room[] = await db
    .select({ id: auditoria.id, building: auditoria.building, name: auditoria.name, capacity: auditoria.capacity })
    .from(auditoria)
    .orderBy(auditoria.id);

  const rows: (typeof scheduleEntries.$inferInsert)[] = [];
  const halves = new Map<string, Assignment[]>();
  for (const a of assignments) {
    const key = `${a.academicYearId}:${a.workingSemesterId}`;
    halves.set(key, [...(halves.get(key) ?? []), a]);
  }
  for (const list of halves.values()) {
    // The demo teacher's lessons first, spread over the week; then the groups' other lessons.
    const ordered = [...list.filter((a) => a.teacherId === teacher.teacherId), ...list.filter((a) => a.teacherId !== teacher.teacherId)];
    const busy = new Set<string>();
    let demoIndex = 0;
    let otherIndex = 0;
    for (const a of ordered) {
      const demo = a.teacherId === teacher.teacherId;
      const start = demo ? demoIndex++ : otherIndex++;
      const members = membersOf(a);
      const candidates = roomsFor(rooms, a.lessonTypeId, a.streamId !== null);
      const placed = (() => {
        for (let d = 0; d < DAYS.length; d++) {
          const day = DAYS[(start + d) % DAYS.length];
          for (let t = 0; t < TIMES.length; t++) {
            const time = TIMES[(Math.floor(start / DAYS.length) + t) % TIMES.length];
            const slot = `${day}:${time}`;
            if (busy.has(`t:${a.teacherId}:${slot}`)) continue;
            // A whole-group lesson needs both halves free; a half's lesson needs that half.
            const halvesUsed = a.subgroup === 0 ? [1, 2] : [a.subgroup];
            if (members.some((g) => halvesUsed.some((h) => busy.has(`g:${g}:${h}:${slot}`)))) continue;
            const room = candidates.find((r) => !busy.has(`r:${r.id}:${slot}`));
            if (!room) continue;
            busy.add(`t:${a.teacherId}:${slot}`);
            busy.add(`r:${room.id}:${slot}`);
            for (const g of members) for (const h of halvesUsed) busy.add(`g:${g}:${h}:${slot}`);
            return { day, time, room };
          }
        }
        return null;
      })();
      if (!placed) throw new Error(`seed 0006-schedule: no free slot for assignment ${a.id}`);
      rows.push({
        academicYearId: a.academicYearId,
        workingSemesterId: a.workingSemesterId,
        semesterId: a.semesterId,
        dayNumber: placed.day,
        lessonTimeId: placed.time,
        auditoriumId: placed.room.id,
        teachingAssignmentId: a.id,
        disciplineId: a.disciplineId,
        lessonTypeId: a.lessonTypeId,
        teacherId: a.teacherId,
        groupId: a.groupId,
        streamId: a.streamId,
        subgroup: a.subgroup,
        educationFormId: formOf.get(members[0]) ?? demoGroups[0].educationFormId,
        isSelect: false,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 400) await db.insert(scheduleEntries).values(rows.slice(i, i + 400));
  ctx.log(`schedule: ${rows.length} weekly lessons in ${halves.size} half-years`);
}
