// /api/v1/health reports the portal's release, the version the landing page shows.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/kernel/config.ts';

describe('version', () => {
  it('is the portal app release (apps/portal/package.json)', () => {
    const portal = JSON.parse(readFileSync(new URL('../../portal/package.json', import.meta.url), 'utf8')) as { version: string };
    expect(portal.version).toBe('4.4.0');
    expect(loadConfig({}).version).toBe(portal.version);
  });
});
