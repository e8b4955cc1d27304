/** /lms/change-password: (a) change the password, (b) change login and password (then sign in again). */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { selectConfig, selectPasswordMin } from '@shared/config/config';
import { selectUser } from '@shared/session/session';
import { GOOGLE_AUTH_URL } from '@api/auth';
import { CheckIcon, GoogleIcon } from '@components/icons';
import { describeFailure } from '@shared/request/errors';
import type { Failure } from '@api/http';
import { LoginChangeForm } from './components/LoginChangeForm';
import { PasswordChangeForm } from './components/PasswordChangeForm';
import { passwordActions, selectPassword } from './password.slice';
import './password.css';

function Outcome({ done, error, ok, failed }: { done: boolean; error: Failure | null; ok: string; failed: string }) {
  const { t } = useTranslation('password');
  if (done)
    return (
      <p className="result-line success" role="status">
        <CheckIcon size={18} />
        {ok}
      </p>
    );
  if (error)
    return (
      <p className="result-line failure" role="alert">
        {failed}
        {(() => {
          const reason = describeFailure(t, error);
          return reason ? `: ${reason}` : '';
        })()}
      </p>
    );
  return null;
}

export default function ChangePasswordScreen() {
  const { t } = useTranslation(['password', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const config = useAppSelector(selectConfig);
  const min = useAppSelector(selectPasswordMin);
  const state = useAppSelector(selectPassword);
  const [params] = useSearchParams();

  useEffect(() => {
    dispatch(passwordActions.opened());
    return () => {
      dispatch(passwordActions.resultsCleared());
    };
  }, [dispatch]);

  if (!user) return null;
  const gauth = params.get('gauth');

  return (
    <div className="password-screen">
      <h1 className="screen-title">{t('title')}</h1>
      <div className="password-grid">
        <section className="card" aria-labelledby="pw-change-title">
          <h2 id="pw-change-title">{t('change.title')}</h2>
          <p className="muted small">{t('change.intro')}</p>
          <Outcome done={state.change.data} error={state.change.error} ok={t('change.success')} failed={t('change.failure')} />
          <PasswordChangeForm
            min={min}
            busy={state.change.fetching}
            done={state.change.data}
            onSubmit={(values) => dispatch(passwordActions.changeRequested(values))}
          />
        </section>
        <section className="card" aria-labelledby="pw-login-title">
          <h2 id="pw-login-title">{t('login.title')}</h2>
          <p className="muted small">{t('login.intro')}</p>
          <Outcome done={state.loginChange.data} error={state.loginChange.error} ok={t('login.success')} failed={t('login.failure')} />
          <LoginChangeForm
            currentLogin={user.login}
            min={min}
            busy={state.loginChange.fetching}
            done={state.loginChange.data}
            onSubmit={(values) => dispatch(passwordActions.loginChangeRequested(values))}
          />
        </section>
        {config?.googleEnabled ? (
          <section className="card" aria-labelledby="pw-google-title">
            <h2 id="pw-google-title">{t('google.title')}</h2>
            {gauth === 'linked' ? (
              <p className="result-line success" role="status">
                <CheckIcon size={18} />
                {t('google.linked')}
              </p>
            ) : gauth && gauth !== 'ok' ? (
              <p className="result-line failure" role="alert">
                {t('google.failed')}
              </p>
            ) : null}
            <p className="muted small">{t('google.intro')}</p>
            <a className="btn btn-google" href={GOOGLE_AUTH_URL}>
              <GoogleIcon />
              {t('google.link')}
            </a>
          </section>
        ) : null}
      </div>
    </div>
  );
}
