/** The start banner says who may connect: this machine only unless HOST says otherwise. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { addressLines } from './start-banner';

describe('the start banner', () => {
  it('by default listens on this machine only and says how to accept others', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(addressLines(config.host, config.port).join('\n')).toContain(
      'Listening on http://127.0.0.1:8080/lms/ only; set HOST=0.0.0.0 to accept other machines.',
    );
  });

  it('warns when every interface is open, with the demo accounts on it', () => {
    for (const host of ['0.0.0.0', '::'])
      expect(addressLines(host, 3000).join('\n')).toContain(`Listening on every interface (HOST=${host}): other machines can connect`);
  });

  it('names another address as it is', () => {
    expect(addressLines('10.1.2.3', 8080)).toEqual(['  Open  http://10.1.2.3:8080/lms/', '  Listening on 10.1.2.3 only (HOST).']);
    expect(addressLines('::1', 8080)[0]).toBe('  Open  http://[::1]:8080/lms/');
  });
});
