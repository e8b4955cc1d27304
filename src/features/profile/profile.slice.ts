/** Profile area: profile data, photo, teacher position, apps (the university's settings are shared: shared/settings). */
import { createSlice } from '@reduxjs/toolkit';
import type { PositionRow, Profile } from '@contract/profile';
import type { AppLink } from '@contract/settings';
import { idle, loadReducers, type Loadable } from '@shared/request/loadable';
import { ROLE_TEACHER } from '@shared/request/roles';
import { sessionEnded, type SessionState } from '@shared/session/session';
import { readItem, STORAGE_KEYS } from '@lib/storage';

export interface ProfileState {
  data: Loadable<Profile | null>;
  /** A data: URL of the photo, or null (initials are shown instead). */
  photo: Loadable<string | null>;
  position: Loadable<PositionRow | null>;
  apps: Loadable<AppLink[]>;
}

export const initialProfileState: ProfileState = {
  data: idle(null),
  photo: idle(null),
  position: idle(null),
  apps: idle([]),
};

const loads = loadReducers<ProfileState>();

const slice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    /** The profile screen is shown: its card loads for the signed-in user. */
    opened() {},
    ...loads('data', null),
    ...loads('photo', null),
    ...loads('position', null),
    ...loads('apps', []),
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialProfileState);
  },
});

export const profileActions = slice.actions;
export const profileReducer = slice.reducer;

type WithProfile = { profile: ProfileState };
export const selectProfile = (state: WithProfile) => state.profile;
/** The university's other services (dinurls): the shell's apps panel and page, through the manifest. */
export const selectApps = (state: WithProfile) => state.profile.apps;

/**
 * What the profile shows of the signed-in person beside the name, on the profile screen and in the
 * shell's profile menu (through the manifest): a teacher's position (POST /api/misc/position.json,
 * asked again in a new language by the saga), a student's group.
 */
export function selectPositionLine(state: WithProfile & { session: SessionState }): string | null {
  const user = state.session.user;
  if (!user) return null;
  if (user.role === ROLE_TEACHER) return state.profile.position.data?.position ?? user.position ?? null;
  return user.position ?? null;
}

/** The photo as a data: URL, or null (initials are shown); while it loads, the copy kept at the last sign-in avoids a flash of initials. */
export function selectAvatarSrc(state: WithProfile): string | null {
  const { photo } = state.profile;
  return photo.data ?? (photo.fetching ? readItem(STORAGE_KEYS.image) : null);
}
