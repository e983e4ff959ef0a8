// A Janus the portal runs itself as a child process, when no media server is configured and the
// `janus` binary is installed: configuration and recordings under DATA_DIR/janus, HTTP and Admin
// API on free 127.0.0.1 ports, secrets drawn fresh on every start. Stopped with the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync, openSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { writeJanusConfig } from './janus-config.ts';
import { createJanusPlatform } from './janus-platform.ts';
import type { MediaPlatform } from './platform.ts';
import type { TurnConfig } from './turn.ts';

export type LocalJanusOptions = {
  /** Config, log and recordings go here. */
  dir: string;
  /** TURN servers whose credentials each join grant carries (TURN_URL, TURN_SECRET). */
  turn?: TurnConfig | null;
  binary?: string;
  modulesDir?: string;
  /** See LocalJanusConfig.iceEnforceList. */
  iceEnforceList?: string | null;
  /** A library to preload into Janus (the loopback tests' noloop shim). */
  preload?: string | null;
  /**
   * The portal's media events ingest (`http://127.0.0.1:<port>/api/v1/media/events`): Janus posts its
   * events there with a fresh events secret; null or absent: Janus sends no events.
   */
  eventsUrl?: string | null;
  /** The broker Janus publishes its events to instead (AMQP_URL, AMQP_QUEUE); null or absent: see eventsUrl. */
  eventsBroker?: { url: string; queue: string } | null;
  /** The events secret Janus posts with (JANUS_EVENTS_SECRET when set); default: a fresh one. */
  eventsSecret?: string | null;
  /** The node's name (Janus `server_name`, the `emitter` of its events); default `portal-local-janus`. */
  serverName?: string;
  /** How long Janus may take to answer its first request. */
  startTimeoutMs?: number;
  now?: () => number;
};

/** The `janus` executable on PATH, or null. */
export function findJanusBinary(path = process.env.PATH ?? ''): string | null {
  for (const folder of path.split(delimiter).filter(Boolean)) {
    const candidate = join(folder, 'janus');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** A free TCP port on 127.0.0.1 (the kernel picks it; Janus binds it right after). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    // Janus stops on SIGTERM in about 0.35 s; one that hangs is killed.
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startLocalJanus(options: LocalJanusOptions): Promise<MediaPlatform> {
  const now = options.now ?? Date.now;
  const [httpPort, adminPort] = [await freeLoopbackPort(), await freeLoopbackPort()];
  const adminSecret = randomBytes(24).toString('base64url');
  const roomAdminKey = randomBytes(24).toString('base64url');
  const serverName = options.serverName ?? 'portal-local-janus';
  const eventsSecret = options.eventsSecret ?? randomBytes(24).toString('base64url');
  const confDir = join(options.dir, 'conf');
  const recordingsDir = join(options.dir, 'recordings');
  mkdirSync(recordingsDir, { recursive: true });
  const configFile = writeJanusConfig({
    dir: confDir,
    httpPort,
    adminPort,
    adminSecret,
    roomAdminKey,
    serverName,
    modulesDir: options.modulesDir ?? '/usr/lib/x86_64-linux-gnu/janus',
    iceEnforceList: options.iceEnforceList ?? null,
    events: options.eventsBroker
      ? { kind: 'amqp', ...options.eventsBroker }
      : options.eventsUrl
        ? { kind: 'http', backend: options.eventsUrl, user: serverName, password: eventsSecret }
        : null,
  });
  const log = openSync(join(options.dir, 'janus.log'), 'w');
  const env = options.preload ? { ...process.env, LD_PRELOAD: options.preload } : process.env;
  const child = spawn(options.binary ?? 'janus', ['-C', configFile, '-F', confDir, '-o'], { stdio: ['ignore', log, log], env });
  closeSync(log);
  const exited = new Promise<never>((_resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`janus exited (${signal ?? code}) before answering; see ${join(options.dir, 'janus.log')}`)));
  });
  exited.catch(() => undefined);

  const url = `http://127.0.0.1:${httpPort}/janus`;
  const platform: MediaPlatform = {
    ...createJanusPlatform({
      url,
      adminUrl: `http://127.0.0.1:${adminPort}/admin`,
      adminSecret,
      roomAdminKey,
      recordingsDir,
      browser: { serverUrl: url, iceServers: [], turn: options.turn ?? null },
      onClose: () => stopChild(child),
    }),
    ...(options.eventsBroker ? { eventSenders: async () => [{ node: serverName, secret: null }] } : options.eventsUrl ? { eventSenders: async () => [{ node: serverName, secret: eventsSecret }] } : {}),
  };
  const deadline = now() + (options.startTimeoutMs ?? 10_000);
  for (;;) {
    try {
      await Promise.race([platform.info(), exited]);
      return platform;
    } catch (error) {
      if (child.exitCode !== null || child.signalCode !== null || now() > deadline) {
        await stopChild(child);
        throw error;
      }
      await sleep(50);
    }
  }
}
