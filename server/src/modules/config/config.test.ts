/** GET /config.json and /logo.json: public, localised name. */
import { describe, expect, it } from 'vitest';
import { appOn } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';

const fx = useTestApp({ env: { UPLOAD_LIMIT_MB: '40', PASSWORD_MIN_LENGTH: '10', SESSION_IDLE_MINUTES: '45' }, signIn: [] });

describe('config.json', () => {
  it('tells the client the limits in force, without a session', async () => {
    const res = await fx.app.inject({ url: '/config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: 0,
      error: null,
      data: {
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        maxSizeMb: 40,
        passwordMinLength: 10,
        googleEnabled: false,
        oidc: null,
        cardPayment: false,
        sessionIdleMinutes: 45,
      },
    });
  });

  it('says when Google sign-in is configured', async () => {
    const withGoogle = await appOn(fx.db, { env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' } });
    try {
      expect((await withGoogle.inject({ url: '/config.json' })).json().data.googleEnabled).toBe(true);
    } finally {
      await withGoogle.close();
    }
  });
});

describe('logo.json', () => {
  it('gives the logo URL under /lms/ and the university name in the caller language', async () => {
    const ru = await fx.app.inject({ url: '/logo.json' });
    expect(ru.json().data).toEqual({ logo: '/lms/logo.svg', width: 64, name: 'Тянь-Шаньский государственный университет', fontsize: 18 });
    const kg = await fx.app.inject({ url: '/logo.json', cookies: { lang: 'kg' } });
    expect(kg.json().data.name).toBe('Тянь-Шань мамлекеттик университети');
    const en = await fx.app.inject({ url: '/logo.json', headers: { 'accept-language': 'de-DE, en;q=0.8, ru;q=0.5' } });
    expect(en.json().data.name).toBe('Tian Shan State University');
    const unknown = await fx.app.inject({ url: '/logo.json', headers: { 'accept-language': 'fr' } });
    expect(unknown.json().data.name).toBe('Тянь-Шаньский государственный университет');
  });
});
