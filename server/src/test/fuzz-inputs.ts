/**
 * What fuzz.test.ts sends: values for a route's JSON schema (mostly of its shape with edge values,
 * sometimes of the wrong type, with tempting extra fields), multipart forms with odd file names and
 * bodies, and raw malformed requests (bad URL tails, content types, broken multipart bodies).
 */
import fc from 'fast-check';
import { InsertFields as ChatInsertFields } from '@contract/chat';
import { NewsInsertFields } from '@contract/news';
import { BookSaveFields } from '@contract/library';
import { QuestionImageFields } from '@contract/testing';
import { UmkSaveFields } from '@contract/umk';
import { PDF, multipartPayload, type MultipartPart } from './helpers';

export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

export interface Caller {
  headers: Record<string, string>;
  uid: number;
  role: number;
}

/** Multipart routes and the schema of their text fields (files go in `files`). */
export const MULTIPART: Record<string, JsonSchema> = {
  '/api/news/insert.json': NewsInsertFields as unknown as JsonSchema,
  '/api/library/insertupdatebook': BookSaveFields as unknown as JsonSchema,
  '/api/umk/insertorupdateumk': UmkSaveFields as unknown as JsonSchema,
  '/api/chat/insert.json': ChatInsertFields as unknown as JsonSchema,
  '/api/testing/question-image.json': QuestionImageFields as unknown as JsonSchema,
};

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '-1',
  '0',
  '1e309',
  'null',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '\u0000',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'x'.repeat(5000),
  '../../etc/passwd',
  '%00',
  '2026-13-45',
);
const oddNumbers = fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 1.5, -0.5, 1e308);
const wrongType = fc.oneof(fc.constant(null), fc.boolean(), fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 1 }), oddStrings, oddNumbers);

/** Values for a schema: mostly of its shape with edge values, sometimes of the wrong type. */
function valueOf(schema: JsonSchema, caller: Caller | null, key?: string): fc.Arbitrary<unknown> {
  if (caller && key && ['uid', 'id_human', 'id_student', 'id_teacher'].includes(key))
    return fc.oneof({ weight: 4, arbitrary: fc.constant(caller.uid) }, { weight: 1, arbitrary: oddNumbers });
  if (caller && key && ['role', 'id_humanType'].includes(key))
    return fc.oneof({ weight: 4, arbitrary: fc.constant(caller.role) }, { weight: 1, arbitrary: fc.constantFrom(0, 1, 2, 3) });
  let shaped: fc.Arbitrary<unknown>;
  if (schema.const !== undefined) shaped = fc.constant(schema.const);
  else if (schema.anyOf) shaped = fc.oneof(...schema.anyOf.map((s) => valueOf(s, caller, key)));
  else {
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'integer':
        shaped = fc.oneof(fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 50, 2 ** 31 - 1) }), oddNumbers.filter(Number.isInteger));
        break;
      case 'number':
        shaped = fc.oneof(fc.double({ noNaN: true }), oddNumbers);
        break;
      case 'string':
        shaped = fc.oneof(fc.string({ maxLength: schema.maxLength ?? 40, unit: 'grapheme' }), oddStrings);
        break;
      case 'boolean':
        shaped = fc.boolean();
        break;
      case 'null':
        shaped = fc.constant(null);
        break;
      case 'array':
        shaped = fc.array(valueOf(schema.items ?? {}, caller), { maxLength: 4 });
        break;
      case 'object':
        shaped = objectOf(schema, caller);
        break;
      default:
        shaped = fc.anything({ maxDepth: 2 });
    }
  }
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: wrongType });
}

export function objectOf(schema: JsonSchema, caller: Caller | null): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(props)) model[key] = valueOf(sub, caller, key);
  const required = (schema.required ?? []).filter(() => true);
  const body = fc.record(model, { requiredKeys: required });
  // Z5: fields nobody asked for, some of them tempting.
  const extra = fc.dictionary(
    fc.constantFrom('role', 'paid', 'grade', 'isAdmin', 'newsPerms', 'userId', '__proto__', 'constructor'),
    fc.anything({ maxDepth: 1 }),
    { maxKeys: 3 },
  );
  return fc.tuple(body, extra).map(([b, e]) => ({ ...e, ...b }));
}

