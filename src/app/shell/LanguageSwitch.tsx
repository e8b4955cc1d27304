import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LANGUAGES } from '../../i18n/languages';
import { shellActions, selectShell } from '@shared/shell/shell.slice';

/** kg / ru / en buttons labelled 'KG', 'RU', 'EN'; the choice is kept in the `lang` cookie. */
export function LanguageSwitch() {
  const { t } = useTranslation('cm');
  const dispatch = useAppDispatch();
  const { language } = useAppSelector(selectShell);
  return (
    <div className="lang-switch" role="group" aria-label={t('actions.language')}>
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng === 'kg' ? 'ky' : lng}
          className={`lang-btn${language === lng ? ' active' : ''}`}
          aria-pressed={language === lng}
          onClick={() => dispatch(shellActions.languageRequested(lng))}
        >
          {lng.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
