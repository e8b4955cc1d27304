/** Profile area: profile data, photo, teacher position, apps (the university's settings are shared: shared/settings). */
import { createSlice } from '@reduxjs/toolkit';
import type { PositionRow, Profile } from '@contract/profile';
import type { AppLink } from '@contract/settings';
import { idle, loadReducers, type Loadable } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

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
export const selectApps = (state: WithProfile) => state.profile.apps;
