/**
 * The position for a mark: high accuracy, never a cached reading (maximumAge 0). The scan page starts
 * a reading as soon as it opens (`startEarlyReading`), so that the fix is ready, or nearly, by the
 * time the code is scanned or typed; a mark takes that reading while it is fresh, else reads again.
 */
import type { LocateProblem } from './qr.slice';

export interface Reading {
  latitude: number;
  longitude: number;
  accuracy: number;
}

export const GEO_TIMEOUT_MS = 20_000;
/** An early reading serves a mark for this long after it was taken (ms). */
export const EARLY_READING_MS = 60_000;

export function readPosition(): Promise<Reading> {
  return new Promise((resolve, reject: (problem: LocateProblem) => void) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return reject('unsupported');
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy }),
      (e) => reject(e.code === e.PERMISSION_DENIED ? 'denied' : e.code === e.TIMEOUT ? 'timeout' : 'unavailable'),
      { enableHighAccuracy: true, maximumAge: 0, timeout: GEO_TIMEOUT_MS },
    );
  });
}

let early: { startedAt: number; reading: Promise<Reading> } | null = null;

/** Starts reading the position now (the scan page opened); its failure is kept for the mark to meet. */
export function startEarlyReading(): void {
  const reading = readPosition();
  reading.catch(() => undefined);
  early = { startedAt: Date.now(), reading };
}

/** The early reading while it is fresh (it may still be on its way), else a new one. */
export function positionForMark(): Promise<Reading> {
  const taken = early;
  early = null;
  if (taken && Date.now() - taken.startedAt < EARLY_READING_MS) return taken.reading.catch(() => readPosition());
  return readPosition();
}
