// What a developer client may register. Redirect URIs receive authorization codes, so they must be
// absolute https URLs without a fragment (plain http only for the loopback host, where a native
// app listens). Web origins are bare origins, scheme://host[:port], as browsers send them.
import { fieldError, ProblemError, type FieldError } from '../kernel/http/problem.ts';
import { present } from '../kernel/db/present.ts';

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
  if (!url || url.hash || url.username || url.password || value !== value.trim()) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && loopbackHosts.has(url.hostname);
}

export function isWebOrigin(value: string): boolean {
  const url = parse(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return false;
  if (url.protocol === 'http:' && !loopbackHosts.has(url.hostname)) return false;
  // An origin has no path, query, fragment or credentials: it must read back exactly as its origin.
  return url.origin === value;
}

/** Field errors `redirectUris.<i>` / `webOrigins.<i>` for every bad entry; throws when there is one. */
export function checkUris(input: { redirectUris?: readonly string[] | undefined; webOrigins?: readonly string[] | undefined }): void {
  const errors: FieldError[] = [
    ...(input.redirectUris ?? []).flatMap((uri, i) => (isRedirectUri(uri) ? [] : [{ field: `redirectUris.${i}`, code: 'invalid_uris', message: 'Use an absolute https URL (http only for localhost).' }])),
    ...(input.webOrigins ?? []).flatMap((origin, i) => (isWebOrigin(origin) ? [] : [{ field: `webOrigins.${i}`, code: 'invalid_content', message: 'Use an origin: scheme://host[:port].' }])),
  ];
  if (errors.length === 1) throw fieldError(present(errors[0], 'errors[0]').field, present(errors[0], 'errors[0]').code, present(errors[0], 'errors[0]').message);
  if (errors.length > 1) throw new ProblemError(400, 'validation_failed', { errors });
}
