/**
 * A real OpenID Connect provider double for the sign-in tests (oauth2-mock-server on 127.0.0.1): started
 * before the file's tests, stopped after them; a test may change the next ID tokens (`spoil`), and
 * what it changed or listened to is undone after each test.
 */
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** An ID token as the provider is about to sign it. */
export type Token = { header: Record<string, unknown>; payload: Record<string, unknown> };

export interface ProviderDouble {
  readonly server: OAuth2Server;
  /** Changes every ID token signed until the test ends. */
  spoil(change: (token: Token) => void): void;
}

export function useProviderDouble(): ProviderDouble {
  let server: OAuth2Server | undefined;
  let spoilers: ((token: Token) => void)[] = [];
  beforeAll(async () => {
    server = new OAuth2Server();
    await server.issuer.keys.generate('RS256');
    await server.start(0, '127.0.0.1');
    server.service.on('beforeTokenSigning', (token: Token) => spoilers.forEach((spoil) => spoil(token)));
  });
  afterEach(() => {
    spoilers = [];
    server?.service.removeAllListeners('beforeResponse');
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('The provider double is not started (use it inside a test or hook).');
      return server;
    },
    spoil: (change) => {
      spoilers.push(change);
    },
  };
}
