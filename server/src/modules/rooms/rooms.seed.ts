/**
 * The rooms area's seed step: the kind of each room of the demo university (its building and
 * capacity come with the rooms, db/seed/university.ts). The laboratory building's first four rooms
 * are laboratories and the other four computer classes, as are two rooms of building No. 2; every
 * other room is a lecture hall (no row).
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { BUILDINGS } from '../../db/seed/data';
import type { SeedContext, SeedStep } from '../../db/seed';
import { auditoria } from '../../db/schema';
import { roomKinds } from './rooms.schema';

const [, SECOND, LABS] = BUILDINGS;
/** The demo university's rooms that are not lecture halls: [building, room, kind]. */
export const ROOM_KIND_SEED: ReadonlyArray<readonly [string, string, 'lab' | 'computer']> = [
  ...LABS.rooms.map((room, i) => [LABS.name, room, i < 4 ? 'lab' : 'computer'] as const),
  [SECOND.name, '210', 'computer'],
  [SECOND.name, '211', 'computer'],
];

async function seedRooms(db: Db, ctx: SeedContext): Promise<void> {
  const rooms = await db
    .select({ id: auditoria.id, name: auditoria.name, building: auditoria.building })
    .from(auditoria)
    .where(inArray(auditoria.building, [SECOND.name, LABS.name]));
  const idOf = new Map(rooms.map((r) => [`${r.building}|${r.name}`, r.id]));
  const values = ROOM_KIND_SEED.flatMap(([building, name, kind]) => {
    const auditoriumId = idOf.get(`${building}|${name}`);
    return auditoriumId ? [{ auditoriumId, kind }] : [];
  });
  if (values.length) await db.insert(roomKinds).values(values);
  ctx.log(`rooms: ${values.length} laboratories and computer classes`);
}

export const SEED_STEPS: readonly SeedStep[] = [{ name: '0023-rooms', run: seedRooms }];
