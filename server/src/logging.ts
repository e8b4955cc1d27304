/**
 * Where the server's log lines go: standard output, written without blocking the event loop.
 *
 * On Linux a write to a pipe (how a supervisor or container collects logs) is synchronous: each
 * request's log lines would hold the event loop until the reader takes them. Lines are therefore
 * gathered and written in the background (one write at a time, through libuv's thread pool), and
 * whatever is still pending is written synchronously when the process exits, so nothing is lost.
 */
import fs from 'node:fs';

export interface LogStream {
  write(line: string): void;
  /** Writes whatever is pending, synchronously. */
  flushSync(): void;
}

export function asyncLogStream(fd = 1): LogStream {
  let pending: string[] = [];
  let writing = false;

  const flushSync = () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    try {
      fs.writeSync(fd, text);
    } catch {
      // standard output closed: nothing to do
    }
  };

  const next = () => {
    if (pending.length === 0) {
      writing = false;
      return;
    }
    writing = true;
    const chunk = Buffer.from(pending.join(''));
    pending = [];
    const write = (offset: number) =>
      fs.write(fd, chunk, offset, chunk.length - offset, null, (err, written) => {
        if (err) {
          // EAGAIN on a non-blocking descriptor: try again; anything else drops the chunk.
          if ((err as NodeJS.ErrnoException).code === 'EAGAIN') setImmediate(() => write(offset));
          else next();
          return;
        }
        if (offset + written < chunk.length) write(offset + written);
        else next();
      });
    write(0);
  };

  process.on('exit', flushSync);
  return {
    write(line) {
      pending.push(line);
      if (!writing) {
        writing = true;
        setImmediate(next);
      }
    },
    flushSync,
  };
}

let shared: LogStream | null = null;

/** The process's one log stream on standard output. */
export function stdoutLogStream(): LogStream {
  shared ??= asyncLogStream(1);
  return shared;
}

/**
 * A request's URL as the log shows it: the secrets some addresses carry are replaced by '…' (the
 * public card's token `?data=`, also on the card's page /lms/studentqr, and a calendar feed's secret
 * /api/schedule/calendar/<secret>), since whoever reads the log must not be able to open them.
 */
export function loggableUrl(url: string): string {
  return url.replace(/(\/calendar\/)(?!revoke\.json)[^/?#]+/, '$1…').replace(/([?&]data=)[^&#]*/g, '$1…');
}

/** The request as each log line shows it: Fastify's default fields, with the URL made loggable. */
export function requestSerializer(req: { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: loggableUrl(req.url), host: req.hostname, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
