/** Profile area: profile data, photo, teacher position, apps (the university's settings are shared: shared/settings). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PositionRow, Profile } from '../../../contract/profile';
import type { AppLink } from '../../../contract/settings';
import type { Failure } from '../../api/http';
import { failed, idle, started, succeeded, type Loadable } from '../../shared/request/loadable';
import { sessionEnded } from '../../shared/session/session';

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

const slice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    /** The profile screen is shown: its card loads for the signed-in user. */
    opened() {},
    dataRequested(state) {
      state.data = started(null);
    },
    dataSucceeded(state, action: PayloadAction<Profile>) {
      state.data = succeeded(action.payload);
    },
    dataFailed(state, action: PayloadAction<Failure>) {
      state.data = failed(action.payload, null);
    },
    photoRequested(state) {
      state.photo = started(null);
    },
    photoSucceeded(state, action: PayloadAction<string | null>) {
      state.photo = succeeded(action.payload);
    },
    photoFailed(state, action: PayloadAction<Failure>) {
      state.photo = failed(action.payload, null);
    },
    positionRequested(state) {
      state.position = started(null);
    },
    positionSucceeded(state, action: PayloadAction<PositionRow | null>) {
      state.position = succeeded(action.payload);
    },
    positionFailed(state, action: PayloadAction<Failure>) {
      state.position = failed(action.payload, null);
    },
    appsRequested(state) {
      state.apps = started([]);
    },
    appsSucceeded(state, action: PayloadAction<AppLink[]>) {
      state.apps = succeeded(action.payload);
    },
    appsFailed(state, action: PayloadAction<Failure>) {
      state.apps = failed(action.payload, []);
    },
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
