/** The caller's own profile (SPEC §2 "Profile menu"); anyone else's → 403. */
import type { Language } from '../../../../contract/common';
import type { Profile, ProfileBody } from '../../../../contract/profile';
import type { AppContext } from '../../context';
import { currentAcademicYear } from '../../lib/academic-year';
import { localName } from '../../i18n';
import { fullName } from '../../lib/person';
import { localText } from '../../lib/reference-texts';
import { notFound } from '../../plugins/envelope';
import { assertSelf, type AuthInfo } from '../../plugins/session';
import * as repo from './profile.repository';

export class ProfileService {
  constructor(private readonly ctx: AppContext) {}

  async profile(auth: AuthInfo, body: ProfileBody, lang: Language): Promise<Profile> {
    assertSelf(auth, body);
    const empty = { department: null, position: null, group: null, speciality: null, course: null, educationForm: null, code: null };
    if (auth.role === 1) {
      const t = await repo.findTeacherProfile(this.ctx.db, auth.uid);
      if (!t) throw notFound();
      const { department, faculty, position, googleSub, ...person } = t;
      return {
        ...person,
        ...personTexts(person, lang),
        ...empty,
        uid: auth.uid,
        role: 1,
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
      role: 2,
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
}

/** Nationality, citizenship and education in the caller's language. */
function personTexts(person: { nationality: string | null; citizenship: string | null; education: string | null }, lang: Language) {
  return {
    nationality: localText(person.nationality, lang),
    citizenship: localText(person.citizenship, lang),
    education: localText(person.education, lang),
  };
}
