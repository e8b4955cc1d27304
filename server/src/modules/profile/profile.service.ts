/** The caller's own profile card, photo and position (docs/areas/profile.md#calls); anyone else's → 403. */
import { ROLE_STUDENT, ROLE_TEACHER, type Language } from '@contract/common';
import type { Photo, PhotoBody, PositionBody, PositionRow, Profile, ProfileBody } from '@contract/profile';
import type { AppContext } from '../../context';
import { currentPeriod } from '../../lib/academic-year';
import { localName } from '../../i18n';
import { fullName } from '../../lib/person';
import { notFound } from '../../app-error';
import { asTeacher, assertOwn, type AuthInfo } from '../../shared/caller';
import { localText } from '../../lib/reference-texts';
import { ReplyCache } from '../../plugins/reply-cache';
import * as repo from './profile.repository';

/** Profiles kept per process at most (plugins/reply-cache.ts). */
const KEPT_PROFILES_MAX = 5000;
/** What a profile is read from: a write to any of them drops the kept profiles. */
const PROFILE_TABLES = ['users', 'teachers', 'students', 'positions', 'departments', 'faculties', 'groups', 'specialities', 'education_forms'];

export class ProfileService {
  /** Profiles as last read, per account, language and academic year (plugins/reply-cache.ts). */
  private readonly profiles: ReplyCache<Profile>;

  constructor(private readonly ctx: AppContext) {
    this.profiles = new ReplyCache(ctx.dataChanges, { name: 'profile', tables: PROFILE_TABLES, ttlMs: ctx.config.replyCacheMs, maxEntries: KEPT_PROFILES_MAX });
  }

  async profile(auth: AuthInfo, input: ProfileBody, lang: Language): Promise<Profile> {
    assertOwn(auth, input);
    const now = this.ctx.now();
    // The course follows the academic year.
    const key = `${auth.userId}:${auth.role}:${auth.uid}:${lang}:${currentPeriod(now).year}`;
    const kept = await this.profiles.get(key, now.getTime());
    if (kept.value) return kept.value;
    const profile = await this.read(auth, lang, now);
    this.profiles.set(key, profile, kept.mark, { from: now.getTime() });
    return profile;
  }

  private async read(auth: AuthInfo, lang: Language, now: Date): Promise<Profile> {
    const empty = { department: null, position: null, group: null, speciality: null, course: null, educationForm: null, code: null };
    if (auth.role === ROLE_TEACHER) {
      const t = await repo.findTeacherProfile(this.ctx.db, auth.uid);
      if (!t) throw notFound();
      const { department, faculty, position, googleSub, ...person } = t;
      return {
        ...person,
        ...personTexts(person, lang),
        ...empty,
        uid: auth.uid,
        role: ROLE_TEACHER,
        gender: person.gender === 'f' ? 'f' : 'm',
        fullName: fullName(person),
        faculty: localName(faculty, lang),
        department: localName(department, lang),
        position: localName(position, lang),
        googleLinked: googleSub !== null,
      };
    }
    const s = await repo.findStudentProfile(this.ctx.db, auth.uid);
    if (!s) throw notFound();
    const { speciality, faculty, educationForm, googleSub, admissionYear, durationYears, ...person } = s;
    const course = currentPeriod(now).year - admissionYear + 1;
    return {
      ...person,
      ...personTexts(person, lang),
      ...empty,
      uid: auth.uid,
      role: ROLE_STUDENT,
      gender: person.gender === 'f' ? 'f' : 'm',
      fullName: fullName(person),
      faculty: localName(faculty, lang),
      group: s.group,
      speciality: localName(speciality, lang),
      course: Math.min(Math.max(course, 1), durationYears),
      educationForm: localName(educationForm, lang),
      code: s.code,
      googleLinked: googleSub !== null,
    };
  }

  async photo(auth: AuthInfo, input: PhotoBody): Promise<Photo> {
    assertOwn(auth, input);
    const row = await repo.findPersonPhoto(this.ctx.db, auth.role, auth.uid);
    return row ? { photo: row.bytes.toString('base64'), mime: row.mime } : { photo: null, mime: null };
  }

  /** A teacher's own position and department. */
  async position(auth: AuthInfo, input: PositionBody, lang: Language): Promise<PositionRow[]> {
    assertOwn(auth, { uid: input.id });
    const row = await repo.findTeacherPosition(this.ctx.db, asTeacher(auth));
    if (!row) throw notFound();
    return [{ position: localName(row.position, lang), department: localName(row.department, lang) }];
  }
}

/** Nationality, citizenship and education in the caller's language. */
function personTexts(person: { nationality: string | null; citizenship: string | null; education: string | null }, lang: Language) {
  return {
    nationality: localText(person.nationality, lang),
    citizenship: localText(person.citizenship, lang),
    education: localText(person.education, lang),
  };
}
