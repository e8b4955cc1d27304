import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@shared/hooks';
import { selectAuth } from '../auth.slice';

export const DEFAULT_LOGO = `${import.meta.env.BASE_URL}logo.svg`;

/** The desktop's brand panel beside the card: the logo, the university's name and the tagline. */
export function LoginHero({ universityName }: { universityName: string }) {
  const { t } = useTranslation(['auth', 'cm'], { useSuspense: false });
  const logo = useAppSelector(selectAuth).logo.data;
  return (
    <section className="login-hero" aria-hidden="true">
      <div className="login-hero-inner">
        <img src={logo?.logo || DEFAULT_LOGO} alt="" width={112} height={112} className="login-hero-logo" />
        <p className="login-hero-name">{universityName}</p>
        <p className="login-hero-tagline">{t('login.tagline')}</p>
      </div>
    </section>
  );
}
