// One-time recovery codes for a lost authenticator: shown once when two-factor is turned on,
// stored only as SHA-256 (each code carries 50 random bits, so a plain hash is enough: there is
// nothing to guess from a dictionary).
import { randomInt } from 'node:crypto';
import { sha256 } from '../../kernel/crypto/digest.ts';

export const recoveryCodeCount = 10;

// No 0/O, 1/I/L: codes are read off paper and typed by hand.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx`: 10 characters of a 31-letter alphabet ≈ 50 bits. */
export function generateRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < 10; index++) {
    if (index === 5) code += '-';
    code += alphabet[randomInt(alphabet.length)];
  }
  return code;
}

export function generateRecoveryCodes(count = recoveryCodeCount): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(generateRecoveryCode());
  return [...codes];
}

/** Case, spaces and a missing dash do not matter when typed back. */
export function normaliseRecoveryCode(input: string): string {
  const compact = input.toLowerCase().replace(/[\s-]/g, '');
  return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
}

export const hashRecoveryCode = (code: string) => sha256(normaliseRecoveryCode(code));
