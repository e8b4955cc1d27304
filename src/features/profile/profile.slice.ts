/** Profile area: profile data, photo, teacher position, settings (defaults + menu links), apps. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Profile, ProfileBody } from '../../../contract/profile';
import type { PhotoBody, PositionRow } from '../../../contract/profile';
import type { AppLink, MenuLink, Settings, SettingsDefaults } from '../../../contract/settings';
import type { Failure } from '../../api/http';
import { sessionEnded } from '../../shared/session/session';

interface Loadable {
  fetching: boolean;
  error: Failure | null;
}

export interface ProfileState {
  data: Loadable & { value: Profile | null };
  /** A data: URL of the photo, or null (initials are shown instead). */
  photo: Loadable & { src: string | null };
  position: Loadable & { value: PositionRow | null };
  settings: Loadable & { defaults: SettingsDefaults | null; links: MenuLink[] };
  apps: Loadable & { items: AppLink[] };
}

const idle: Loadable = { fetching: false, error: null };
const loading: Loadable = { fetching: true, error: null };

export const initialProfileState: ProfileState = {
  data: { ...idle, value: null },
  photo: { ...idle, src: null },
  position: { ...idle, value: null },
  settings: { ...idle, defaults: null, links: [] },
  apps: { ...idle, items: [] },
};

const slice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    dataRequested(state, _action: PayloadAction<ProfileBody>) {
      state.data = { ...loading, value: null };
    },
    dataSucceeded(state, action: PayloadAction<Profile>) {
      state.data = { ...idle, value: action.payload };
    },
    dataFailed(state, action: PayloadAction<Failure>) {
      state.data = { fetching: false, error: action.payload, value: null };
    },
    photoRequested(state, _action: PayloadAction<PhotoBody>) {
      state.photo = { ...loading, src: null };
    },
    photoSucceeded(state, action: PayloadAction<string | null>) {
      state.photo = { ...idle, src: action.payload };
    },
    photoFailed(state, action: PayloadAction<Failure>) {
      state.photo = { fetching: false, error: action.payload, src: null };
    },
    positionRequested(state, _action: PayloadAction<{ id: number }>) {
      state.position = { ...loading, value: null };
    },
    positionSucceeded(state, action: PayloadAction<PositionRow | null>) {
      state.position = { ...idle, value: action.payload };
    },
    positionFailed(state, action: PayloadAction<Failure>) {
      state.position = { fetching: false, error: action.payload, value: null };
    },
    settingsRequested(state, _action: PayloadAction<{ uid: number; role: 1 | 2 }>) {
      state.settings = { ...loading, defaults: null, links: [] };
    },
    settingsSucceeded(state, action: PayloadAction<Settings>) {
      const [defaults, links] = action.payload;
      state.settings = { ...idle, defaults: defaults ?? null, links: links ?? [] };
    },
    settingsFailed(state, action: PayloadAction<Failure>) {
      state.settings = { fetching: false, error: action.payload, defaults: null, links: [] };
    },
    appsRequested(state) {
      state.apps = { ...loading, items: [] };
    },
    appsSucceeded(state, action: PayloadAction<AppLink[]>) {
      state.apps = { ...idle, items: action.payload };
    },
    appsFailed(state, action: PayloadAction<Failure>) {
      state.apps = { fetching: false, error: action.payload, items: [] };
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
