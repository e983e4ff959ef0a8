import { afterEach, describe, expect, it } from 'vitest';
import { keyOfFragment, linkWithKey, newMeetingKey, rememberMeetingKey, shareableLink, tabMeetingKey, withKeyInText } from './e2ee-key';

describe('meeting keys', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('makes 256-bit keys that survive a link', () => {
    const key = newMeetingKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newMeetingKey()).not.toBe(key);
    const link = linkWithKey('https://acme.example/portal/join/12345678901', key);
    expect(link).toBe(`https://acme.example/portal/join/12345678901#key=${key}`);
    expect(keyOfFragment(new URL(link).hash)).toBe(key);
  });

  it('ignores a missing or malformed key', () => {
    expect(keyOfFragment('')).toBeNull();
    expect(keyOfFragment('#key=short')).toBeNull();
    expect(keyOfFragment('#other=1')).toBeNull();
  });

  it("gives the full link only for an encrypted meeting whose key this browser keeps", () => {
    const key = newMeetingKey();
    const meeting = { id: 'm1', joinUrl: 'https://acme.example/portal/join/1', endToEndEncrypted: true };
    expect(shareableLink(meeting)).toBe(meeting.joinUrl);
    rememberMeetingKey('m1', key);
    expect(shareableLink(meeting)).toBe(`${meeting.joinUrl}#key=${key}`);
    expect(shareableLink({ ...meeting, endToEndEncrypted: false })).toBe(meeting.joinUrl);
    expect(withKeyInText(`Join: ${meeting.joinUrl}\nAgain: ${meeting.joinUrl}`, meeting.joinUrl, key)).toBe(`Join: ${meeting.joinUrl}#key=${key}\nAgain: ${meeting.joinUrl}#key=${key}`);
  });

  it('keeps the key of the link that opened the tab, for the way back from signing in', () => {
    const key = newMeetingKey();
    expect(tabMeetingKey('123', '')).toBeNull();
    expect(tabMeetingKey('123', `#key=${key}`)).toBe(key);
    expect(tabMeetingKey('123', '')).toBe(key);
    expect(tabMeetingKey('456', '')).toBeNull();
  });
});
