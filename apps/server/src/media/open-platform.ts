// Which media platform the server uses: the Janus node configured by JANUS_URL and friends; else,
// for `npm start`, a Janus it runs itself when the binary is installed; else none, and meetings
// answer 503 `media_unavailable` while the rest of the portal works.
import { join } from 'node:path';
import type { MediaConfig } from '../kernel/config.ts';
import { createJanusPlatform } from './janus-platform.ts';
import { findJanusBinary, startLocalJanus } from './local-janus.ts';
import { unconfiguredMedia, type MediaPlatform } from './platform.ts';


/** The configured node, or the unconfigured platform; never starts a process. */
export function configuredMedia(media: MediaConfig): MediaPlatform {
  const { janusUrl, janusAdminUrl, janusAdminSecret, janusEventsSecret } = media;
  if (!janusUrl || !janusAdminUrl || !janusAdminSecret) return unconfiguredMedia;
  const platform = createJanusPlatform({
    url: janusUrl,
    adminUrl: janusAdminUrl,
    adminSecret: janusAdminSecret,
    roomAdminKey: media.janusRoomAdminKey,
    // Each recorded room writes into its own folder below it (janus-platform.ts).
    recordingsDir: media.janusRecordingsDir,
    browser: { serverUrl: media.janusBrowserUrl ?? janusUrl, iceServers: media.iceServers.length > 0 ? [{ urls: media.iceServers }] : [], turn: media.turn },
  });
  if (!janusEventsSecret && !media.broker) return platform;
  // The node posts (or publishes) as its server name, asked of it once.
  let node: Promise<string> | null = null;
  const nodeName = () => (node ??= platform.info().then(({ node: name }) => name, (error: unknown) => ((node = null), Promise.reject(error))));
  return { ...platform, eventSenders: async () => [{ node: await nodeName(), secret: janusEventsSecret }] };
}

/** Where a Janus the server runs itself posts its events: the server's own ingest, on loopback. */
function localEventsUrl(config: { port: number; host: string }): string | null {
  if (config.port === 0) return null;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}/api/v1/media/events`;
}

type Log = { info: (object: object, message: string) => void; warn: (object: object, message: string) => void };

/** For `app/serve.ts`: the configured node, else a local Janus when installed and allowed, else none. */
export async function openMediaPlatform(config: { media: MediaConfig; dataDir: string; port: number; host: string }, log: Log): Promise<MediaPlatform> {
  const configured = configuredMedia(config.media);
  if (configured.configured || !config.media.localJanus) return configured;
  const binary = findJanusBinary();
  if (!binary) {
    log.info({}, 'no media server: set JANUS_URL, JANUS_ADMIN_URL and JANUS_ADMIN_SECRET, or install janus; meetings cannot be joined');
    return unconfiguredMedia;
  }
  try {
    const startedAt = new Date();
    const local = await startLocalJanus({ dir: join(config.dataDir, 'janus'), binary, eventsUrl: localEventsUrl(config), eventsBroker: config.media.broker, eventsSecret: config.media.janusEventsSecret, turn: config.media.turn });
    log.info(await local.info(), 'media server: local janus started');
    return { ...local, startedWithServer: startedAt };
  } catch (error) {
    log.warn({ err: error }, 'local janus did not start; meetings cannot be joined');
    return unconfiguredMedia;
  }
}
