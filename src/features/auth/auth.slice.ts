/** Login area state: the login request, the forced credential update, Google sign-in, the university provider's sign-in, the logo. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Language } from '@contract/common';
import type { Logo, OidcSignIn } from '@contract/config';
import type { OidcAuthOutcome, User } from '@contract/auth';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

export type GoogleOutcome = 'failed' | 'unlinked' | 'disabled';
/** How the university provider's sign-in came back refused (?oidc=...). */
export type OidcOutcome = Exclude<OidcAuthOutcome, 'ok'>;

export interface AuthState {
  login: Loadable<null>;
  /** The forced credential update (the old credentials stay in the form, never in the store). */
  update: { required: boolean; login: string | null; fetching: boolean; error: Failure | null };
  /** Whether Google sign-in is on; `checked` once the server answered (or failed to). */
  google: { enabled: boolean; fetching: boolean; checked: boolean };
  /** Return from Google sign-in (?gauth=...). */
  gauth: Loadable<null> & { outcome: GoogleOutcome | null };
  /** The university provider's button (null: not configured); `checked` once known. */
  oidc: { signIn: OidcSignIn | null; checked: boolean };
  /** Return from the university provider's sign-in (?oidc=...). */
  oidcReturn: Loadable<null> & { outcome: OidcOutcome | null };
  /** The logo and the university name in `language` (/logo.json answers in the user's language). */
  logo: Loadable<Logo | null> & { language: Language | null };
}

export const initialAuthState: AuthState = {
  login: idle(null),
  update: { required: false, login: null, fetching: false, error: null },
  google: { enabled: false, fetching: false, checked: false },
  gauth: { ...idle(null), outcome: null },
  oidc: { signIn: null, checked: false },
  oidcReturn: { ...idle(null), outcome: null },
  logo: { ...idle(null), language: null },
};

export interface Credentials {
  login: string;
  password: string;
}

export interface CredentialUpdate {
  oldlog: string;
  oldpas: string;
  newlog: string;
  newpas: string;
}

const slice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loginRequested(state, _action: PayloadAction<Credentials>) {
      state.login = started(null);
      state.gauth.error = null;
      state.gauth.outcome = null;
      state.oidcReturn = initialAuthState.oidcReturn;
    },
    /** The recovery check answered LOG_PAS 0 (sign-in proceeds) or 1 (update first: updateRequired follows). */
    recoveryChecked(_state, _action: PayloadAction<0 | 1>) {},
    updateRequired(state, action: PayloadAction<{ login: string }>) {
      state.login.fetching = false;
      state.update = { required: true, login: action.payload.login, fetching: false, error: null };
    },
    loginSucceeded(state, _action: PayloadAction<User>) {
      state.login = succeeded(null);
      state.update = initialAuthState.update;
    },
    loginFailed(state, action: PayloadAction<Failure>) {
      state.login = failed(action.payload, null);
    },
    updateRequested(state, _action: PayloadAction<CredentialUpdate>) {
      state.update.fetching = true;
      state.update.error = null;
    },
    updateSucceeded(state) {
      state.update.fetching = false;
      state.update.required = false;
      // The sign-in with the new credentials follows.
      state.login = started(null);
    },
    updateFailed(state, action: PayloadAction<Failure>) {
      state.update.fetching = false;
      state.update.error = action.payload;
    },
    updateCancelled(state) {
      state.update = initialAuthState.update;
    },
    errorDismissed(state) {
      state.login.error = null;
      state.update.error = null;
      state.gauth.error = null;
      state.gauth.outcome = null;
      state.oidcReturn = initialAuthState.oidcReturn;
    },
    googleCheckRequested(state) {
      state.google = { enabled: false, fetching: true, checked: false };
    },
    googleCheckFinished(state, action: PayloadAction<boolean>) {
      state.google = { enabled: action.payload, fetching: false, checked: true };
    },
    googleReturnRequested(state) {
      state.gauth = { ...started(null), outcome: null };
    },
    googleReturnSucceeded(state) {
      state.gauth = { ...succeeded(null), outcome: null };
    },
    googleReturnFailed(state, action: PayloadAction<Failure>) {
      state.gauth = { ...failed(action.payload, null), outcome: null };
    },
    /** The server sent the browser back with ?gauth=failed|unlinked|disabled. */
    googleOutcomeReceived(state, action: PayloadAction<GoogleOutcome>) {
      state.gauth = { ...idle(null), outcome: action.payload };
    },
    oidcCheckRequested(state) {
      state.oidc = { signIn: null, checked: false };
    },
    oidcCheckFinished(state, action: PayloadAction<OidcSignIn | null>) {
      state.oidc = { signIn: action.payload, checked: true };
    },
    oidcReturnRequested(state) {
      state.oidcReturn = { ...started(null), outcome: null };
    },
    oidcReturnSucceeded(state) {
      state.oidcReturn = { ...succeeded(null), outcome: null };
    },
    oidcReturnFailed(state, action: PayloadAction<Failure>) {
      state.oidcReturn = { ...failed(action.payload, null), outcome: null };
    },
    /** The server sent the browser back with ?oidc=failed|expired|unknown|disabled|update. */
    oidcOutcomeReceived(state, action: PayloadAction<OidcOutcome>) {
      state.oidcReturn = { ...idle(null), outcome: action.payload };
    },
    /** The logo in the given language (the API client already sends it as Accept-Language). */
    logoRequested(state, action: PayloadAction<Language>) {
      state.logo = { ...started(null), language: action.payload };
    },
    logoSucceeded(state, action: PayloadAction<Logo>) {
      state.logo = { ...succeeded(action.payload), language: state.logo.language };
    },
    logoFailed(state, action: PayloadAction<Failure>) {
      state.logo = { ...failed(action.payload, null), language: state.logo.language };
    },
  },
  extraReducers: (builder) => {
    // The logo and the sign-in buttons are public and survive; the rest starts over.
    builder.addCase(sessionEnded, (state) => ({
      ...initialAuthState,
      logo: state.logo,
      google: state.google,
      oidc: state.oidc,
    }));
  },
});

export const authActions = slice.actions;
export const authReducer = slice.reducer;

type WithAuth = { auth: AuthState };
export const selectAuth = (state: WithAuth) => state.auth;
/** The university's logo and name, in the language they were asked in (the login page, and the shell's header through the manifest). */
export const selectLogo = (state: WithAuth) => state.auth.logo;
