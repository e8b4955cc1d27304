/**
 * Rooms (auditoria): matched by the building and the room's name together; the position QR
 * attendance checks a mark against (latitude, longitude, radius in metres) and the capacity.
 */
import type { ImportRecord } from '@contract/imports';
import type { ImportKindDef } from './imports.kind';
import { changesOf, DuplicateCheck, RowReader, writeRecords, type Column, type Field } from './imports.rows';
import * as repo from './imports.repository';

type Key = 'building' | 'name' | 'latitude' | 'longitude' | 'radius' | 'capacity';

/** The radius a room's marks may be from its position: a room, up to a campus. */
export const ROOM_RADIUS_M = { min: 10, max: 1000 } as const;

export const ROOM_COLUMNS: readonly Column<Key>[] = [
  { key: 'building', title: { ru: 'Корпус', kg: 'Корпус', en: 'Building' }, aliases: ['Здание', 'Имарат'], required: true, example: 'Главный корпус' },
  {
    key: 'name',
    title: { ru: 'Аудитория', kg: 'Аудитория', en: 'Room' },
    aliases: ['Номер аудитории', 'Кабинет', 'Room number', 'Auditorium', 'Аудиториянын номери'],
    required: true,
    example: '101',
  },
  { key: 'latitude', title: { ru: 'Широта', kg: 'Кеңдик', en: 'Latitude' }, aliases: ['Lat'], required: true, example: 42.8758 },
  { key: 'longitude', title: { ru: 'Долгота', kg: 'Узундук', en: 'Longitude' }, aliases: ['Lon', 'Lng', 'Long'], required: true, example: 74.5902 },
  {
    key: 'radius',
    title: { ru: 'Радиус, м', kg: 'Радиусу, м', en: 'Radius, m' },
    aliases: ['Радиус', 'Radius', 'Радиусу'],
    required: true,
    example: 80,
  },
  {
    key: 'capacity',
    title: { ru: 'Вместимость', kg: 'Сыйымдуулугу', en: 'Capacity' },
    aliases: ['Мест', 'Количество мест', 'Seats', 'Орун саны'],
    required: false,
    example: 30,
  },
];

const FIELDS: readonly Field<repo.RoomValues>[] = [
  { key: 'latitude', label: ROOM_COLUMNS[2].title },
  { key: 'longitude', label: ROOM_COLUMNS[3].title },
  { key: 'radiusM', label: ROOM_COLUMNS[4].title },
  { key: 'capacity', label: ROOM_COLUMNS[5].title },
];

/** How a room is named in the preview and compared: building and room, case as written. */
export const roomKey = (building: string, name: string) => `${building} / ${name}`;

export const roomsImport: ImportKindDef<Key> = {
  kind: 'rooms',
  columns: ROOM_COLUMNS,
  async plan(db, sheet, columns, lang) {
    const existing = new Map((await repo.allRooms(db)).map((a) => [roomKey(a.building, a.name), a]));
    const plan = { added: [] as ImportRecord[], changed: [] as ImportRecord[], unchanged: 0, refused: [], missing: [] };
    const inserts: repo.RoomValues[] = [];
    const updates: { id: number; values: Partial<repo.RoomValues> }[] = [];
    const duplicates = new DuplicateCheck();
    for (const row of sheet.rows) {
      const r = new RowReader(row, columns, lang, plan.refused);
      const building = r.required('building', 100);
      const name = r.required('name', 60);
      const latitude = r.decimal('latitude', -90, 90);
      const longitude = r.decimal('longitude', -180, 180);
      const radiusM = r.wholeNumber('radius', ROOM_RADIUS_M.min, ROOM_RADIUS_M.max);
      const capacity = r.wholeNumber('capacity', 1, 5000, false);
      const key = building === null || name === null ? null : roomKey(building, name);
      if (duplicates.repeated(r, 'name', key) || r.refused) continue;
      const values = {
        building: building!,
        name: name!,
        latitude: latitude!,
        longitude: longitude!,
        radiusM: radiusM!,
        // An absent column keeps the capacity; an empty cell clears it.
        capacity: r.has('capacity') ? capacity : undefined,
      };
      const before = existing.get(key!);
      if (!before) {
        plan.added.push({ line: r.line, key: key!, changes: [] });
        inserts.push({ ...values, capacity: values.capacity ?? null });
        continue;
      }
      const changes = changesOf(FIELDS, before, values, lang);
      if (changes.length === 0) plan.unchanged++;
      else {
        plan.changed.push({ line: r.line, key: key!, changes });
        updates.push({ id: before.id, values: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) });
      }
    }
    return { ...plan, write: writeRecords(inserts, updates, repo.insertRooms, repo.updateRoom) };
  },
  async exportRows(db) {
    return (await repo.allRooms(db)).map((a) => [a.building, a.name, a.latitude, a.longitude, a.radiusM, a.capacity]);
  },
};
