import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { MoonIcon, SunIcon } from '../../../components/moreIcons';
import { generalActions, selectDark } from '../general.slice';

/** A switch ('Тёмная тема' / 'Dark mode'); the choice lives in the `theme` cookie. */
export function DarkModeToggle({ className = 'menu-item', testId = 'dark-mode-toggle' }: { className?: string; testId?: string }) {
  const { t } = useTranslation('cm');
  const dispatch = useAppDispatch();
  const dark = useAppSelector(selectDark);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      className={className}
      data-testid={testId}
      title={t('actions.darkMode')}
      onClick={() => dispatch(generalActions.darkToggled())}
    >
      {dark ? <SunIcon size={18} /> : <MoonIcon size={18} />}
      <span>{t('actions.darkMode')}</span>
      <span className="switch" aria-hidden="true" />
    </button>
  );
}
