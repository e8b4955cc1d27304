import { describe, expect, it } from 'vitest';
import { returnPath } from './returnPath';

describe('returnPath', () => {
  it('accepts a page of the portal with its query, as a path under the router', () => {
    expect(returnPath('/lms/qrscan?t=q1.5.123.abc')).toBe('/qrscan?t=q1.5.123.abc');
    expect(returnPath('/lms/news')).toBe('/news');
    expect(returnPath('/lms/')).toBe('/');
    expect(returnPath('/lms/journal?idShed=7&date=2026-11-25')).toBe('/journal?idShed=7&date=2026-11-25');
    expect(returnPath('/lms/qrscan?t=a%2Bb%2F')).toBe('/qrscan?t=a%2Bb%2F');
  });

  it.each([
    ['another site', 'https://evil.example/lms/qrscan'],
    ['a protocol-relative address', '//evil.example/lms/'],
    ['a protocol-relative address under the base', '/lms//evil.example'],
    ['a path outside the portal', '/api/auth/logout.json'],
    ['the base without its slash', '/lms'],
    ['a prefix of another path', '/lmsx/news'],
    ['a relative path', 'lms/news'],
    ['dot segments', '/lms/../x'],
    ['a dot segment inside', '/lms/news/../../api'],
    ['a single dot segment', '/lms/./news'],
    ['a backslash', '/lms/\\evil.example'],
    ['backslashes', '/lms\\..\\x'],
    ['an encoded dot segment', '/lms/%2e%2e/x'],
    ['an encoded dot segment in capitals', '/lms/%2E%2E/x'],
    ['an encoded slash', '/lms/%2f%2fevil.example'],
    ['an encoded backslash', '/lms/%5cevil.example'],
    ['a control character', '/lms/news\n'],
    ['a tab inside', '/lms/\t/evil.example'],
    ['a javascript address', 'javascript:alert(1)'],
    ['the login page', '/lms/login?gauth=ok'],
    ['nothing', ''],
    ['not a string', 42],
    ['null', null],
  ])('refuses %s', (_what, raw) => {
    expect(returnPath(raw)).toBeNull();
  });
});
