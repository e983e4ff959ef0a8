// TURN credentials by the TURN REST API scheme (coturn's `use-auth-secret`): the username is
// `<expiry>:<participant>` (expiry in Unix seconds) and the password the base64 HMAC-SHA1 of that
// username under the secret the portal shares with the TURN server. coturn checks them without
// asking the portal, and refuses them once expired. It checks them again whenever the browser
// refreshes its allocation, so they must outlive the call: hence a lifetime of hours, not minutes.
import { createHmac } from 'node:crypto';
import type { BrowserAccess, IceServer } from './platform.ts';

export type TurnConfig = {
  /** `turn:` / `turns:` URLs of the TURN servers sharing the secret. */
  urls: string[];
  secret: string;
  ttlSeconds: number;
};

export function turnCredentials(turn: TurnConfig, participant: string, now: Date): Required<IceServer> {
  const expiry = Math.floor(now.getTime() / 1000) + turn.ttlSeconds;
  const username = `${expiry}:${participant}`;
  const credential = createHmac('sha1', turn.secret).update(username).digest('base64');
  return { urls: turn.urls, username, credential };
}

/** The ICE servers one participant's join grant carries: the static ones, and the TURN servers with this participant's credentials. */
export function iceServersFor(browser: BrowserAccess, participant: string, now: Date): IceServer[] {
  return browser.turn ? [...browser.iceServers, turnCredentials(browser.turn, participant, now)] : browser.iceServers;
}
