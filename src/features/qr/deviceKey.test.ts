import { describe, expect, it } from 'vitest';
import { deviceKeyMessage, signMark } from './deviceKey';

describe("the phone's device key", () => {
  it('signs the lesson, the student and what proves the code, an absent part left empty', () => {
    expect(deviceKeyMessage({ idShed: 12, receipt: 'r.e.c' }, 34)).toBe('qr-mark|12|34||r.e.c|');
    expect(deviceKeyMessage({ idShed: 12, token: 't' }, 34)).toBe('qr-mark|12|34|t||');
  });

  it('where the browser has no IndexedDB, a mark goes without a key (the server falls back to its cookie)', async () => {
    expect(typeof indexedDB).toBe('undefined');
    expect(await signMark(34, { idShed: 12, token: 't' })).toBeNull();
  });
});
