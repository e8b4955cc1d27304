/** What the profile shows of the signed-in person beside the name, on the profile screen and in the shell's profile menu (app/shell/ProfileMenu.tsx). */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { ROLE_TEACHER } from '@shared/request/roles';
import { selectUser } from '@shared/session/session';
import { readItem, STORAGE_KEYS } from '@lib/storage';
import { profileActions, selectProfile } from './profile.slice';

/** Teacher: position (POST /api/misc/position.json); student: group. */
export function usePositionLine(): string | null {
  const user = useAppSelector(selectUser);
  const { position } = useAppSelector(selectProfile);
  if (!user) return null;
  if (user.role === ROLE_TEACHER) return position.data?.position ?? user.position ?? null;
  return user.position ?? null;
}

export function useAvatarSrc(): string | null {
  const { photo } = useAppSelector(selectProfile);
  // While the photo loads, the copy cached at the last sign-in avoids a flash of initials.
  return photo.data ?? (photo.fetching ? readItem(STORAGE_KEYS.image) : null);
}

/** The position line comes translated: asked again when the user switches the language. */
export function usePositionFollowsLanguage(): void {
  const { i18n } = useTranslation('cm');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const language = i18n.resolvedLanguage;
  const askedIn = useRef(language);
  const isTeacher = user?.role === ROLE_TEACHER;
  useEffect(() => {
    if (askedIn.current === language) return;
    askedIn.current = language;
    if (isTeacher) dispatch(profileActions.positionRequested());
  }, [dispatch, language, isTeacher]);
}
