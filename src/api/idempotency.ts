/**
 * Idempotency keys of creates (docs/security.md#reliability): each user action that creates
 * something (a news item, a chat message, a book, a teaching material) goes with its own
 * `Idempotency-Key`. When the action's reply is lost (no answer, a time-out, a 5xx, or 409: the first
 * is still being handled), the key stays with that content, so that sending the same content again
 * (the user's retry) reuses it and the server creates it at most once. A reply that settles the
 * action (success, a refusal) lets the key go: the same content sent later is a new action.
 */
import type { Result } from './http';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Keys of actions whose reply did not settle them, by their content. */
const unsettled = new Map<string, string>();

/** The content of a create: its URL and form (files by name, size and date). */
export function contentOf(url: string, form: FormData): string {
  const parts: string[] = [url];
  form.forEach((value, name) => {
    parts.push(name, typeof value === 'string' ? value : `${value.name}\u0000${value.size}\u0000${(value as File).lastModified ?? ''}`);
  });
  return JSON.stringify(parts);
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key for sending this content: the unsettled one of the same content, else a new one. */
export function keyFor(content: string): string {
  const kept = unsettled.get(content);
  if (kept) return kept;
  const key = newKey();
  unsettled.set(content, key);
  return key;
}

/** Whether a result leaves the action undecided (its reply may have been lost). */
function undecided(result: Result<unknown>): boolean {
  if (result.ok) return false;
  return result.status === null || result.status >= 500 || result.status === 409 || result.problem === 'TIMEOUT_ERROR' || result.problem === 'CANCEL_ERROR';
}

/** Keeps the key for a retry when the reply did not settle the action, else lets it go. */
export function settleKey(content: string, result: Result<unknown>): void {
  if (!undecided(result)) unsettled.delete(content);
}
