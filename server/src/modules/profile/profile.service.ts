/** The caller's own profile card, photo and position (docs/api.md#profile); anyone else's → 403. */
import { ROLE_STUDENT, ROLE_TEACHER, type Language } from '../../../../contract/common';
import type { Photo, PhotoBody, PositionBody, PositionRow, Profile, ProfileBody } from '../../../../contract/profile';
import type { AppContext } from '../../context';
import { currentAcademicYear } from '../../lib/academic-year';
import { localName } from '../../i18n';
import { fullName } from '../../lib/person';
import { notFound } from '../../app-error';
import { asTeacher, assertOwn, type AuthInfo } from '../../shared/caller';
import { localText } from '../../lib/reference-texts';
import * as repo from './profile.repository';

export class ProfileService {
  constructor(private readonly ctx: AppContext) {}

  async profile(auth: AuthInfo, input: ProfileBody, lang: Language): Promise<Profile> {
    assertOwn(auth, input);
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
    const course = currentAcademicYear(this.ctx.now()) - admissionYear + 1;
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
