/**
 * Who may read /metrics (docs/deployment.md#metrics): a caller that sends METRICS_TOKEN as
 * `Authorization: Bearer TOKEN`, from anywhere, or a direct connection from an address of
 * METRICS_ALLOW (this machine by default). A request that came through a proxy (it carries
 * X-Forwarded-For or Forwarded) is no direct connection: the proxy's own address, often this machine,
 * must not open the metrics to whoever the proxy serves, so such a request needs the token. The
 * peer's address is the socket's, never a forwarded one (TRUST_PROXY plays no part).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { blockListOf, outside } from '../lib/networks';

export interface MetricsAccess {
  token: string | null;
  /** Addresses and networks (CIDR) allowed without the token. */
  allow: readonly string[];
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The rule for a configuration: whether a request may read the metrics. */
export function metricsAccess({ token, allow }: MetricsAccess): (req: FastifyRequest) => boolean {
  // Compared as digests of equal length, in constant time: the answer's timing tells nothing of the token.
  const expected = token === null ? null : digest(token);
  const networks = blockListOf(allow);
  return (req) => {
    // The scheme's name in any case (RFC 9110), then the token.
    const given = expected ? /^bearer +(\S+) *$/i.exec(req.headers.authorization ?? '')?.[1] : undefined;
    if (expected && given !== undefined && timingSafeEqual(digest(given), expected)) return true;
    if (!networks || req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) return false;
    const peer = req.raw.socket.remoteAddress;
    return peer !== undefined && !outside(networks, peer);
  };
}
