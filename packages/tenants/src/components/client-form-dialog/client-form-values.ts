import type { MediaClient } from '../../api/clients/get-clients';
import type { MediaClientCreate } from '../../api/clients/put-client';

export type IceServerRow = {
  /** Stable React key of the row while servers are added and removed. */
  key: string;
  url: string;
  username: string;
  /** Empty keeps the stored credential (when `hasCredential`) on an edit. */
  credential: string;
  hasCredential: boolean;
};

export type IceList = 'video' | 'audio';

export type ClientFormValues = {
  tenantId: string | null;
  name: string;
  version: string;
  minVersion: string;
  maxVersion: string;
  iceTransportPolicy: MediaClientCreate['iceTransportPolicy'];
  bundlePolicy: MediaClientCreate['bundlePolicy'];
  appServer: string;
  enabled: boolean;
  video: IceServerRow[];
  audio: IceServerRow[];
};

let rowCounter = 0;
export const newRowKey = () => `ice-${++rowCounter}`;

export const emptyIceRow = (): IceServerRow => ({ key: newRowKey(), url: '', username: '', credential: '', hasCredential: false });

export function initialClientValues(client: MediaClient | null | undefined): ClientFormValues {
  const rows = (list: MediaClient['iceServers']['video']) =>
    list.map((server) => ({ key: newRowKey(), url: server.url, username: server.username ?? '', credential: '', hasCredential: server.hasCredential }));
  return {
    tenantId: client?.tenantId ?? null,
    name: client?.name ?? '',
    version: client?.version ?? '',
    minVersion: client?.minVersion ?? '',
    maxVersion: client?.maxVersion ?? '',
    iceTransportPolicy: client?.iceTransportPolicy ?? 'all',
    bundlePolicy: client?.bundlePolicy ?? 'balanced',
    appServer: client?.appServer ?? '',
    enabled: (client?.status ?? 'enabled') === 'enabled',
    video: client ? rows(client.iceServers.video) : [],
    audio: client ? rows(client.iceServers.audio) : [],
  };
}

// The same rules as the contract (openapi/portal.yaml), so most mistakes show before a round trip.
const iceUrlPattern = /^(stun|turns?):\S+$/;
const httpUrlPattern = /^https?:\/\/[^\s/]+\S*$/;
const versionPattern = /^\d+(\.\d+){0,3}$/;

export const isIceUrl = (value: string) => iceUrlPattern.test(value.trim());
export const isHttpUrl = (value: string) => httpUrlPattern.test(value.trim());
export const isVersion = (value: string) => versionPattern.test(value.trim());

/** The request body's ICE servers: a credential is sent only when typed, so an empty one keeps the stored. */
export function iceServersBody(values: Pick<ClientFormValues, 'video' | 'audio'>): MediaClientCreate['iceServers'] {
  const list = (rows: IceServerRow[]) =>
    rows.map((row) => ({ url: row.url.trim(), username: row.username.trim() || null, ...(row.credential ? { credential: row.credential } : {}) }));
  return { video: list(values.video), audio: list(values.audio) };
}

const orNull = (value: string) => value.trim() || null;

export function clientBody(values: ClientFormValues): Omit<MediaClientCreate, 'tenantId'> {
  return {
    name: values.name.trim(),
    version: orNull(values.version),
    minVersion: orNull(values.minVersion),
    maxVersion: orNull(values.maxVersion),
    iceTransportPolicy: values.iceTransportPolicy,
    bundlePolicy: values.bundlePolicy,
    appServer: orNull(values.appServer),
    status: values.enabled ? 'enabled' : 'disabled',
    iceServers: iceServersBody(values),
  };
}

/**
 * A server field error's path as a form path: `iceServers.video.0.url` becomes `video.0.url`;
 * other fields keep their name. Unknown fields give null (shown as a snackbar instead).
 */
export function formPathOf(field: string): string | null {
  const ice = /^iceServers\.(video|audio)\.(\d+)\.(url|username|credential)$/.exec(field);
  if (ice) return `${ice[1]}.${ice[2]}.${ice[3]}`;
  return ['tenantId', 'name', 'version', 'minVersion', 'maxVersion', 'appServer'].includes(field) ? field : null;
}
