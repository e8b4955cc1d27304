/** A save the server put off in a rush (503 with Retry-After) or whose reply was lost is sent again after a wait; other answers are final. */
import { call, delay } from 'redux-saga/effects';
import { describe, expect, it } from 'vitest';
import type { SaveRegistrationBody, Saved } from '@contract/registration';
import type { Result } from '@api/http';
import { SAVE_RETRIES, sendSave } from './registration.saga';

const body = { id_disciplineForStudent: 7 } as SaveRegistrationBody;
const fn = (_: SaveRegistrationBody) => Promise.resolve({ ok: true, data: { id: 1, status: 'registered', position: null } } as Result<Saved>);
const shed = { ok: false, status: 503, retryAfter: 2, error: { code: 'SERVICE_UNAVAILABLE', message: '' } } as unknown as Result<Saved>;
const saved = { ok: true, data: { id: 5, status: 'waiting', position: 3 } } as Result<Saved>;

describe('sendSave', () => {
  it("sends a shed save again after the server's Retry-After and returns the answer that settles it", () => {
    const it = sendSave(fn, body);
    expect(it.next().value).toEqual(call(fn, body));
    expect(it.next(shed).value).toEqual(delay(2000));
    expect(it.next().value).toEqual(call(fn, body));
    expect(it.next(saved)).toEqual({ done: true, value: saved });
  });

  it('gives up after SAVE_RETRIES sends again, and never repeats a refusal', () => {
    const it = sendSave(fn, body);
    it.next();
    for (let i = 0; i < SAVE_RETRIES; i++) {
      expect(it.next(shed).value).toEqual(delay(2000));
      expect(it.next().value).toEqual(call(fn, body));
    }
    expect(it.next(shed)).toEqual({ done: true, value: shed });
    const refused = { ok: false, status: 409, error: { code: 'SUBGROUP_FULL', message: '' } } as unknown as Result<Saved>;
    const once = sendSave(fn, body);
    once.next();
    expect(once.next(refused)).toEqual({ done: true, value: refused });
  });

  it('sends a save whose reply was lost (no connection, a time-out) or is still being handled again after a second', () => {
    const lost = { ok: false, problem: 'NETWORK_ERROR', status: null, error: null } as unknown as Result<Saved>;
    const inProgress = { ok: false, problem: 'CLIENT_ERROR', status: 409, error: { code: 'REQUEST_IN_PROGRESS', message: '' } } as unknown as Result<Saved>;
    const it = sendSave(fn, body);
    it.next();
    expect(it.next(lost).value).toEqual(delay(1000));
    expect(it.next().value).toEqual(call(fn, body));
    expect(it.next(inProgress).value).toEqual(delay(1000));
    expect(it.next().value).toEqual(call(fn, body));
    expect(it.next(saved)).toEqual({ done: true, value: saved });
  });
});
