// The server's rules (apps/server/src/dev-clients/uris.ts), so most mistakes show before a round
// trip: redirect URIs are absolute https URLs (http only on the loopback host), web origins are
// bare scheme://host[:port].
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

export function isRedirectUri(value: string): boolean {
  const url = parse(value);
  if (!url || url.hash || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname));
}

export function isWebOrigin(value: string): boolean {
  const url = parse(value);
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname)))) return false;
  return url.origin === value;
}
