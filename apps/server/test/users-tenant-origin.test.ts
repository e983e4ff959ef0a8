import { describe, expect, it } from 'vitest';
import { tenantOrigin } from '../src/mail/link-origin.ts';

describe('tenantOrigin', () => {
  it('puts the tenant in the realm label of the caller host', () => {
    // The realm is the first label of a host with more than two labels (src/kernel/tenancy/tenancy.ts).
    expect(tenantOrigin('https://portal.example', 'acme')).toBe('https://acme.portal.example');
    expect(tenantOrigin('https://system.portal.example', 'acme')).toBe('https://acme.portal.example');
    expect(tenantOrigin('http://portal.localhost:3000', 'acme')).toBe('http://acme.portal.localhost:3000');
  });

  it('sends a caller on this machine to the tenant under portal.localhost, which is served here too', () => {
    // Plain `acme.localhost` has two labels, so it would be the platform's realm again.
    expect(tenantOrigin('http://localhost:3000', 'acme')).toBe('http://acme.portal.localhost:3000');
    expect(tenantOrigin('http://127.0.0.1:3000', 'acme')).toBe('http://acme.portal.localhost:3000');
    expect(tenantOrigin('http://[::1]:3000', 'acme')).toBe('http://acme.portal.localhost:3000');
  });

  it('keeps hosts that have no tenant subdomains', () => {
    expect(tenantOrigin('http://10.0.0.5:3000', 'acme')).toBe('http://10.0.0.5:3000');
    expect(tenantOrigin('http://intranet:8080', 'acme')).toBe('http://intranet:8080');
  });
});
