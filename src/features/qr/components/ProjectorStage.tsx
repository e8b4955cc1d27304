/**
 * What the room sees on the projector screen (the element shown full screen): the QR code of the
 * current token with the typed code, the countdown to the next code and the count; or, once
 * attendance is closed, the button that opens it again.
 */
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import type { QrSession } from '@contract/qr';
import { scanUrl } from '@api/qr';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { problemText } from '../problems';
import { qrActions, selectQr } from '../qr.slice';

interface Props {
  ref: Ref<HTMLElement>;
  session: QrSession;
  idShed: number;
  projected: boolean;
  fullscreen: boolean;
  secondsLeft: number | null;
}

export function ProjectorStage({ ref, session, idShed, projected, fullscreen, secondsLeft }: Props) {
  const { t } = useTranslation(['qr', 'cm']);
  const dispatch = useAppDispatch();
  const { token, tokenError, tokenRetrying, session: loadable } = useAppSelector(selectQr).projector;
  // The count the room sees: beside the code, or alone when there is no code to show.
  const count: ReactNode = (
    <p className="qr-count qr-stage-count" aria-live="polite" data-testid="qr-count">
      {t('projector.count', { n: session.count, m: session.total })}
    </p>
  );
  return (
    <section
      ref={ref}
      className={`qr-code-panel qr-stage card${projected ? ' qr-stage-projected' : ''}`}
      aria-labelledby="qr-code-title"
      data-testid="qr-stage"
    >
      <h2 id="qr-code-title" className="sr-only">
        {t('projector.codeTitle')}
      </h2>
      {session.closed ? (
        <>
          <p className="qr-closed">{t('projector.closed')}</p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={loadable.fetching}
            onClick={() => dispatch(qrActions.openRequested({ idShed, makeup: false, reopen: true }))}
          >
            {t('projector.reopen')}
          </button>
        </>
      ) : token ? (
        <>
          <div className="qr-code-box" data-testid="qr-token" data-token={token.token}>
            <QRCodeSVG
              value={scanUrl(window.location.origin, token.token)}
              size={320}
              level="M"
              marginSize={2}
              bgColor="#ffffff"
              fgColor="#000000"
              title={t('projector.qrAlt')}
            />
          </div>
          <div className="qr-stage-side">
            <p className="qr-typed">
              {t('projector.typedCode')} <strong data-testid="qr-code">{token.code}</strong>
            </p>
            {secondsLeft !== null ? (
              <p className="qr-countdown" data-testid="qr-countdown">
                {t('projector.nextCode', { count: secondsLeft })}
              </p>
            ) : null}
            {count}
            {fullscreen ? (
              <button type="button" className="btn btn-secondary qr-stage-exit" onClick={() => void document.exitFullscreen()}>
                {t('projector.exitFullscreen')}
              </button>
            ) : null}
          </div>
        </>
      ) : tokenError ? (
        <div role="alert" className="error-message" data-testid="qr-token-failed">
          <p>{problemText(t, tokenError) || describeFailure(t, tokenError)}</p>
          {tokenRetrying ? <p>{t('projector.tokenRetrying')}</p> : null}
        </div>
      ) : (
        <Spinner label={t('cm:loading')} />
      )}
      {session.closed || !token ? count : null}
    </section>
  );
}
