import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/kernel/config.ts';
import { createSecretBox, loadSecretKey } from '../src/kernel/crypto/secret-box.ts';

const dir = mkdtempSync(join(tmpdir(), 'secret-box-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('secret box', () => {
  it('opens what it sealed, and nothing sealed under another key or altered', () => {
    const box = createSecretBox(Buffer.alloc(32, 1));
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('same')).not.toBe(box.seal('same'));
    expect(() => createSecretBox(Buffer.alloc(32, 2)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => box.open('plain text')).toThrow('Not a sealed secret');
  });

  it('creates one private key file in the data directory and reuses it', () => {
    const first = loadSecretKey({ secretKey: null, dataDir: dir });
    expect(first).toHaveLength(32);
    expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(loadSecretKey({ secretKey: null, dataDir: dir }).equals(first)).toBe(true);
    expect(readFileSync(join(dir, 'secret.key'), 'utf8').trim()).toBe(first.toString('base64'));
  });

  it('prefers PORTAL_SECRET_KEY and rejects one of the wrong size', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadSecretKey({ secretKey: loadConfig({ PORTAL_SECRET_KEY: key }).secretKey, dataDir: dir }).equals(Buffer.alloc(32, 7))).toBe(true);
    expect(() => loadConfig({ PORTAL_SECRET_KEY: 'c2hvcnQ=' })).toThrow('PORTAL_SECRET_KEY must be 32 random bytes');
  });
});