/** A text field as a form sends it: the schema's value written out, or something odd. */
function fieldText(schema: JsonSchema, caller: Caller | null, key: string): fc.Arbitrary<string> {
  const lenient = fc.constantFrom('0x2', ' 2', '2 ', '2026.5', '1e3', '02', '+1', '-0', 'NaN', 'Infinity', 'true', '[]', '{}');
  const written = valueOf(schema, caller, key).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
  return fc.oneof({ weight: 6, arbitrary: written }, { weight: 2, arbitrary: lenient }, { weight: 1, arbitrary: oddStrings });
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const fileNames = fc.constantFrom(
  'a.pdf',
  'photo.png',
  'report\u202Efdp.exe',
  '../../etc/passwd',
  'x.svg',
  '',
  '.pdf',
  'a'.repeat(300) + '.pdf',
  'имя файла.png',
  'a"b.pdf',
  'con.txt',
  'a.PDF',
  '\u0000.png',
);
const fileBodies = fc.oneof(
  fc.constantFrom(PNG, PDF, Buffer.alloc(0), Buffer.from('<html><script>alert(1)</script></html>'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
);

export function formOf(schema: JsonSchema, caller: Caller | null): fc.Arbitrary<MultipartPart[]> {
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const [key, sub] of Object.entries(schema.properties ?? {})) model[key] = fieldText(sub, caller, key);
  const fields = fc.record(model, { requiredKeys: (schema.required ?? []).filter(() => true) });
  const file = fc.record({
    name: fc.constantFrom('files', 'file', 'files', ''),
    filename: fileNames,
    content: fileBodies,
    type: fc.constantFrom('image/png', 'application/pdf', 'text/html', 'application/octet-stream'),
  });
  return fc
    .tuple(fields, fc.array(file, { maxLength: 3 }))
    .map(([f, files]) => [...Object.entries(f).map(([name, content]) => ({ name, content })), ...files] as MultipartPart[]);
}

const BAD_URL_TAILS = [
  '%',
  '%ff',
  '%c0%af',
  '%E0%A4%A',
  '%%',
  '%zz',
  '%00',
  '/..%2f..%2f',
  '?%ff=1',
  '?a=%',
  '?id=1&id=2',
  '?__proto__[x]=1',
  '/%2e%2e/',
  ';jsessionid=1',
  '#frag',
  '?' + 'q='.repeat(500),
];
const CONTENT_TYPES = [
  undefined,
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=nope',
  'multipart/form-data; boundary="' + 'b'.repeat(80) + '"',
  'multipart/mixed; boundary=x',
  'image/png',
  'application/xml',
  ';;;',
  'application/json; boundary=x',
];

interface RawRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS' | 'HEAD';
  tail: string;
  contentType: string | undefined;
  body: Buffer | undefined;
}

/** A multipart body with its boundary, cut or mismatched (the parser must answer 400, not fail). */
const brokenMultipart = fc
  .tuple(fc.constantFrom(...Object.values(MULTIPART)), fc.nat(), fc.constantFrom('cut', 'other-boundary', 'no-final', 'bad-header', 'no-crlf'))
  .chain(([schema, cutSeed, how]) =>
    formOf(schema, null).map((parts) => {
      const { payload, contentType } = multipartPayload(parts.length ? parts : [{ name: 'message', content: 'x' }]);
      const boundary = contentType.split('boundary=')[1];
      let body = payload;
      if (how === 'cut') body = payload.subarray(0, cutSeed % Math.max(1, payload.length));
      if (how === 'other-boundary') body = Buffer.from(payload.toString('latin1').replaceAll(boundary, 'other'), 'latin1');
      if (how === 'no-final') body = payload.subarray(0, payload.length - boundary.length - 6);
      if (how === 'bad-header') body = Buffer.from(payload.toString('latin1').replace('Content-Disposition: form-data;', 'Content-Disposition:'), 'latin1');
      if (how === 'no-crlf') body = Buffer.from(payload.toString('latin1').replaceAll('\r\n', '\n'), 'latin1');
      return { body, contentType: how === 'other-boundary' ? contentType : contentType };
    }),
  );

export const rawRequest: fc.Arbitrary<RawRequest> = fc.oneof(
  // Bad URLs and odd methods, no body.
  fc.record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
    tail: fc.constantFrom(...BAD_URL_TAILS, ''),
    contentType: fc.constantFrom(...CONTENT_TYPES),
    body: fc.constant(undefined),
  }),
  // Bodies of the wrong kind, truncated JSON, random bytes.
  fc.record({
    method: fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'),
    tail: fc.constantFrom('', '', '', ...BAD_URL_TAILS),
    contentType: fc.constantFrom(...CONTENT_TYPES),
    body: fc.oneof(
      fc
        .constantFrom('{', '{"a":', '[1,2', 'null', '"x"', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', 'a=1&b=2', '\u0000\u0001')
        .map((x) => Buffer.from(x)),
      fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
      fc.json().map((j) => Buffer.from(j.slice(0, Math.max(1, Math.floor(j.length / 2))))),
    ),
  }),
  // Broken multipart bodies, under their own or a wrong content type.
  fc
    .tuple(brokenMultipart, fc.constantFrom('own', 'own', 'own', ...CONTENT_TYPES))
    .map(([m, ct]): RawRequest => ({ method: 'POST', tail: '', contentType: ct === 'own' ? m.contentType : ct, body: m.body })),
);
