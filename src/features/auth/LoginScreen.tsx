/**
 * /lms/login (docs/areas/auth.md#for-users): logo, login form or forced credential update, Google sign-in, the
 * university provider's sign-in (shown only when configured), and the error line. Desktop shows a brand panel beside the card; below 899.92 px the form fills the screen.
 */
import { useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { configActions, selectConfig, selectPasswordMin } from '@shared/config/config';
import { selectSession, sessionMessageCleared } from '@shared/session/session';
import { forgetReturn, rememberReturn, returnPath, storedReturn } from '@shared/session/returnPath';
import { GOOGLE_AUTH_URL, OIDC_AUTH_URL } from '@api/auth';
import { ErrorLine } from '@components/fields';
import { GoogleIcon, UniversityIcon } from '@components/icons';
import { PageSpinner } from '@components/Spinner';
import { authActions, selectAuth, type Credentials } from './auth.slice';
import { DEFAULT_LOGO, LoginHero } from './components/LoginHero';
import { LoginForm } from './components/LoginForm';
import { UpdateCredentialsForm } from './components/UpdateCredentialsForm';
import { loginMessage, useLoginData } from './useLoginData';
import { toLanguage } from '../../i18n/languages';
import './login.css';

export default function LoginScreen({ aside }: { aside?: ReactNode }) {
  // Not suspending: the screen mounts (and asks for the logo and the Google flag) while its texts
  // are still loading, and shows the spinner until they are there.
  const { t, i18n, ready } = useTranslation(['auth', 'cm'], { useSuspense: false });
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  const auth = useAppSelector(selectAuth);
  const config = useAppSelector(selectConfig);
  const passwordMin = useAppSelector(selectPasswordMin);
  const location = useLocation();
  const credentials = useRef<Credentials | null>(null);

  const dataPending = useLoginData(i18n.resolvedLanguage);

  // The logo's size and the university name (/logo.json), the Google button (check.json) and the
  // university provider's button (config.json's oidc) shape the card: it waits for every answer (or
  // failure), so it appears once in its final layout and nothing moves afterwards.
  const waiting = !ready || session.status === 'checking' || auth.gauth.fetching || auth.oidcReturn.fetching || dataPending;
  // The card is the screen's biggest render: once everything is there it is rendered as a deferred
  // update, in short slices that keep the page responsive, rather than in one long task.
  const cardReady = useDeferredValue(!waiting);
  const cardShown = cardReady && !waiting;

  // The configuration (the update form's password minimum) plays no part in the card: it is asked
  // for once the card is up, rather than competing with what the card waits for.
  useEffect(() => {
    if (cardShown && !config) dispatch(configActions.loadRequested());
    // When the card appears, not on every change of the config.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, cardShown]);

  // The page that asked for the session (RequireSession), kept across Google sign-in in this tab
  // (read once: it is forgotten as soon as the session starts).
  const from = (location.state as { from?: unknown } | null)?.from;
  const [kept] = useState(storedReturn);
  const signedIn = session.status === 'authenticated' && session.user !== null;
  useEffect(() => {
    if (signedIn) forgetReturn();
  }, [signedIn]);

  if (signedIn) {
    return <Navigate to={returnPath(from) ?? returnPath(kept) ?? '/'} replace />;
  }
  if (!cardShown) return <PageSpinner />;

  const message = loginMessage(t, auth, session);

  const dismiss = () => {
    dispatch(authActions.errorDismissed());
    dispatch(sessionMessageCleared());
  };

  const submitLogin = (values: Credentials) => {
    credentials.current = values;
    forgetReturn();
    dispatch(sessionMessageCleared());
    dispatch(authActions.loginRequested(values));
  };

  const submitUpdate = (values: { newlog: string; newpas: string }) => {
    const old = credentials.current;
    if (!old) {
      dispatch(authActions.updateCancelled());
      return;
    }
    dispatch(authActions.updateRequested({ oldlog: old.login, oldpas: old.password, ...values }));
  };

  const logo = auth.logo.data;
  const oidcName = auth.oidc.signIn?.name[toLanguage(i18n.resolvedLanguage ?? 'ru')] ?? null;
  const keepReturn = () => rememberReturn(typeof from === 'string' ? from : null);
  const universityName = logo?.name || t('cm:universityName');

  return (
    <div className="login-page">
      <LoginHero universityName={universityName} />
      <main className="login-main">
        <div className="login-card">
          <header className="login-brand">
            <img src={logo?.logo || DEFAULT_LOGO} alt={t('cm:logoAlt')} width={logo?.width ?? 72} height={logo?.width ?? 72} className="login-logo" />
            <p className="login-university" style={logo?.fontsize ? { fontSize: `${logo.fontsize}px` } : undefined}>
              {universityName}
            </p>
          </header>
          <h1 className="login-title">{auth.update.required ? t('update.heading') : t('login.title')}</h1>
          {message ? <ErrorLine message={message} onClose={dismiss} /> : null}
          {auth.update.required ? (
            <UpdateCredentialsForm
              login={auth.update.login}
              passwordMin={passwordMin}
              busy={auth.update.fetching}
              onSubmit={submitUpdate}
              onCancel={() => dispatch(authActions.updateCancelled())}
            />
          ) : (
            <>
              <LoginForm busy={auth.login.fetching} onSubmit={submitLogin} />
              {auth.google.enabled || auth.oidc.signIn ? (
                <div className="login-divider">
                  <span>{t('login.or')}</span>
                </div>
              ) : null}
              {auth.oidc.signIn ? (
                <a className="btn btn-google btn-block" href={OIDC_AUTH_URL} onClick={keepReturn}>
                  <UniversityIcon />
                  {oidcName ? t('login.oidcNamed', { name: oidcName }) : t('login.oidc')}
                </a>
              ) : null}
              {auth.google.enabled ? (
                <a className="btn btn-google btn-block" href={GOOGLE_AUTH_URL} onClick={keepReturn}>
                  <GoogleIcon />
                  {t('login.google')}
                </a>
              ) : null}
            </>
          )}
          {aside ? <div className="login-aside">{aside}</div> : null}
        </div>
      </main>
    </div>
  );
}
