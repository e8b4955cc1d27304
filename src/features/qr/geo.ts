/** A fresh position for a mark: high accuracy, never a cached reading (maximumAge 0). */
import type { LocateProblem } from './qr.slice';

export interface Reading {
  latitude: number;
  longitude: number;
  accuracy: number;
}

export const GEO_TIMEOUT_MS = 20_000;

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
