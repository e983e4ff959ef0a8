import { describe, expect, it } from 'vitest';
import { generateRecoveryCodes, hashRecoveryCode, normaliseRecoveryCode } from '../src/auth/two-factor/recovery-codes.ts';
import { base32Decode, base32Encode, generateTotpSecret, hotp, matchTotpStep, otpauthUrl, totpCode, totpStep } from '../src/auth/two-factor/totp.ts';

describe('base32 (RFC 4648 section 10)', () => {
  const vectors: [string, string][] = [
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ];
  it.each(vectors)('encodes %j as %s and back', (plain, encoded) => {
    expect(base32Encode(Buffer.from(plain))).toBe(encoded);
    expect(base32Decode(encoded).toString()).toBe(plain);
  });

  it('reads keys typed in lower case, in groups and with padding', () => {
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
  });

  it('refuses characters outside the alphabet', () => {
    expect(() => base32Decode('MZ1W')).toThrow();
  });
});

describe('HOTP (RFC 4226 appendix D)', () => {
  const key = Buffer.from('12345678901234567890');
  const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(expected.map((code, counter) => [counter, code] as const))('counter %i gives %s', (counter, code) => {
    expect(hotp(key, counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B, 8 digits)', () => {
  const keys = {
    sha1: Buffer.from('12345678901234567890'),
    sha256: Buffer.from('12345678901234567890123456789012'),
    sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
  };
  const table: [number, string, string, string][] = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  it.each(table)('time %i', (seconds, sha1, sha256, sha512) => {
    const step = totpStep(seconds * 1000);
    expect(hotp(keys.sha1, step, 8, 'sha1')).toBe(sha1);
    expect(hotp(keys.sha256, step, 8, 'sha256')).toBe(sha256);
    expect(hotp(keys.sha512, step, 8, 'sha512')).toBe(sha512);
  });

  it('gives the 6-digit SHA-1 code of a base32 secret', () => {
    const secret = base32Encode(keys.sha1);
    expect(totpCode(secret, 59_000)).toBe('287082');
  });
});

describe('matchTotpStep', () => {
  const secret = generateTotpSecret();
  const now = 1_700_000_000_000;
  const step = totpStep(now);

  it('accepts the current step and one step either side, and no further', () => {
    expect(matchTotpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCode(secret, now - 60_000), now)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, now + 60_000), now)).toBeNull();
  });

  it('refuses anything that is not six digits', () => {
    expect(matchTotpStep(secret, '12345', now)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', now)).toBeNull();
  });
});

describe('secrets and URIs', () => {
  it('makes 160-bit secrets that differ each time', () => {
    const a = generateTotpSecret();
    expect(base32Decode(a)).toHaveLength(20);
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(a);
  });

  it('builds the otpauth URI authenticator apps read', () => {
    const raw = otpauthUrl({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'Acme Corporation', account: 'ann@acme.test' });
    expect(raw.startsWith('otpauth://totp/Acme%20Corporation%3Aann%40acme.test?')).toBe(true);
    const url = new URL(raw);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Acme Corporation',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('recovery codes', () => {
  it('makes 10 distinct codes of the form xxxxx-xxxxx', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  });

  it('matches a code typed in capitals, with spaces or without the dash', () => {
    expect(normaliseRecoveryCode(' ABCDE fghjk ')).toBe('abcde-fghjk');
    expect(hashRecoveryCode('ABCDEFGHJK')).toBe(hashRecoveryCode('abcde-fghjk'));
  });
});
