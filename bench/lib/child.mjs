/**
 * A program a bench runs in the foreground as its child (pgbouncer, haproxy): its last lines of
 * output kept for the error that says why it stopped, and a stop that waits for its exit (SIGTERM,
 * then SIGKILL after 5 s).
 */
import { spawn } from 'node:child_process';

/** Spawns `command` with `args` (`options` as spawn's); resolves to {child, log, exited(), stop()}. */
export function runChild(command, args, options = {}) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = [];
  const collect = (d) => {
    log.push(...d.toString('utf8').split('\n').filter(Boolean));
    if (log.length > 200) log.splice(0, log.length - 200);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.once('error', (err) => log.push(String(err)));
  return {
    child,
    log,
    exited,
    stop: async () => {
      if (exited()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** Resolves once `ready()` resolves true (tried every 50 ms); rejects with the child's output when it exits or after `timeoutMs`. */
export async function waitUntil(name, running, ready, timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (running.exited()) throw new Error(`${name} exited:\n${running.log.slice(-20).join('\n')}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${name} not ready within ${timeoutMs} ms:\n${running.log.slice(-20).join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
