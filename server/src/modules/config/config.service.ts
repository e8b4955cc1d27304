/** Public configuration for the client (config.json) and the login-screen logo (logo.json). */
import type { AppConfig, Logo } from '@contract/config';
import type { Language } from '@contract/common';
import type { AppContext } from '../../context';
import * as repo from '../../shared/site.repository';

const DEFAULT_LOGO = { url: '/lms/logo.svg', width: 64, fontsize: 18 };

export class ConfigService {
  constructor(private readonly ctx: AppContext) {}

  appConfig(): AppConfig {
    const c = this.ctx.config;
    return {
      version: this.ctx.version,
      maxSizeMb: c.uploadLimitMb,
      passwordMinLength: c.passwordMinLength,
      googleEnabled: c.google !== null,
      oidc: c.oidc ? { name: c.oidc.names } : null,
      cardPayment: c.paymentProvider !== null,
      sessionIdleMinutes: c.sessionIdleMinutes,
    };
  }

  async logo(lang: Language): Promise<Logo> {
    const settings = await repo.readSiteSettings(this.ctx.db);
    const int = (key: string, fallback: number) => {
      const n = Number(settings.get(key));
      return Number.isInteger(n) && n > 0 ? n : fallback;
    };
    return {
      logo: settings.get('logo_url') ?? DEFAULT_LOGO.url,
      width: int('logo_width', DEFAULT_LOGO.width),
      name: settings.get(`university_name_${lang}`) ?? settings.get('university_name_ru') ?? '',
      fontsize: int('logo_fontsize', DEFAULT_LOGO.fontsize),
    };
  }
}
