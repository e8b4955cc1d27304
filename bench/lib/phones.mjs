/**
 * The students' phones of the QR burst (bench/qr.mjs), as cheap as a load generator can make them.
 *
 * Each phone keeps a connection of its own, kept alive from its scan to its mark, as a phone's
 * browser does (a second tap sent while the first is on its way goes over a second connection, as a
 * browser's would). The phones share this machine's two cores with the portal and PostgreSQL, where
 * real phones bring their own: every millisecond of CPU spent here is taken from the portal and
 * counted in its latency. So they speak HTTP/1.1 straight on a TCP socket: a request is written as
 * one string with the headers the portal reads (host, origin, cookie, content type and length; a
 * browser sends more, which the portal passes over), and an answer is read up to the end of its
 * headers and then its Content-Length bytes (the portal's API answers always carry one; an answer
 * without it fails the bench rather than being mis-read). Per burst of 525 marks this costs the
 * phones about half the CPU of undici's `dispatch` on one Client per phone, itself half of undici's
 * pooled `request` (bench/README.md, section qr).
 *
 * Each phone speaks from a loopback address of its own (127.1.y.z, the same for its second tap),
 * as phones on a campus network or on mobile data have addresses of their own: the portal sends
 * two students' marks from one address within a session to the teacher's review.
 *
 * `phones(origin)`: a phone is known by a key (a student's cookie, or `secondTap(cookie)`); `post`
 * and `get` answer `{status, body, ms}` (body: the parsed JSON, or null), ms from the request's
 * writing to the last byte of its answer read; `leave(keys)` closes those phones' connections,
 * `close()` all of them.
 */
import net from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');

/** The key of a phone's second connection, for a tap sent while its first is on its way. */
export const secondTap = (cookie) => `${cookie} (second tap)`;

/** The keys of a class's phones, second taps' connections included (what `leave` closes). */
export const phoneKeys = (students) => students.flatMap((s) => [s.cookie, secondTap(s.cookie)]);

/**
 * Runs `round` (which sends a burst and answers its answers) `uncounted` times and then `counted`
 * times, and answers the latencies of the counted rounds: the rounds not counted open the
 * connections and let V8 optimise the code on both sides, as a portal in use has long done.
 */
export async function countedRounds(uncounted, counted, round) {
  const ms = [];
  for (let r = 0; r < uncounted + counted; r++) {
    const answers = await round();
    if (r >= uncounted) ms.push(...answers.map((a) => a.ms));
  }
  return ms;
}

export function phones(origin) {
  const { hostname, port, host } = new URL(origin);
  const own = new Map();
  const addresses = new Map();
  const loopback = hostname === '127.0.0.1' || hostname === 'localhost';
  /** The phone's own source address (its second tap's connection shares it). */
  const addressOf = (key) => {
    const tap = secondTap('');
    const student = typeof key === 'string' && key.endsWith(tap) ? key.slice(0, -tap.length) : key;
    let n = addresses.get(student);
    if (n === undefined) addresses.set(student, (n = addresses.size));
    return `127.1.${Math.floor(n / 250) % 250}.${1 + (n % 250)}`;
  };

  const connect = (key) => {
    const socket = net.connect({
      host: loopback ? '127.0.0.1' : hostname,
      port: Number(port),
      noDelay: true,
      ...(loopback ? { localAddress: addressOf(key) } : {}),
    });
    const phone = { socket, waiting: null, buffer: null };
    /** The request waiting for an answer, no longer waiting. */
    const take = () => {
      const waiting = phone.waiting;
      phone.waiting = null;
      return waiting;
    };
    socket.on('data', (chunk) => {
      phone.buffer = phone.buffer ? Buffer.concat([phone.buffer, chunk]) : chunk;
      const waiting = phone.waiting;
      if (!waiting) throw new Error('phones: an answer came that nothing asked for');
      const headEnd = phone.buffer.indexOf(HEAD_END);
      if (headEnd < 0) return;
      const head = phone.buffer.toString('latin1', 0, headEnd);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) return take().reject(new Error(`phones: an answer without Content-Length: ${head.split('\r\n')[0]}`));
      const end = headEnd + HEAD_END.length + Number(length[1]);
      if (phone.buffer.length < end) return;
      const ms = performance.now() - waiting.t0;
      const status = Number(head.slice(9, 12));
      const bytes = phone.buffer.subarray(headEnd + HEAD_END.length, end);
      phone.buffer = phone.buffer.length > end ? phone.buffer.subarray(end) : null;
      take();
      let body = null;
      try {
        body = JSON.parse(bytes.toString('utf8'));
      } catch {
        // not JSON: the status tells
      }
      waiting.resolve({ status, body, ms });
    });
    // A connection lost before the answer counts as an answer with status 0 (a lost mark shows it).
    const lost = () => {
      const waiting = take();
      waiting?.resolve({ status: 0, body: null, ms: performance.now() - waiting.t0 });
    };
    socket.on('error', lost);
    socket.on('close', lost);
    return phone;
  };

  // A connection the portal has closed meanwhile (its keep-alive timeout) is opened again, as a
  // browser would.
  const phoneOf = (key) => {
    let phone = own.get(key);
    if (!phone || phone.socket.destroyed) own.set(key, (phone = connect(key)));
    return phone;
  };

  const send = (phone, method, path, cookie, payload) =>
    new Promise((resolve, reject) => {
      if (phone.waiting) throw new Error('phones: one request at a time per phone');
      const headers =
        `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\norigin: ${origin}\r\n` +
        (cookie ? `cookie: ${cookie}\r\n` : '') +
        (payload === undefined ? '\r\n' : `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n\r\n`);
      phone.waiting = { t0: performance.now(), resolve, reject };
      phone.socket.write(payload === undefined ? headers : headers + payload);
    });

  const closeAll = (phonesToClose) =>
    Promise.all(
      phonesToClose.map(
        (phone) =>
          new Promise((resolve) => {
            if (phone.socket.destroyed) return resolve();
            phone.socket.once('close', resolve);
            phone.socket.end();
          }),
      ),
    );

  return {
    post: (who, path, body, key = who.cookie) => send(phoneOf(key), 'POST', path, who.cookie, JSON.stringify(body)),
    get: (key, path, cookie = null) => send(phoneOf(key), 'GET', path, cookie, undefined),
    leave: async (keys) => {
      const leaving = keys.map((key) => own.get(key)).filter(Boolean);
      for (const key of keys) own.delete(key);
      await closeAll(leaving);
    },
    close: async () => {
      const all = [...own.values()];
      own.clear();
      await closeAll(all);
    },
  };
}
