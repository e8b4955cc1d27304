/**
 * The address lines of the start banner (main.ts): where to open the portal and who may reach it.
 * The demo accounts' passwords are published, so the banner says plainly whether other machines can
 * connect, and how to change it (HOST).
 */

/** Addresses that only this machine can reach. */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i;
/** Addresses meaning every interface. */
const EVERY = new Set(['0.0.0.0', '::', '']);

export function addressLines(host: string, port: number): string[] {
  if (LOOPBACK.test(host)) {
    const shown = host.includes(':') ? `[${host}]` : host;
    return [`  Open  http://${shown}:${port}/lms/`, `  Listening on http://${shown}:${port}/lms/ only; set HOST=0.0.0.0 to accept other machines.`];
  }
  if (EVERY.has(host))
    return [
      `  Open  http://localhost:${port}/lms/`,
      `  Listening on every interface (HOST=${host}): other machines can connect, so change the demo accounts' passwords below.`,
    ];
  const shown = host.includes(':') ? `[${host}]` : host;
  return [`  Open  http://${shown}:${port}/lms/`, `  Listening on ${host} only (HOST).`];
}
