/** /api/misc/settings.json and dinurls.json (docs/api.md#settings): the session's defaults and menu links, the university's services. */
import type { Language } from '../../../../contract/common';
import type { AppLink, Settings, SettingsBody } from '../../../../contract/settings';
import type { AppContext } from '../../context';
import { AcademicService, currentWorkingSemester } from '../../shared/academic/academic.service';
import { assertOwn, type AuthInfo } from '../../shared/caller';
import { universityName } from '../../shared/site.repository';
import * as repo from './settings.repository';

export class SettingsService {
  private readonly academic: AcademicService;

  constructor(private readonly ctx: AppContext) {
    this.academic = new AcademicService(ctx);
  }

  async settings(auth: AuthInfo, input: SettingsBody, lang: Language): Promise<Settings> {
    assertOwn(auth, input);
    const year = this.academic.currentYear();
    const links = await repo.menuLinksForRole(this.ctx.db, auth.role);
    return [
      {
        id_a_year: year.id,
        a_year: year.name,
        id_w_s: currentWorkingSemester(this.ctx.now()),
        universityName: await universityName(this.ctx.db, lang),
        maxSizeMb: this.ctx.config.uploadLimitMb,
      },
      links,
    ];
  }

  async appLinks(): Promise<AppLink[]> {
    const rows = await repo.listAppLinks(this.ctx.db);
    return rows.map((r) => ({ id: r.id, name: { kg: r.nameKg, ru: r.nameRu, en: r.nameEn }, url: r.url, icon: r.icon }));
  }
}
