/** /api/misc: the caller's photo and position, settings and menu links, apps, academic years, faculties. */
import type { IdName, Language } from '../../../../contract/common';
import type { FacultiesBody } from '../../../../contract/academic';
import type { Photo, PhotoBody, PositionBody, PositionRow } from '../../../../contract/profile';
import type { AppLink, Settings, SettingsBody } from '../../../../contract/settings';
import type { AppContext } from '../../context';
import { localName } from '../../i18n';
import { academicYearName, currentAcademicYear } from '../../lib/academic-year';
import { forbidden, notFound } from '../../plugins/envelope';
import { assertSelf, type AuthInfo } from '../../plugins/session';
import { ConfigService } from '../config/config.service';
import * as repo from './misc.repository';

/** Autumn half-year from September to January, spring from February to August. */
export function currentWorkingSemester(now: Date): 1 | 2 {
  const month = now.getMonth();
  return month >= 8 || month === 0 ? 1 : 2;
}

export class MiscService {
  private readonly site: ConfigService;

  constructor(private readonly ctx: AppContext) {
    this.site = new ConfigService(ctx);
  }

  async photo(auth: AuthInfo, body: PhotoBody): Promise<Photo> {
    assertSelf(auth, body);
    const row = await repo.findPersonPhoto(this.ctx.db, auth.role, auth.uid);
    return row ? { photo: row.bytes.toString('base64'), mime: row.mime } : { photo: null, mime: null };
  }

  /** A teacher's own position and department. */
  async position(auth: AuthInfo, body: PositionBody, lang: Language): Promise<PositionRow[]> {
    if (auth.role !== 1 || body.id !== auth.uid) throw forbidden();
    const row = await repo.findTeacherPosition(this.ctx.db, auth.uid);
    if (!row) throw notFound();
    return [{ position: localName(row.position, lang), department: localName(row.department, lang) }];
  }

  async settings(auth: AuthInfo, body: SettingsBody, lang: Language): Promise<Settings> {
    assertSelf(auth, body);
    const now = this.ctx.now();
    const year = this.defaultYear();
    const links = await repo.menuLinksForRole(this.ctx.db, auth.role);
    return [
      {
        id_a_year: year.id,
        a_year: year.name,
        id_w_s: currentWorkingSemester(now),
        universityName: await this.site.universityName(lang),
        maxSizeMb: this.ctx.config.uploadLimitMb,
      },
      links,
    ];
  }

  async appLinks(): Promise<AppLink[]> {
    const rows = await repo.listAppLinks(this.ctx.db);
    return rows.map((r) => ({ id: r.id, name: { kg: r.nameKg, ru: r.nameRu, en: r.nameEn }, url: r.url, icon: r.icon }));
  }

  /** Six academic years, from four back to one ahead of the current, oldest first. */
  years(): IdName[] {
    const current = currentAcademicYear(this.ctx.now());
    return Array.from({ length: 6 }, (_, i) => current - 4 + i).map((id) => ({ id, name: academicYearName(id) }));
  }

  defaultYear(): IdName {
    const id = currentAcademicYear(this.ctx.now());
    return { id, name: academicYearName(id) };
  }

  async faculties(body: FacultiesBody, lang: Language): Promise<IdName[]> {
    const rows = await repo.facultiesStudyingIn(this.ctx.db, body.id);
    return rows.map((r) => ({ id: r.id, name: localName(r, lang) }));
  }
}
