/**
 * Raw HTTP/1.1 for tests that need what app.inject cannot send: request targets exactly as written
 * (percent-encoded letters, doubled slashes, dot segments, absolute form), bytes Node's parser
 * refuses, and several requests on one connection.
 */
import http from 'node:http';
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses the responses in `data` (Content-Length bodies; the last one may run to the end). */
export function parseResponses(data: Buffer): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = data;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = headers['content-length'] !== undefined ? Number(headers['content-length']) : rest.length - end - 4;
    out.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.subarray(end + 4, end + 4 + length).toString('utf8') });
    rest = rest.subarray(end + 4 + length);
  }
  return out;
}

/**
 * Sends `request` to 127.0.0.1:`port` and resolves with every response read once the server has
 * sent `expected` responses (then the socket is closed) or closed the connection.
 */
export function rawExchange(port: number, request: Buffer | string, expected = 1): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      socket.destroy();
      resolve(parseResponses(Buffer.concat(chunks)));
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const responses = parseResponses(Buffer.concat(chunks));
      const last = responses.at(-1);
      if (responses.length >= expected && last && last.headers['content-length'] !== undefined) done();
    });
    socket.on('end', done);
    socket.on('close', done);
    socket.on('error', reject);
    socket.write(request);
  });
}

/** The bytes of one HTTP/1.1 request. */
export function rawRequest(method: string, target: string, headers: Record<string, string>, body: Buffer | string = ''): Buffer {
  const payload = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const lines = [`${method} ${target} HTTP/1.1`, ...Object.entries({ ...headers, 'content-length': String(payload.length) }).map(([k, v]) => `${k}: ${v}`)];
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

/** The head of a file part of a multipart body with the boundary `x` (see bodyHead). */
export const UPLOAD_HEAD = '--x\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n';

/**
 * Sends only the head of a multipart body (boundary `x`) declared `length` bytes long to
 * 127.0.0.1:`port` and resolves with the reply, which must come without waiting for the rest.
 */
export function bodyHead(port: number, path: string, headers: Record<string, string>, length: number, head: string = UPLOAD_HEAD) {
  return new Promise<{ status: number; body: string; connection: unknown }>((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(length) },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.write(head);
  });
}
