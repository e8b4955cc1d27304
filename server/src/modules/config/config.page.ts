/**
 * What the sign-in card waits for, inside the /login page (plugins/spa.ts): logo.json's reply in the
 * page's language, whether Google sign-in is on (check.json) and the university provider's button (config.json's `oidc`), so the card shows without two round
 * trips after the code has loaded; and the university's name in the boot splash.
 */
import type { LoginPageData } from '@contract/page';
import type { AppContext } from '../../context';
import type { PagePart } from '../../plugins/spa';
import { ConfigService } from './config.service';

/** The sign-in page's card, and the shell's config and logo inside every page with signed-in data. */
export function configPages(ctx: AppContext): PagePart[] {
  const config = new ConfigService(ctx);
  return [
    loginPage(config),
    { key: 'config', routes: 'with-data', optional: true, load: async () => config.appConfig() },
    { key: 'logo', routes: 'with-data', optional: true, load: (_caller, lang) => config.logo(lang) },
  ];
}

function loginPage(config: ConfigService): PagePart {
  return {
    key: 'login',
    routes: ['/login'],
    public: true,
    load: async (lang): Promise<LoginPageData> => ({
      logo: await config.logo(lang),
      googleSignIn: config.appConfig().googleEnabled,
      oidcSignIn: config.appConfig().oidc,
    }),
    // The university's name shows with the logo from the first paint, while the card's code loads.
    splashText: (value) => (value as LoginPageData).logo.name || null,
  };
}
