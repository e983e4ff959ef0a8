// The key of an end-to-end encrypted meeting (issue 14 section 5) and where it lives.
//
// Decision: the key is made by the organiser's browser right after the server has created the
// meeting, and travels only in the join link's fragment (`#key=...`): browsers never send a
// fragment, so the server, its logs and the API never see it. The organiser's browser keeps the
// key (local storage, per meeting), so the portal's own links in that browser (Start, Copy, the
// scheduled dialog) carry it; another browser of the organiser, and the invitation mails the server
// sends, have the plain link only, and the organiser shares the full link. Losing every copy of the
// full link means nobody can join: there is deliberately no copy anywhere else.
//
// The join page reads the fragment and keeps the key for the tab (session storage) before anything
// else happens, so a sign-in round trip, whose return address is a path without the fragment,
// comes back able to join.

/** 32 random bytes, base64url without padding. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const STORED_PREFIX = 'portal.e2ee.';
const TAB_PREFIX = 'portal.e2ee.tab.';

export function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const plain = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(plain, (char) => char.charCodeAt(0));
}

/** A fresh meeting key (256 bits from the browser's cryptographic generator). */
export function newMeetingKey(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

export const isMeetingKey = (value: string | null | undefined): value is string => typeof value === 'string' && KEY_PATTERN.test(value);

/** The key in a URL fragment (`#key=...`), or null when there is none or it is malformed. */
export function keyOfFragment(hash: string): string | null {
  const key = new URLSearchParams(hash.replace(/^#/, '')).get('key');
  return isMeetingKey(key) ? key : null;
}

/** The join link with the key in its fragment. */
export const linkWithKey = (joinUrl: string, key: string) => `${joinUrl.replace(/#.*$/, '')}#key=${key}`;

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps the organiser's key of a meeting in this browser. */
export function rememberMeetingKey(meetingId: string, key: string): void {
  storage('local')?.setItem(STORED_PREFIX + meetingId, key);
}

/** The key this browser keeps for a meeting (by its uuid), or null. */
export function storedMeetingKey(meetingId: string): string | null {
  const key = storage('local')?.getItem(STORED_PREFIX + meetingId);
  return isMeetingKey(key) ? key : null;
}

/**
 * The link to hand out for a meeting: with this browser's key when the meeting is end-to-end
 * encrypted and the key is known here, else the link as the server gave it.
 */
export function shareableLink(meeting: { id: string; joinUrl: string; endToEndEncrypted?: boolean | undefined }): string {
  if (!meeting.endToEndEncrypted) return meeting.joinUrl;
  const key = storedMeetingKey(meeting.id);
  return key ? linkWithKey(meeting.joinUrl, key) : meeting.joinUrl;
}

/** Puts every copy of the plain join link in a text (an invitation) in its full form. */
export function withKeyInText(text: string, joinUrl: string, key: string): string {
  return text.split(joinUrl).join(linkWithKey(joinUrl, key));
}

/** The key that opened this meeting's join page in this tab (kept across a sign-in), or null. */
export function tabMeetingKey(code: string, hash: string): string | null {
  const fromLink = keyOfFragment(hash);
  const tab = storage('session');
  if (fromLink) {
    tab?.setItem(TAB_PREFIX + code, fromLink);
    return fromLink;
  }
  const kept = tab?.getItem(TAB_PREFIX + code);
  return isMeetingKey(kept) ? kept : null;
}
