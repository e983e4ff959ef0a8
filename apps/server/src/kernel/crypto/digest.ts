// The one digest of stored tokens (action tokens, session ids, OAuth artefacts, share links): only
// the hash is kept, so a leaked table hands out nothing that signs anyone in.
import { createHash } from 'node:crypto';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
