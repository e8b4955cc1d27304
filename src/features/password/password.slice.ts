/** Change-password area: (a) password change, (b) login-and-password change followed by a new sign-in. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Failure } from '../../api/http';
import { sessionEnded } from '../../shared/session/session';

interface RequestState {
  fetching: boolean;
  error: Failure | null;
  done: boolean;
}

export interface PasswordState {
  change: RequestState;
  loginChange: RequestState;
}

const idle: RequestState = { fetching: false, error: null, done: false };
const started: RequestState = { fetching: true, error: null, done: false };

export const initialPasswordState: PasswordState = { change: idle, loginChange: idle };

export interface PasswordChange {
  password: string;
  newPassword: string;
}

export interface LoginChange {
  password: string;
  newlog: string;
  newpas: string;
}

const slice = createSlice({
  name: 'password',
  initialState: initialPasswordState,
  reducers: {
    changeRequested(state, _action: PayloadAction<PasswordChange>) {
      state.change = started;
    },
    changeSucceeded(state) {
      state.change = { ...idle, done: true };
    },
    changeFailed(state, action: PayloadAction<Failure>) {
      state.change = { ...idle, error: action.payload };
    },
    loginChangeRequested(state, _action: PayloadAction<LoginChange>) {
      state.loginChange = started;
    },
    loginChangeSucceeded(state) {
      state.loginChange = { ...idle, done: true };
    },
    loginChangeFailed(state, action: PayloadAction<Failure>) {
      state.loginChange = { ...idle, error: action.payload };
    },
    /** Leaving the screen or editing again clears the result lines. */
    resultsCleared() {
      return initialPasswordState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialPasswordState);
  },
});

export const passwordActions = slice.actions;
export const passwordReducer = slice.reducer;

type WithPassword = { password: PasswordState };
export const selectPassword = (state: WithPassword) => state.password;
