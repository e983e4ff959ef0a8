// Password hashing with Argon2id at OWASP's recommended parameters (19 MiB, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';
import { present } from '../db/present.ts';

const ARGON2ID = 2; // @node-rs/argon2 Algorithm.Argon2id (a const enum, not importable at runtime)
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The spec's rule: at least 6 characters with upper case, lower case and numbers. */
export const passwordRule = /^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9]).{6,128}$/;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so a missing account cannot be told apart by timing.
    await hash(password, options);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const alphabets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%*-_'];

/** A 16-character password from a CSPRNG holding every character class, so it passes the rule. */
export function generatePassword(length = 16): string {
  const all = alphabets.join('');
  const chars = alphabets.map((set) => present(set[randomInt(set.length)], 'set[randomInt(set.length)]'));
  while (chars.length < length) chars.push(present(all[randomInt(all.length)], 'all[randomInt(all.length)]'));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [present(chars[j], 'chars[j]'), present(chars[i], 'chars[i]')];
  }
  return chars.join('');
}
