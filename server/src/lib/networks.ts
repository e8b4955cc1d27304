/**
 * Lists of networks (CIDR) and whether an address is outside them: the networks QR marks are
 * expected from (docs/security.md#qr-attendance: QR_ALLOWED_NETWORKS or a room's own list) and the
 * networks a test allows its attempts from (docs/areas/testing.md).
 */
import { BlockList, isIPv4 } from 'node:net';

/** A list of networks (CIDR, IPv4 or IPv6) to check addresses against; null when it is empty. A malformed entry is left out. */
export function blockListOf(list: readonly string[]): BlockList | null {
  const networks = new BlockList();
  let listed = 0;
  for (const cidr of list) {
    const [address, prefix] = cidr.trim().split('/');
    try {
      networks.addSubnet(address, Number(prefix), isIPv4(address) ? 'ipv4' : 'ipv6');
      listed++;
    } catch {
      // Not a network: the rest of the list still applies.
    }
  }
  return listed === 0 ? null : networks;
}

/** Is the address outside the networks (an IPv4 address mapped into IPv6 read as IPv4)? */
export function outside(networks: BlockList, ip: string): boolean {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = v4 ?? ip;
  return !networks.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}
