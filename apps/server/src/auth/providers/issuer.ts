// Which issuer URLs a tenant may configure. Providers are reached over https; plain http is
// accepted only on this machine's loopback (a provider run for development or the tests).
import { isIP } from 'node:net';

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/** The issuer in canonical form, or null when it is not an acceptable issuer URL. */
export function normaliseIssuer(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash) return null;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) return null;
  // The issuer identifier is compared exactly with the discovered one, so keep the path as given
  // (Google's is `https://accounts.google.com`, others end in a slash).
  return value.trim();
}
