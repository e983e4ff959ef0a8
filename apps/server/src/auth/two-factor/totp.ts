// Time-based one-time passwords (RFC 6238 over the HOTP of RFC 4226) on node:crypto: HMAC-SHA1,
// 6 digits, 30-second steps. Written here rather than taken from a package because it is a few
// lines and every choice (window, replay rule) must be visible to review.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { present } from '../../kernel/db/present.ts';

export const totpDigits = 6;
export const totpStepSeconds = 30;
/** Steps accepted either side of the current one: a phone clock a little off still works. */
export const totpSkewSteps = 1;
/** 160 bits, the HMAC-SHA1 block-size recommendation of RFC 4226 section 4. */
export const totpSecretBytes = 20;

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (what authenticator apps expect). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += base32Alphabet[(value << (5 - bits)) & 31];
  return output;
}

/** Accepts lower case, spaces and padding, as people type a key shown in groups. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const output: number[] = [];
  for (const char of clean) {
    const index = base32Alphabet.indexOf(char);
    if (index < 0) throw new Error(`Not a base32 character: ${char}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      output.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(output);
}

export function generateTotpSecret(): string {
  return base32Encode(randomBytes(totpSecretBytes));
}

/** HOTP (RFC 4226 section 5.3) with dynamic truncation; `algorithm` only for the RFC 6238 vectors. */
export function hotp(key: Buffer, counter: number, digits = totpDigits, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = present(mac[mac.length - 1], 'mac[mac.length - 1]') & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const totpStep = (timeMs: number) => Math.floor(timeMs / 1000 / totpStepSeconds);

/** The code for `timeMs` (default now) of a base32 secret. */
export function totpCode(secret: string, timeMs = Date.now()): string {
  return hotp(base32Decode(secret), totpStep(timeMs));
}

/**
 * The time step whose code equals `code` within ±`totpSkewSteps` of `timeMs`, or null. The caller
 * must still refuse a step not newer than the last one accepted (replay), atomically.
 */
export function matchTotpStep(secret: string, code: string, timeMs = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const current = totpStep(timeMs);
  let matched: number | null = null;
  // Every candidate is compared (no early exit) so the timing does not tell which step matched.
  for (let step = current - totpSkewSteps; step <= current + totpSkewSteps; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code)) && matched === null) matched = step;
  }
  return matched;
}

/** The `otpauth://` URI authenticator apps read from the QR code (Key Uri Format). */
export function otpauthUrl(input: { secret: string; issuer: string; account: string }): string {
  const label = encodeURIComponent(`${input.issuer}:${input.account}`);
  const params = new URLSearchParams({
    secret: input.secret,
    issuer: input.issuer,
    algorithm: 'SHA1',
    digits: String(totpDigits),
    period: String(totpStepSeconds),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
