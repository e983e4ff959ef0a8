// ICE server lists as stored (credentials sealed) and as answered (never a credential, only
// whether one is set). An update that sends a server without a credential keeps the credential
// stored for the server with the same url in the same list, so the screen never has to hold one.
import type { SecretBox } from '../kernel/crypto/secret-box.ts';
import type { IceServer as StoredIceServer } from '../kernel/db/schema.ts';
import type { Schemas } from '../kernel/http/api.ts';

export type StoredIceServers = { video: StoredIceServer[]; audio: StoredIceServer[] };
type IceServersInput = Schemas['IceServersInput'];
type IceServersOut = Schemas['MediaClient']['iceServers'];

type ListName = 'video' | 'audio';

export function sealIceServers(secrets: SecretBox, input: IceServersInput, previous: StoredIceServers | null): StoredIceServers {
  const sealList = (list: ListName): StoredIceServer[] =>
    input[list].map((server) => {
      const url = server.url.trim();
      const username = server.username?.trim() || null;
      const kept = previous?.[list].find((old) => old.url === url)?.credential ?? null;
      const credential = server.credential ? secrets.seal(server.credential) : kept;
      return { url, username, credential };
    });
  return { video: sealList('video'), audio: sealList('audio') };
}

export function publicIceServers(stored: StoredIceServers): IceServersOut {
  const show = (list: StoredIceServer[]) => list.map((s) => ({ url: s.url, username: s.username ?? null, hasCredential: Boolean(s.credential) }));
  return { video: show(stored.video ?? []), audio: show(stored.audio ?? []) };
}
