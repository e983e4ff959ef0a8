// Recording settings' `allowedAddress` (an IPv4 or IPv6 address, or a CIDR range; null: any): when
// set, downloads, share-link creation, the public player and its video answer 403
// `recording_address_refused` to every other client address. The address is `request.ip`, which
// honours TRUST_PROXY, so behind a proxy it is the visitor's, not the proxy's.
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../kernel/db/database.ts';
import { cachedRead } from '../kernel/db/process-cache.ts';
import { ProblemError } from '../kernel/http/problem.ts';
import { findSettings } from '../settings/index.ts';

/** `::ffff:10.1.2.3` (an IPv4 client on a dual-stack socket) is the IPv4 address it carries. */
function normalise(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * Whether `address` is `allowed` (an address or a CIDR range). IPv4 and IPv6 are told apart; an
 * IPv4-mapped IPv6 address matches as IPv4. Anything unparsable matches nothing.
 */
export function addressAllowed(allowed: string, address: string): boolean {
  const client = normalise(address.trim());
  const clientFamily = isIP(client);
  if (clientFamily === 0) return false;
  const [rawNetwork = '', prefix, ...rest] = allowed.trim().split('/');
  if (rest.length > 0) return false;
  const network = normalise(rawNetwork);
  const family = isIP(network);
  if (family === 0 || family !== clientFamily) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
  if (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128) || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) return false;
  const list = new BlockList();
  list.addSubnet(network, bits, type);
  return list.check(client, type);
}

const cache = { name: 'recordings.allowed-address', maxEntries: 1, ttlMs: 5_000 };

/** The saved allowed address or range, or null when recordings are open to any address. */
export async function allowedRecordingAddress(database: AppDatabase): Promise<string | null> {
  // Kept wrapped: the cache takes a null answer for a miss.
  const saved = await cachedRead(database, cache, 'recording', async () => {
    const row = await database.withPlatform((tx) => findSettings(tx, 'recording'));
    const value = row?.value.allowedAddress;
    return { address: typeof value === 'string' && value.trim() !== '' ? value.trim() : null };
  });
  return saved.address;
}

export const addressRefused = () =>
  new ProblemError(403, 'recording_address_refused', { detail: 'Recordings are only available from the authorised address or range' });

/** Throws 403 `recording_address_refused` unless the client's address is allowed. */
export async function checkRecordingAddress(request: FastifyRequest): Promise<void> {
  const allowed = await allowedRecordingAddress(request.server.database);
  if (allowed !== null && !addressAllowed(allowed, request.ip)) throw addressRefused();
}
