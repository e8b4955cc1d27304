/**
 * Every failure code of the contract has its client text (`errors.<CODE>` of public/locales/<lng>/cm.json)
 * in the three languages, which the client shows in the language in use (src/shared/request/errors.ts).
 * The server's own texts (i18n.json) are checked against the codes by the type check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCode, LANGUAGES } from '@contract/common';

/** Composed by the server from their parts (a file's rows, a list's rules): the client shows the server's message. */
const COMPOSED_BY_SERVER = new Set(['IMPORT_FILE', 'REFERENCE_INVALID']);

const LOCALES = path.resolve(import.meta.dirname, '../../public/locales');

describe('failure texts', () => {
  it.each(LANGUAGES)('%s: every code of the contract has a client text', (lng) => {
    const errors = (JSON.parse(fs.readFileSync(path.join(LOCALES, lng, 'cm.json'), 'utf8')) as { errors: Record<string, string> }).errors;
    const codes = ErrorCode.anyOf.map((literal) => String(literal.const)).filter((code) => !COMPOSED_BY_SERVER.has(code));
    expect(codes.length).toBeGreaterThan(50);
    expect(codes.filter((code) => !errors[code]?.trim())).toEqual([]);
  });
});
