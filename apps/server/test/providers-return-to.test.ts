import { describe, expect, it } from 'vitest';
import { safeReturnTo } from '../src/auth/providers/return-to.ts';

describe('safeReturnTo', () => {
  it('keeps a path inside the portal with its query', () => {
    expect(safeReturnTo('/portal/user?tab=all')).toBe('/portal/user?tab=all');
  });

  it.each([
    undefined,
    '',
    'https://evil.example/portal',
    '//evil.example/portal',
    '/portal/../api/v1/me',
    '/portal//evil.example',
    '/portal\\evil',
    '/portal/x\r\nset-cookie: a=b',
    '/portalx',
    '/portal/login',
  ])('sends %s to the landing page', (value) => {
    expect(safeReturnTo(value)).toBe('/portal/landing-page');
  });
});
