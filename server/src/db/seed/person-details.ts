/** The particulars of a seeded person (birth date, personal number, phone..., an avatar photo) and of a teacher by position. */
import { DOCENT, LECTURER, PROFESSOR, SENIOR_LECTURER } from './data';
import type { Gender, PersonName } from './names';
import type { Prng } from './prng';
import type { Db } from '../client';
import { photos } from '../schema';
import { avatarSvg } from './avatar';
import { insertIds } from './rows';

const PHONE_PREFIXES = ['555', '550', '551', '700', '701', '702', '705', '707', '770', '772', '777', '990', '995', '999'];

function phone(prng: Prng): string {
  const d = prng.digits(6);
  return `+996 ${prng.pick(PHONE_PREFIXES)} ${d.slice(0, 3)} ${d.slice(3)}`;
}

function birthDate(prng: Prng, year: number): string {
  const month = prng.int(1, 12);
  const day = prng.int(1, new Date(Date.UTC(year, month, 0)).getUTCDate());
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Kyrgyz personal number: 1 (female) or 2 (male), birth date DDMMYYYY, five digits. */
function taxId(prng: Prng, gender: Gender, birth: string): string {
  const [y, m, d] = birth.split('-');
  return `${gender === 'f' ? 1 : 2}${d}${m}${y}${prng.digits(5)}`;
}

export interface PersonRow extends PersonName {
  birthDate: string;
  citizenship: string;
  taxId: string;
  phone: string;
  email: string;
  education: string;
  photoId?: number;
}

export function personDetails(prng: Prng, p: PersonName, birthYear: number, email: string, education: string): PersonRow {
  const birth = birthDate(prng, birthYear);
  return { ...p, birthDate: birth, citizenship: 'Кыргызская Республика', taxId: taxId(prng, p.gender, birth), phone: phone(prng), email, education };
}

export const TEACHER_EDUCATION: Record<number, string> = {
  [PROFESSOR]: 'Высшее; доктор наук',
  [DOCENT]: 'Высшее; кандидат наук',
  [SENIOR_LECTURER]: 'Высшее; магистратура',
  [LECTURER]: 'Высшее; магистратура',
};
export const TEACHER_BIRTH: Record<number, [number, number]> = {
  [PROFESSOR]: [1954, 1970],
  [DOCENT]: [1965, 1987],
  [SENIOR_LECTURER]: [1975, 1992],
  [LECTURER]: [1988, 1999],
};
/** Positions in a department, in order: a professor, docents, senior lecturers, lecturers. */
export const POSITION_LADDER = [PROFESSOR, DOCENT, DOCENT, SENIOR_LECTURER, SENIOR_LECTURER, LECTURER, LECTURER, SENIOR_LECTURER, LECTURER];

/** Gives every person an avatar photo. */
export async function attachPhotos(db: Db, people: PersonRow[]): Promise<void> {
  const ids = await insertIds(
    db,
    photos,
    people.map((p) => ({ mime: 'image/svg+xml', bytes: avatarSvg(p.surname, p.name) })),
  );
  people.forEach((p, i) => (p.photoId = ids[i]));
}
