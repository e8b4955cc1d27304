/** Change-password area: (a) password change, (b) login-and-password change followed by a new sign-in. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

/** Each change's request state; `data` is true once it succeeded. */
export interface PasswordState {
  change: Loadable<boolean>;
  loginChange: Loadable<boolean>;
}

export const initialPasswordState: PasswordState = { change: idle(false), loginChange: idle(false) };

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
    /** The screen is shown: what its forms need (the password policy, in the config) loads. */
    opened() {},
    changeRequested(state, _action: PayloadAction<PasswordChange>) {
      state.change = started(false);
    },
    changeSucceeded(state) {
      state.change = succeeded(true);
    },
    changeFailed(state, action: PayloadAction<Failure>) {
      state.change = failed(action.payload, false);
    },
    loginChangeRequested(state, _action: PayloadAction<LoginChange>) {
      state.loginChange = started(false);
    },
    loginChangeSucceeded(state) {
      state.loginChange = succeeded(true);
    },
    loginChangeFailed(state, action: PayloadAction<Failure>) {
      state.loginChange = failed(action.payload, false);
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
