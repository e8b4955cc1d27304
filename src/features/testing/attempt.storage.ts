/**
 * What the attempt screen keeps in the browser: the device id the server knows this browser by, and
 * each open attempt's answers as given (answer and version per slot), so that answers the server has
 * not confirmed survive a lost connection and a reload and are sent again on resuming.
 */
import type { Answer } from '@contract/testing';
import { readItem, removeItem, writeItem } from '@lib/storage';

const DEVICE_KEY = 'testing.device';
const answersKey = (attempt: number) => `testing.answers.${attempt}`;

export interface KeptAnswer {
  answer: Answer;
  version: number;
}
export type KeptAnswers = Record<number, KeptAnswer>;

export function deviceId(): string {
  const kept = readItem(DEVICE_KEY);
  if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  const made = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  writeItem(DEVICE_KEY, made);
  return made;
}

export function keptAnswers(attempt: number): KeptAnswers {
  try {
    const parsed = JSON.parse(readItem(answersKey(attempt)) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as KeptAnswers) : {};
  } catch {
    return {};
  }
}

export function keepAnswer(attempt: number, slot: number, kept: KeptAnswer): void {
  const all = keptAnswers(attempt);
  all[slot] = kept;
  writeItem(answersKey(attempt), JSON.stringify(all));
}

export function forgetAnswers(attempt: number): void {
  removeItem(answersKey(attempt));
}
