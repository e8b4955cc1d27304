/**
 * Reads a QR code with the phone's camera: the BarcodeDetector API where the browser has one, else
 * the barcode-detector ponyfill, whose ZXing WebAssembly file the portal serves itself (never a CDN).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** How often a video frame is examined (ms). */
const SCAN_EVERY_MS = 250;

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };

async function createDetector(): Promise<Detector> {
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

export function CameraScanner({ onText }: { onText: (text: string) => void }) {
  const { t } = useTranslation('qr');
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onText);
  latest.current = onText;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('unsupported');
        const [detector, media] = await Promise.all([
          createDetector(),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        ]);
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        const tick = async () => {
          if (stopped || !video.current) return;
          try {
            const [found] = await detector.detect(video.current);
            if (found?.rawValue) {
              latest.current(found.rawValue);
              return;
            }
          } catch {
            // A frame that could not be read: try the next one.
          }
          timer = window.setTimeout(tick, SCAN_EVERY_MS);
        };
        void tick();
      } catch (e) {
        if (!stopped) setProblem((e as Error).name === 'NotAllowedError' ? 'cameraDenied' : 'cameraUnavailable');
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="qr-camera">
      {problem ? (
        <p role="alert" className="qr-problem">
          {t(problem)}
        </p>
      ) : (
        <video ref={video} className="qr-video" muted playsInline aria-label={t('cameraView')} />
      )}
    </div>
  );
}
