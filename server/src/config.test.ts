/** loadConfig: defaults, validation with clear messages, Google on only with id and secret. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bodyTimeoutOf, CONFIG_VARS, ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      uploadLimitMb: 25,
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12,
      passwordMinLength: 8,
      throttleWindowMinutes: 5,
      throttlePerAddress: 10,
      throttlePerAccount: 20,
      throttlePerHour: 100,
      passwordChangePerMinute: 3,
      trustProxy: false,
      publicUrl: 'http://localhost:8080',
      google: null,
      dbPoolMax: 10,
      dbStatementTimeoutMs: 15000,
      dbConnectionTimeoutMs: 5000,
      shutdownGraceMs: 10000,
      logLevel: 'info',
    });
  });

  it('reads values, derives PUBLIC_URL from PORT, enables Google with id and secret', () => {
    const c = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u:p@db:5432/lms',
      TRUST_PROXY: '1',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      LOG_LEVEL: 'WARN',
      PASSWORD_MIN_LENGTH: '4',
    });
    expect(c).toMatchObject({
      port: 9000,
      publicUrl: 'http://localhost:9000',
      databaseUrl: 'postgres://u:p@db:5432/lms',
      trustProxy: 1,
      logLevel: 'warn',
      passwordMinLength: 4,
    });
    expect(c.google).toEqual({ clientId: 'id', clientSecret: 'secret', issuer: 'https://accounts.google.com' });
    expect(loadConfig({ PUBLIC_URL: 'https://lms.example.kg/', TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' })).toMatchObject({
      publicUrl: 'https://lms.example.kg',
      trustProxy: ['10.0.0.1', '10.0.0.0/8'],
    });
    expect(loadConfig({ PORT: '  ' }).port).toBe(8080);
  });

  it('bounds a body by BODY_TIMEOUT_MS, by default a file at the upload limit at 100 KB/s and at least a minute', () => {
    // 25 MB at 1 MB/s (25 s) is well within it.
    expect(bodyTimeoutOf(loadConfig({}))).toBe(256_000);
    expect(bodyTimeoutOf(loadConfig({ UPLOAD_LIMIT_MB: '100' }))).toBe(1_024_000);
    expect(bodyTimeoutOf(loadConfig({ UPLOAD_LIMIT_MB: '1' }))).toBe(60_000);
    expect(bodyTimeoutOf(loadConfig({ BODY_TIMEOUT_MS: '90000' }))).toBe(90_000);
    expect(bodyTimeoutOf(loadConfig({ BODY_TIMEOUT_MS: '0' }))).toBe(0);
    expect(() => loadConfig({ BODY_TIMEOUT_MS: 'soon' })).toThrow(/BODY_TIMEOUT_MS/);
  });

  it('refuses bad values naming each variable', () => {
    const bad = {
      PORT: 'eighty',
      PASSWORD_MIN_LENGTH: '3',
      UPLOAD_LIMIT_MB: '0',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'ftp://x',
      TRUST_PROXY: 'maybe so',
    };
    let error: unknown;
    try {
      loadConfig(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of Object.keys(bad)) expect(problems).toContain(name);
    expect((error as ConfigError).message).toContain('PASSWORD_MIN_LENGTH: expected an integer from 4');
  });

  it('takes a transaction pooler only with a direct connection for LISTEN and the migrations', () => {
    const url = 'postgres://lms@pgbouncer:6432/lms';
    const direct = 'postgres://lms@db:5432/lms';
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({ databasePooler: 'none', databaseListenUrl: null });
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOLER: 'transaction', DATABASE_LISTEN_URL: direct })).toMatchObject({
      databasePooler: 'transaction',
      databaseListenUrl: direct,
    });
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOLER: 'transaction' })).toThrow(/DATABASE_LISTEN_URL: required with DATABASE_POOLER=transaction/);
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOLER: 'transaction', DATABASE_LISTEN_URL: url })).toThrow(/DATABASE_LISTEN_URL: required/);
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOLER: 'statement' })).toThrow(/DATABASE_POOLER: expected none or transaction/);
    expect(() => loadConfig({ DATABASE_LISTEN_URL: direct })).toThrow(/only with DATABASE_URL/);
  });

  it('wants both Google id and secret or neither', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'only-id' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
  });

  it("reads the university provider: all of issuer, id and secret, the claim and the button's names", () => {
    expect(loadConfig({}).oidc).toBeNull();
    const c = loadConfig({
      OIDC_ISSUER: 'https://id.tshsu.example/realms/tshsu/',
      OIDC_CLIENT_ID: 'lms',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_CLAIM: 'student_number',
      OIDC_NAME: 'TSHSU ID',
      OIDC_NAME_KG: 'ТШМУ ID',
    });
    expect(c.oidc).toEqual({
      issuer: 'https://id.tshsu.example/realms/tshsu',
      clientId: 'lms',
      clientSecret: 'secret',
      claim: 'student_number',
      scope: 'openid email',
      names: { ru: 'TSHSU ID', en: 'TSHSU ID', kg: 'ТШМУ ID' },
    });
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.tshsu.example', OIDC_CLIENT_ID: 'lms' })).toThrow(/OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/);
    expect(() => loadConfig({ OIDC_CLAIM: 'student number' })).toThrow(/OIDC_CLAIM: expected a claim name/);
    expect(() => loadConfig({ OIDC_SCOPE: 'email profile' })).toThrow(/OIDC_SCOPE: expected scopes that include openid/);
  });

  it('documents every variable with a default and a meaning', () => {
    const names = CONFIG_VARS.map((v) => v.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'PORT',
        'HOST',
        'DATA_DIR',
        'DATABASE_URL',
        'UPLOAD_LIMIT_MB',
        'SESSION_IDLE_MINUTES',
        'PUBLIC_URL',
        'GOOGLE_ISSUER',
        'LOG_LEVEL',
      ]),
    );
    for (const v of CONFIG_VARS) expect(v.meaning.length).toBeGreaterThan(10);
    expect(CONFIG_VARS.find((v) => v.name === 'PUBLIC_URL')?.default).toBe('(unset; npm start sets http://localhost:PORT)');
  });

  it('PUBLIC_URL is what documents point to; unset, none are issued (the origin check and Google still have a default)', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://lms.example.edu/' })).toMatchObject({
      documentsUrl: 'https://lms.example.edu',
      publicUrl: 'https://lms.example.edu',
    });
    expect(loadConfig({ PORT: '8090' })).toMatchObject({ documentsUrl: null, publicUrl: 'http://localhost:8090' });
  });
});
