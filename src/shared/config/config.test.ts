import { describe, expect, it } from 'vitest';
import { NEW_PASSWORD_DEFAULT as PASSWORD_MIN_DEFAULT, NEW_PASSWORD_FLOOR as PASSWORD_MIN_FLOOR } from '@api/config';
import { configActions, configReducer, initialConfigState, selectPasswordMin } from './config';

const withMin = (passwordMinLength: number) => ({
  config: configReducer(
    initialConfigState,
    configActions.loadSucceeded({
      version: '1',
      maxSizeMb: 25,
      passwordMinLength,
      googleEnabled: false,
      oidc: null,
      cardPayment: true,
      sessionIdleMinutes: 30,
    }),
  ),
});

describe('the new-password minimum', () => {
  it("is the server's passwordMinLength; until /config.json arrives, the server's default (never a minimum the server would refuse)", () => {
    expect(selectPasswordMin({ config: initialConfigState })).toBe(PASSWORD_MIN_DEFAULT);
    expect(PASSWORD_MIN_DEFAULT).toBe(8);
    expect(selectPasswordMin(withMin(10))).toBe(10);
    expect(selectPasswordMin(withMin(2))).toBe(PASSWORD_MIN_FLOOR);
  });
});
