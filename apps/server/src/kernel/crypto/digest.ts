// The one digest of stored tokens (action tokens, session ids, OAuth artefacts, share links): only
// the hash is kept, so a leaked table hands out nothing that signs anyone in.
import { createHash, timingSafeEqual } from 'node:crypto';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Compares a secret without telling by its timing how much of it was right (nor its length: both are hashed first). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
