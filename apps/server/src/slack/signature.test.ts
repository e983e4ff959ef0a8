import { describe, expect, it } from 'vitest';
import { slackSignature, verifySlackRequest } from './signature.ts';

// The example of Slack's "Verifying requests from Slack" guide.
const secret = '8f742231b10e8888abcd99yyyzzz85a5';
const timestamp = '1531420618';
const body =
  'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c';
const at = new Date(Number(timestamp) * 1000);

describe('Slack request signatures', () => {
  it("matches the signature of Slack's own example", () => {
    expect(slackSignature(secret, timestamp, body)).toBe('v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503');
    expect(verifySlackRequest(secret, { timestamp, signature: 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503' }, body, at)).toEqual({ ok: true });
  });

  it('refuses a changed body, another secret, a missing header', () => {
    const signature = slackSignature(secret, timestamp, body);
    expect(verifySlackRequest(secret, { timestamp, signature }, `${body}x`, at)).toEqual({ ok: false, code: 'invalid_signature' });
    expect(verifySlackRequest('another', { timestamp, signature }, body, at)).toEqual({ ok: false, code: 'invalid_signature' });
    expect(verifySlackRequest(secret, { timestamp, signature: undefined }, body, at)).toEqual({ ok: false, code: 'invalid_signature' });
    expect(verifySlackRequest(secret, { timestamp: 'abc', signature }, body, at)).toEqual({ ok: false, code: 'invalid_signature' });
  });

  it('refuses a timestamp more than five minutes away, either way', () => {
    const signature = slackSignature(secret, timestamp, body);
    expect(verifySlackRequest(secret, { timestamp, signature }, body, new Date(at.getTime() + 300_000))).toEqual({ ok: true });
    expect(verifySlackRequest(secret, { timestamp, signature }, body, new Date(at.getTime() + 301_000))).toEqual({ ok: false, code: 'stale_request' });
    expect(verifySlackRequest(secret, { timestamp, signature }, body, new Date(at.getTime() - 301_000))).toEqual({ ok: false, code: 'stale_request' });
  });
});
