// Writes the configuration folder of a Janus the portal runs itself (a developer machine, the
// tests): HTTP API and Admin API bound to 127.0.0.1 only, token authentication on (a browser
// without a join grant cannot even attach), rooms created only with the VideoRoom admin key, and
// every plugin, transport, event handler and logger switched off except VideoRoom, HTTP and, when
// the portal takes its events, the sample event handler posting them to the portal's ingest (or the
// RabbitMQ one publishing them to the broker). The
// files are written from scratch rather than patched from /etc/janus, so a distribution's
// defaults cannot open anything we did not ask for.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type LocalJanusConfig = {
  /** The folder written (created if missing). */
  dir: string;
  httpPort: number;
  adminPort: number;
  adminSecret: string;
  /** VideoRoom `admin_key`: only a request carrying it may create rooms. */
  roomAdminKey: string;
  serverName: string;
  /** Where Janus's modules live (Debian: /usr/lib/<triplet>/janus). */
  modulesDir: string;
  /**
   * `ice_enforce_list`: interfaces ICE may gather on ("lo" in the loopback tests, with the noloop
   * shim); null lets Janus use every interface but loopback, as a real deployment does.
   */
  iceEnforceList: string | null;
  /**
   * Where the node's events go: posted by the sample event handler to the portal's ingest (`http`,
   * with the node's name and events secret as Basic credentials), or published by the RabbitMQ
   * event handler to the broker's queue (`amqp`); null: no event handler at all.
   */
  events: { kind: 'http'; backend: string; user: string; password: string } | { kind: 'amqp'; url: string; queue: string } | null;
};

/** Everything the portal reads; not transports (nearly half the volume, noise) nor SDP (large, unused). */
export const eventTypes = 'sessions,handles,webrtc,media,plugins,core';

/** The RabbitMQ event handler's settings for a broker URL (amqp://user:password@host:port/vhost). */
function rabbitmqevh(url: string, queue: string): string {
  const broker = new URL(url);
  const vhost = decodeURIComponent(broker.pathname.slice(1)) || '/';
  // The default exchange with the queue's name as routing key: the portal declares that durable
  // queue, so Janus must not (its own declaration is not durable and would be refused).
  return `general: {
\tenabled = true
\tevents = ${quoted(eventTypes)}
\tgrouping = true
\tjson = "compact"
\thost = ${quoted(broker.hostname)}
\tport = ${broker.port || (broker.protocol === 'amqps:' ? 5671 : 5672)}
\tusername = ${quoted(decodeURIComponent(broker.username) || 'guest')}
\tpassword = ${quoted(decodeURIComponent(broker.password) || 'guest')}
\tvhost = ${quoted(vhost)}
\troute_key = ${quoted(queue)}
\tdeclare_outgoing_queue = false
\theartbeat = 5
\tssl_enable = ${broker.protocol === 'amqps:'}
}
`;
}

/** Seconds between two media statistics events of a stream. */
export const statsPeriodSeconds = 2;

const kept = new Set(['libjanus_videoroom.so', 'libjanus_http.so']);

/** Every module of a kind but the ones we use, as Janus's `disable` list wants them. */
function disabledIn(folder: string, keep = kept): string {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return '';
  }
  return names.filter((name) => name.endsWith('.so') && !keep.has(name)).join(',');
}

const quoted = (value: string) => JSON.stringify(value);

export function writeJanusConfig(config: LocalJanusConfig): string {
  const { dir, modulesDir } = config;
  mkdirSync(dir, { recursive: true });
  const folders = { plugins: join(modulesDir, 'plugins'), transports: join(modulesDir, 'transports'), events: join(modulesDir, 'events'), loggers: join(modulesDir, 'loggers') };
  const nat = config.iceEnforceList ? `\tice_enforce_list = ${quoted(config.iceEnforceList)}\n` : '';
  const handler = config.events?.kind === 'amqp' ? 'libjanus_rabbitmqevh.so' : 'libjanus_sampleevh.so';
  const events = config.events
    ? `\tbroadcast = true\n\tstats_period = ${statsPeriodSeconds}\n\tdisable = ${quoted(disabledIn(folders.events, new Set([handler])))}\n`
    : `\tbroadcast = false\n\tdisable = ${quoted(disabledIn(folders.events))}\n`;
  const core = `general: {
\tconfigs_folder = ${quoted(dir)}
\tplugins_folder = ${quoted(folders.plugins)}
\ttransports_folder = ${quoted(folders.transports)}
\tevents_folder = ${quoted(folders.events)}
\tloggers_folder = ${quoted(folders.loggers)}
\tdebug_level = 4
\tdebug_colors = false
\tserver_name = ${quoted(config.serverName)}
\tadmin_secret = ${quoted(config.adminSecret)}
\ttoken_auth = true
}
media: {
}
nat: {
\tnice_debug = false
${nat}}
plugins: {
\tdisable = ${quoted(disabledIn(folders.plugins))}
}
transports: {
\tdisable = ${quoted(disabledIn(folders.transports))}
}
loggers: {
\tdisable = ${quoted(disabledIn(folders.loggers))}
}
events: {
${events}}
`;
  const http = `general: {
\tjson = "compact"
\tbase_path = "/janus"
\thttp = true
\tip = "127.0.0.1"
\tport = ${config.httpPort}
\thttps = false
}
admin: {
\tadmin_base_path = "/admin"
\tadmin_http = true
\tadmin_ip = "127.0.0.1"
\tadmin_port = ${config.adminPort}
\tadmin_https = false
}
cors: {
}
`;
  // No rooms in the file: the portal creates each one when its meeting starts.
  const videoroom = `general: {
\tadmin_key = ${quoted(config.roomAdminKey)}
\tlock_rtp_forward = true
}
`;
  writeFileSync(join(dir, 'janus.jcfg'), core);
  writeFileSync(join(dir, 'janus.transport.http.jcfg'), http);
  writeFileSync(join(dir, 'janus.plugin.videoroom.jcfg'), videoroom);
  if (config.events?.kind === 'http') {
    const sampleevh = `general: {
\tenabled = true
\tevents = ${quoted(eventTypes)}
\tgrouping = true
\tjson = "compact"
\tbackend = ${quoted(config.events.backend)}
\tbackend_user = ${quoted(config.events.user)}
\tbackend_pwd = ${quoted(config.events.password)}
\tmax_retransmissions = 5
\tretransmissions_backoff = 100
}
`;
    writeFileSync(join(dir, 'janus.eventhandler.sampleevh.jcfg'), sampleevh, { mode: 0o600 });
  }
  if (config.events?.kind === 'amqp') writeFileSync(join(dir, 'janus.eventhandler.rabbitmqevh.jcfg'), rabbitmqevh(config.events.url, config.events.queue), { mode: 0o600 });
  return join(dir, 'janus.jcfg');
}
