// Where a webhook may be delivered. A tenant administrator chooses the URL, so the server must not
// become a way into its own network (SSRF): the host is resolved here, every address it resolves
// to is checked, and the connection is then pinned to a checked address (no second lookup that a
// rebinding DNS server could answer differently). Loopback, private, link-local, carrier-grade NAT,
// multicast and reserved ranges are refused unless the platform setting allows them.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { present } from '../kernel/db/present.ts';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for an address a webhook may not reach without the platform's permission. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(present(mapped[1], 'mapped[1]'), 'ipv4');
  return blocked.check(address, 'ipv6');
}

export class RefusedTarget extends Error {}

export type Target = { url: URL; address: string; family: 4 | 6 };

/** Resolves the URL's host and answers the address to connect to, or throws RefusedTarget. */
export async function checkTarget(rawUrl: string, allowPrivate: boolean, resolve = lookup): Promise<Target> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new RefusedTarget('not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RefusedTarget('only http and https URLs');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A name that does not resolve now may later (DNS trouble): a plain error, retried by the queue.
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host, { all: true, verbatim: true }).catch(() => []);
  if (addresses.length === 0) throw new Error(`${host} does not resolve`);
  if (!allowPrivate) {
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) throw new RefusedTarget(`${host} resolves to ${refused.address}, a loopback, private or link-local address`);
  }
  const chosen = present(addresses[0], 'addresses[0]');
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}
