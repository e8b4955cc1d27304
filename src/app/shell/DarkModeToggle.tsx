import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { MoonIcon, SunIcon } from '@components/shellIcons';
import { shellActions, selectDark } from '@shared/shell/shell.slice';

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
      onClick={() => dispatch(shellActions.darkToggled())}
    >
      {dark ? <SunIcon size={18} /> : <MoonIcon size={18} />}
      <span>{t('actions.darkMode')}</span>
      <span className="switch" aria-hidden="true" />
    </button>
  );
}
