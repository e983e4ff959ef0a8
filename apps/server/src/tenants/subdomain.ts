// A tenant's subdomain (`sname`) is its realm: the first label of its host. It must be a DNS label
// of 2–63 lower-case letters, digits and inner hyphens, and never a name the platform itself
// answers at (or could later), or a tenant could shadow the platform's own hosts.
import { fieldError } from '../kernel/http/problem.ts';
import { systemRealm } from '../kernel/tenancy/tenancy.ts';

const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])$/;

export const reservedSubdomains: ReadonlySet<string> = new Set([
  systemRealm,
  'www',
  'api',
  'portal',
  'admin',
  'app',
  'auth',
  'login',
  'mail',
  'smtp',
  'static',
  'assets',
  'cdn',
  'docs',
  'status',
  'localhost',
]);

export function isValidSubdomain(value: string): boolean {
  return label.test(value) && !reservedSubdomains.has(value);
}

/** The subdomain as stored, or a 400 with the spec's 'Enter a valid subdomain' code. */
export function checkSubdomain(value: string): string {
  if (!isValidSubdomain(value)) throw fieldError('sname', 'invalid_subdomain', 'Enter a valid subdomain');
  return value;
}
