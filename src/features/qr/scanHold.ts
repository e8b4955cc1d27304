/**
 * The projector's link (/lms/qrscan?t=<token>) opened signed out: its code lasts some 20 seconds,
 * signing in on a phone takes longer. The scan itself is the proof, so it is kept: the server signs a
 * hold of it bound to this device (hold.json, a few minutes), and the page returned to after sign-in
 * carries it (`h`), so that the scan completes the mark instead of asking to scan again.
 */
import { qrApi, tokenFromScan } from '@api/qr';

/** The scanner's query to return to after sign-in: with the hold when the server kept the scan, else as it was. */
export default async function keepScan(search: string): Promise<string> {
  const params = new URLSearchParams(search);
  const linked = params.get('t');
  if (!linked || params.has('h')) return search;
  const held = await qrApi.hold(tokenFromScan(linked));
  if (!held.ok) return search;
  params.set('h', held.data.hold);
  return `?${params.toString()}`;
}
