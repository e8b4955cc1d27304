import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TFunction } from 'i18next';
import type { Failure } from '@api/http';
import { toLanguage } from '../../i18n/languages';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import type { SessionState } from '@shared/session/session';
import { authActions, selectAuth, type AuthState, type GoogleOutcome, type OidcOutcome } from './auth.slice';

const GOOGLE_OUTCOMES: readonly string[] = ['failed', 'unlinked', 'disabled'];
const OIDC_OUTCOMES: readonly string[] = ['failed', 'expired', 'unknown', 'disabled', 'update'];

/**
 * What the login card waits for: the logo in the user's language (/logo.json, once i18next has
 * settled on it), whether Google sign-in is configured and the university provider's button (each
 * asked once, the answer kept); and the return from either sign-in (?gauth=ok or ?oidc=ok enters,
 * other outcomes show their message). True while the logo or an answer is still to come.
 */
export function useLoginData(resolvedLanguage: string | undefined): boolean {
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const [params, setParams] = useSearchParams();
  const language = resolvedLanguage ? toLanguage(resolvedLanguage) : null;
  const logoLanguage = auth.logo.language;
  useEffect(() => {
    if (language && logoLanguage !== language) dispatch(authActions.logoRequested(language));
  }, [dispatch, language, logoLanguage]);

  useEffect(() => {
    if (!auth.google.checked) dispatch(authActions.googleCheckRequested());
    if (!auth.oidc.checked) dispatch(authActions.oidcCheckRequested());
    // Only once per visit of the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch]);

  const gauth = params.get('gauth');
  useEffect(() => {
    if (!gauth) return;
    if (gauth === 'ok') dispatch(authActions.googleReturnRequested());
    else if (GOOGLE_OUTCOMES.includes(gauth)) dispatch(authActions.googleOutcomeReceived(gauth as GoogleOutcome));
    const next = new URLSearchParams(params);
    next.delete('gauth');
    setParams(next, { replace: true });
  }, [gauth, params, setParams, dispatch]);

  const oidc = params.get('oidc');
  useEffect(() => {
    if (!oidc) return;
    if (oidc === 'ok') dispatch(authActions.oidcReturnRequested());
    else dispatch(authActions.oidcOutcomeReceived(OIDC_OUTCOMES.includes(oidc) ? (oidc as OidcOutcome) : 'failed'));
    const next = new URLSearchParams(params);
    next.delete('oidc');
    setParams(next, { replace: true });
  }, [oidc, params, setParams, dispatch]);

  const logoPending = logoLanguage !== language || (!auth.logo.data && !auth.logo.error);
  return logoPending || !auth.google.checked || !auth.oidc.checked;
}

/** The error line of the card: the update's, the sign-in's, Google's, the university provider's, or the session's notice. */
export function loginMessage(t: TFunction, auth: AuthState, session: SessionState): string | null {
  const loginError = (failure: Failure) =>
    failure.status === 401 && failure.error?.code !== 'TOO_MANY_REQUESTS' ? t('cm:errors.BAD_CREDENTIALS') : describeFailure(t, failure);
  if (auth.update.required) return auth.update.error ? describeFailure(t, auth.update.error) : null;
  // What went wrong, and nothing else: the new-password rule is not the sign-in's.
  if (auth.login.error) return loginError(auth.login.error);
  if (auth.gauth.error) return auth.gauth.error.status === 401 ? t('login.gauth.failed') : describeFailure(t, auth.gauth.error);
  if (auth.gauth.outcome) return t(`login.gauth.${auth.gauth.outcome}`);
  if (auth.oidcReturn.error) return auth.oidcReturn.error.status === 401 ? t('login.oidcAuth.failed') : describeFailure(t, auth.oidcReturn.error);
  if (auth.oidcReturn.outcome) return t(`login.oidcAuth.${auth.oidcReturn.outcome}`);
  if (session.message) return t(session.message);
  return null;
}
