// Where a webhook may be delivered. A tenant administrator chooses the URL, so the server must not
// become a way into its own network (SSRF): the host is resolved here, every address it resolves
// to is checked, and the connection is then pinned to a checked address (no second lookup that a
// rebinding DNS server could answer differently). Anything but global unicast (loopback, private,
// link-local, carrier-grade NAT, multicast, reserved, the IPv4-carrying IPv6 forms) is refused
// unless the platform setting allows it.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { present } from '../kernel/db/present.ts';

/**
 * True for an address a webhook may not reach without the platform's permission: every address
 * that ipaddr.js (its registry of special-purpose ranges, RFC 6890 and successors) does not
 * classify as plain global unicast. That refuses the IPv6 forms that carry an IPv4 address to a
 * gateway as well (6to4, Teredo, NAT64), whatever IPv4 address they carry; an IPv4-mapped address
 * is judged as the IPv4 address it is.
 */
export function isPrivateAddress(address: string): boolean {
  if (!isIP(address)) return true;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv6' && isIPv4Compatible(parsed as ipaddr.IPv6)) return true;
  return parsed.range() !== 'unicast';
}

/**
 * `::a.b.c.d` (RFC 4291 2.5.5.1, deprecated): ipaddr.js calls it unicast, yet stacks still
 * deliver it to the IPv4 address in its last 32 bits.
 */
function isIPv4Compatible(address: ipaddr.IPv6): boolean {
  return address.parts.slice(0, 6).every((part) => part === 0);
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
