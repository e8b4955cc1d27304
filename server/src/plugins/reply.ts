/**
 * The success envelope of a reply (contract/common.ts): `{result: 0, error: null, data}` (+ `sms`),
 * and the response schemas of a route. Failures are AppErrors (app-error.ts).
 */
import type { FastifyReply } from 'fastify';
import type { TSchema } from 'typebox';
import { Failure } from '@contract/common';
import { contentDisposition } from './files';

export interface Ok<T> {
  result: 0;
  error: null;
  data: T;
  sms?: string;
}

export function ok<T>(data: T, sms?: string): Ok<T> {
  return sms === undefined ? { result: 0, error: null, data } : { result: 0, error: null, data, sms };
}

/**
 * The methods of a read that SPEC lists as a JSON POST while the portal's own client GETs it
 * (docs/api.md#conventions): the route answers both.
 */
export const READ: ['GET', 'POST'] = ['GET', 'POST'];

/** Response schemas of a route: the success envelope, and the failure envelope for 4xx/5xx. */
export function replies<T extends TSchema>(success: T) {
  return { 200: success, '4xx': Failure, '5xx': Failure } as const;
}

/**
 * A success reply whose data is JSON text already (a large read its service serialised once, with
 * parts built as JSON by the database): sent as it is inside the envelope of `ok`, past the route's
 * serializer. The route keeps its response schema as the contract, and its tests check the text
 * against it.
 */
export function sendOkJson(reply: FastifyReply, data: string): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .serializer((payload: string) => payload)
    .send(`{"result":0,"error":null,"data":${data}}`);
}

/** A file a service built for download: its name, its type and its bytes. */
export interface Download {
  name: string;
  type: string;
  bytes: Buffer | Uint8Array;
}

/**
 * Sends a built file as a download, private to the caller and never sniffed as another type; a file
 * that must not be kept at all (a certificate, an import template) is sent with `no-store`.
 */
export function sendDownload(reply: FastifyReply, file: Download, keep: 'no-cache' | 'no-store' = 'no-cache'): FastifyReply {
  return reply
    .header('content-type', file.type)
    .header('content-disposition', contentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', `private, ${keep}`)
    .send(file.bytes);
}
