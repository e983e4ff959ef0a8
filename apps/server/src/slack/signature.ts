// Slack's request signing (https://api.slack.com/authentication/verifying-requests-from-slack):
// `X-Slack-Signature: v0=<hex HMAC-SHA256 of "v0:<timestamp>:<raw body>">` keyed with the app's
// signing secret, and `X-Slack-Request-Timestamp` within five minutes of now so a captured request
// cannot be replayed later. Compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const replayWindowSeconds = 5 * 60;

export type SignatureCheck = { ok: true } | { ok: false; code: 'invalid_signature' | 'stale_request' };

/** The `X-Slack-Signature` value Slack sends for `body` at `timestamp` (seconds). */
export function slackSignature(signingSecret: string, timestamp: string, body: string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

export function verifySlackRequest(
  signingSecret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  now: Date = new Date(),
): SignatureCheck {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return { ok: false, code: 'invalid_signature' };
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > replayWindowSeconds) return { ok: false, code: 'stale_request' };
  const expected = Buffer.from(slackSignature(signingSecret, timestamp, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, code: 'invalid_signature' };
  return { ok: true };
}
