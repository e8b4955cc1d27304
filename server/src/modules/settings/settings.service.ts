/** /api/misc/settings.json and dinurls.json (docs/areas/settings.md#calls): the session's defaults and menu links, the university's services. */
import type { Language } from '@contract/common';
import type { AppLink, Settings, SettingsBody } from '@contract/settings';
import type { AppContext } from '../../context';
import { currentPeriod } from '../../lib/academic-year';
import { assertOwn, type AuthInfo } from '../../shared/caller';
import { universityName } from '../../shared/site.repository';
import { serverTimeZone } from '../../shared/time-zone';
import * as repo from './settings.repository';

export class SettingsService {
  constructor(private readonly ctx: AppContext) {}

  async settings(auth: AuthInfo, input: SettingsBody, lang: Language): Promise<Settings> {
    assertOwn(auth, input);
    const period = currentPeriod(this.ctx.now());
    const links = await repo.menuLinksForRole(this.ctx.db, auth.role);
    return [
      {
        id_a_year: period.year,
        a_year: period.yearName,
        id_w_s: period.ws,
        universityName: await universityName(this.ctx.db, lang),
        maxSizeMb: this.ctx.config.uploadLimitMb,
        timeZone: serverTimeZone(),
      },
      links,
    ];
  }

  async appLinks(): Promise<AppLink[]> {
    const rows = await repo.listAppLinks(this.ctx.db);
    return rows.map((r) => ({ id: r.id, name: { kg: r.nameKg, ru: r.nameRu, en: r.nameEn }, url: r.url, icon: r.icon }));
  }
}
