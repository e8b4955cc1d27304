import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@shared/hooks';
import { ROLE_TEACHER } from '@shared/request/roles';
import { selectConfig } from '@shared/config/config';
import { selectUser } from '@shared/session/session';
import { Avatar } from '@components/Avatar';
import { ChevronDownIcon, LockIcon } from '@components/shellIcons';
import { areaParts } from '../loadAreas';

interface Props {
  /** Full name instead of the short one (mobile). */
  mobile: boolean;
  /** Items placed by the shell: dark mode, language, logout. */
  children?: ReactNode;
}

/** The header's profile menu (docs/areas/profile.md#for-users). */
export function ProfileMenu({ mobile, children }: Props) {
  const { t } = useTranslation('cm');
  const user = useAppSelector(selectUser);
  const config = useAppSelector(selectConfig);
  // The profile area's (through the manifest's SHELL_PARTS); the position is asked again in a new language by its saga.
  const { selectPositionLine, selectAvatarSrc } = areaParts().shell.profileLine;
  const line = useAppSelector(selectPositionLine);
  const src = useAppSelector(selectAvatarSrc);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      // Back to the button that opened it, rather than to the page's start.
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;
  const name = mobile ? user.fullName : user.shortName || user.fullName;

  return (
    <div className="profile-menu" ref={rootRef}>
      <button
        type="button"
        className="profile-button"
        data-testid="profile-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        ref={buttonRef}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar src={src} name={user.fullName} size={36} />
        {/* Named by what it shows (name and position), after what it opens. */}
        <span className="sr-only">{t('profileMenu.title')}: </span>
        <span className="profile-button-text">
          <span className="profile-name">{name}</span>
          {line ? <span className="profile-line">{line}</span> : null}
        </span>
        <ChevronDownIcon size={16} className="profile-chevron" />
      </button>
      {open ? (
        <div className="profile-panel" id={panelId} role="region" aria-label={t('profileMenu.title')}>
          <div className="profile-panel-head">
            <Avatar src={src} name={user.fullName} size={56} />
            <div>
              <p className="profile-panel-name">{user.fullName}</p>
              {line ? <p className="profile-panel-line">{line}</p> : null}
              <p className="profile-panel-role">{t(user.role === ROLE_TEACHER ? 'roles.teacher' : 'roles.student')}</p>
            </div>
          </div>
          <div className="profile-panel-items">
            <Link to="/change-password" className="menu-item">
              <LockIcon size={18} />
              <span>{t('actions.changePassword')}</span>
            </Link>
            {children}
          </div>
          <p className="profile-panel-version">{t('profileMenu.version', { version: config?.version ?? '—' })}</p>
        </div>
      ) : null}
    </div>
  );
}
