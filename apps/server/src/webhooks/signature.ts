// Standard Webhooks signatures (https://www.standardwebhooks.com): `v1,<base64 HMAC-SHA256>` of
// `<webhook-id>.<webhook-timestamp>.<body>` under the secret's bytes (the base64 after `whsec_`).
// A few lines of node:crypto rather than a dependency; the tests check them with the
// `standardwebhooks` package, an independent verifier.
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

export const newWebhookSecret = () => `${PREFIX}${randomBytes(24).toString('base64')}`;

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The `webhook-signature` header: one signature per valid secret, space-separated (rotation). */
export const signatureHeader = (secrets: string[], id: string, timestampSeconds: number, body: string) =>
  secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(' ');
