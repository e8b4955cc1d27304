/**
 * /lms/qrscan (student): mark attendance (docs/areas/qr.md#for-users). Scan the projector's QR code with the
 * camera (or open its link: /lms/qrscan?t=<token>), or type its code for a lesson in progress; the
 * mark goes with a fresh GPS reading.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { tokenFromScan } from '@api/qr';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { selectUser } from '@shared/session/session';
import { CameraScanner } from './components/CameraScanner';
import { OwnMarks } from './components/OwnMarks';
import { ScannedLesson } from './components/ScannedLesson';
import { ScanStatus } from './components/ScanStatus';
import { TypedCode } from './components/TypedCode';
import { qrActions, selectQr } from './qr.slice';
import './qr.css';
import './qr.scan.css';

export default function ScanScreen() {
  const { t } = useTranslation(['qr', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { scan } = useAppSelector(selectQr);
  const [params] = useSearchParams();
  const linked = params.get('t');
  // The scan kept through sign-in when the link was opened signed out (scanHold.ts).
  const held = params.get('h');
  const [camera, setCamera] = useState(false);

  useEffect(() => {
    dispatch(qrActions.scanOpened({ token: linked ? tokenFromScan(linked) : null, hold: held }));
  }, [dispatch, linked, held]);

  // Students only: the route says so (areas.ts `roles`).
  if (!user) return null;

  return (
    <div className="qr-screen qr-scan">
      <h1 className="screen-title">{t('scan.title')}</h1>

      {scan.token ? <ScannedLesson scan={scan} token={scan.token} /> : null}

      <ScanStatus scan={scan} />

      <section className="card" aria-labelledby="qr-camera-title">
        <h2 id="qr-camera-title">{t('scan.cameraTitle')}</h2>
        {camera ? (
          <CameraScanner
            onText={(text) => {
              setCamera(false);
              dispatch(qrActions.scanned({ token: tokenFromScan(text) }));
            }}
          />
        ) : null}
        <button type="button" className="btn btn-secondary" onClick={() => setCamera((on) => !on)}>
          {camera ? t('scan.stopCamera') : t('scan.startCamera')}
        </button>
      </section>

      <TypedCode scan={scan} />

      <OwnMarks marks={scan.ownMarks.data} />
    </div>
  );
}
