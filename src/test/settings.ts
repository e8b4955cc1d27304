/** The shared settings slice as tests preload it: loaded after sign-in (the current period), or failed. */
import type { Failure } from '@api/http';
import { failed, succeeded } from '@shared/request/loadable';
import type { SettingsState } from '@shared/settings/settings';

/** The time zone test settings carry: this machine's, so that what tests compute from the device's clock agrees with the university's. */
export const TEST_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Settings carrying the current academic year (its first calendar year) and half-year. */
export const loadedSettings = (year: number, ws: 1 | 2): SettingsState =>
  succeeded({
    defaults: {
      id_a_year: year,
      a_year: `${year}-${String((year + 1) % 100).padStart(2, '0')}`,
      id_w_s: ws,
      universityName: 'U',
      maxSizeMb: 25,
      timeZone: TEST_TIME_ZONE,
    },
    links: [],
  });

export const settingsFailure: Failure = { ok: false, problem: 'SERVER_ERROR', status: 500, error: null };

/** Settings whose load failed. */
export const failedSettings = (): SettingsState => failed(settingsFailure, { defaults: null, links: [] });
