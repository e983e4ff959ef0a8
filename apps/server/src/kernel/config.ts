// Server settings, read once from the environment so the rest of the code never touches
// `process.env`. Everything has a default that works on a developer machine with nothing
// installed: embedded PGlite under `<repo>/data`, demo data on, mail kept in the outbox.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type TrustProxy = boolean | number | string[];

/** An S3-compatible bucket for uploaded files (S3_BUCKET and friends). */
export type S3Config = {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, Ceph, R2 ...); null: AWS itself. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Null: the AWS SDK's usual credential chain (environment, instance role ...). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Key prefix inside the bucket, '' or ending with '/'. */
  prefix: string;
};

/** The media server meetings run on (JANUS_URL and friends); see README, Configuration. */
export type MediaConfig = {
  /** Janus HTTP API as the server reaches it; null: no media server configured. */
  janusUrl: string | null;
  janusAdminUrl: string | null;
  janusAdminSecret: string | null;
  /** The VideoRoom plugin's `admin_key`, when the node sets one. */
  janusRoomAdminKey: string | null;
  /** The password the node's sample event handler posts its events with (its user: the node's server name); null: events from it are refused. */
  janusEventsSecret: string | null;
  /** Janus HTTP API as browsers reach it (defaults to janusUrl). */
  janusBrowserUrl: string | null;
  /** STUN/TURN URLs handed to browsers with each join grant. */
  iceServers: string[];
  /** TURN servers (TURN_URL) sharing TURN_SECRET: each join grant carries credentials of its own for them; null: none. */
  turn: { urls: string[]; secret: string; ttlSeconds: number } | null;
  /**
   * Where the configured node writes its recordings, as a folder this server reads at the same
   * path (a shared volume); null: recordings of that node cannot be converted here.
   */
  janusRecordingsDir: string | null;
  /** With nothing configured, run the installed `janus` as a child process (JANUS_LOCAL, default true). */
  localJanus: boolean;
  /**
   * The broker the media nodes publish their events to (AMQP_URL, a RabbitMQ `amqp://` or `amqps://`
   * URL; AMQP_QUEUE, default `portal.media-events`): every replica consumes the queue (src/media/broker.ts).
   * Null: nodes post their events over HTTP to the ingest.
   */
  broker: { url: string; queue: string } | null;
};

export type ServerConfig = {
  port: number;
  host: string;
  /** PostgreSQL connection string; null means the embedded PGlite database in `dataDir`. */
  databaseUrl: string | null;
  /** PostgreSQL: each query a prepared statement of its connection (off for a pooler that cannot keep them). */
  preparedStatements: boolean;
  dataDir: string;
  /** Where uploaded files go: null keeps them under `<dataDir>/files`. */
  s3: S3Config | null;
  adminEmail: string;
  /** Null: a password is generated on first start and printed once. */
  adminPassword: string | null;
  demo: boolean;
  /** PORTAL_DEMO_DAYS: days of completed meetings the demo tenant starts with (a release's data fixture is made with few). */
  demoDays: number;
  /**
   * PORTAL_SIMULATOR: run the built-in traffic simulator (src/live/simulator.ts) in the server
   * process. Default: on for the embedded database, off with DATABASE_URL.
   */
  simulator: boolean;
  /**
   * PORTAL_PROCESS_CACHE: on PGlite, keep answers in this process between writes (kernel/db/process-cache.ts).
   * `false` reads the database every time, as the benchmarks' figures without the cache do.
   */
  processCache: boolean;
  /** Null: one is generated on first start and printed once. */
  demoPassword: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * PUBLIC_URL: the platform's public base URL (e.g. `https://portal.example.com`) for links in mails
   * and handed-out sign-in URLs; a tenant's links use `https://<sname>.portal.example.com`. Null: the
   * public URL saved in the global configuration's system section, else the request's own origin
   * (mail/link-origin.ts).
   */
  publicUrl: string | null;
  /** PORTAL_SECRET_KEY: 32 random bytes, base64; seals stored secrets. Null: a key file in `dataDir`. */
  secretKey: string | null;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  clientTokenMs: number;
  /** PORTAL_SHUTDOWN_DELAY_SECONDS: after SIGTERM, how long readiness answers 503 while the server still serves (system/lifecycle.ts). */
  shutdownDelayMs: number;
  /** PORTAL_METRICS_TOKEN: the bearer token a Prometheus scrape of /metrics sends (app/metrics.ts); null: no /metrics. */
  metricsToken: string | null;
  portalDist: string;
  /**
   * PORTAL_SERVE_STORYBOOK: serve the built component catalogue at /storybook/ (a developer's and
   * designer's tool that anyone could open). Default: on, off with NODE_ENV=production.
   */
  serveStorybook: boolean;
  /**
   * PORTAL_CORS_ORIGINS: the other origins (comma separated, e.g. `https://reports.example.com`)
   * whose pages may call the API with the user's cookies (app/cors.ts). Empty by default: no CORS.
   */
  corsOrigins: string[];
  trustProxy: TrustProxy;
  version: string;
  build: string;
  media: MediaConfig;
  /**
   * Resumable recording uploads (tus): the largest file accepted (RECORDING_UPLOAD_MAX_MB, default
   * 2048) and where unfinished uploads wait (RECORDING_UPLOADS_DIR; null: `<dataDir>/uploads`).
   * Several replicas must share that directory (the lock on an upload is in the database, upload_locks).
   */
  recordingUploads: {
    maxBytes: number;
    directory: string | null;
    /** How long a request waits for another one on the same upload before answering 423 (default 10 s; tests shorten it). */
    lockWaitMs?: number;
  };
  /** The Slack app (src/slack): null until SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_SIGNING_SECRET are set. */
  slack: SlackConfig | null;
  /**
   * The apps of the Apps screen (src/apps): NEOSOUND_BASE_URL, Neosound's API base URL (null: the
   * default of the tenant's Neosound region); GOOGLE_ADDON_CALLBACK_URL, where the Google add-on's
   * authorization sends the browser back with its `state` (null: the page just says it is authorized).
   */
  apps: { neosoundBaseUrl: string | null; googleAddonCallbackUrl: string | null };
};

/** The portal's Slack app as registered at Slack (its OAuth client and signing secret); see README, Slack. */
export type SlackConfig = {
  clientId: string;
  clientSecret: string;
  /** Verifies that a request to the Slack endpoint came from Slack (v0 HMAC-SHA256). */
  signingSecret: string;
  /** SLACK_API_URL: the Web API's base URL (`https://slack.com/api/`); tests point it at a local server. */
  apiUrl: string;
  /** SLACK_OAUTH_URL: where people approve the app (`https://slack.com/oauth/v2/authorize`). */
  authorizeUrl: string;
};

export type Env = Record<string, string | undefined>;

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const serverPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined || raw === null) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

/** TRUST_PROXY: `true`/`false`, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
function trustProxy(env: Env): TrustProxy {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === null) return false;
  if (/^(true|false)$/i.test(raw)) return raw.toLowerCase() === 'true';
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function publicUrl(env: Env): string | null {
  const raw = text(env, 'PUBLIC_URL');
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL such as https://portal.example.com, got "${raw}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new Error(`PUBLIC_URL must be an http(s) origin without path, query or fragment, got "${raw}"`);
  }
  return url.origin;
}

function secretKey(env: Env): string | null {
  const raw = text(env, 'PORTAL_SECRET_KEY');
  if (raw !== null && Buffer.from(raw, 'base64').length !== 32) {
    throw new Error('PORTAL_SECRET_KEY must be 32 random bytes in base64 (openssl rand -base64 32)');
  }
  return raw;
}

function s3Config(env: Env): S3Config | null {
  const bucket = text(env, 'S3_BUCKET');
  if (bucket === null) return null;
  const endpoint = text(env, 'S3_ENDPOINT');
  if (endpoint !== null && !/^https?:\/\/[^\s/]+/.test(endpoint)) throw new Error('S3_ENDPOINT must be an http(s) URL');
  const prefix = text(env, 'S3_PREFIX')?.replace(/^\/+|\/+$/g, '') ?? '';
  return {
    bucket,
    region: text(env, 'S3_REGION') ?? 'us-east-1',
    endpoint,
    // S3-compatible servers mostly want bucket names in the path, AWS in the host name.
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', endpoint !== null),
    accessKeyId: text(env, 'S3_ACCESS_KEY_ID'),
    secretAccessKey: text(env, 'S3_SECRET_ACCESS_KEY'),
    prefix: prefix ? `${prefix}/` : '',
  };
}

function httpUrl(env: Env, name: string): string | null {
  const raw = text(env, name);
  if (raw !== null && !/^https?:\/\/[^\s/]+/.test(raw)) throw new Error(`${name} must be an http(s) URL such as http://127.0.0.1:8088/janus, got "${raw}"`);
  return raw?.replace(/\/+$/, '') ?? null;
}

function mediaConfig(env: Env): MediaConfig {
  const janusUrl = httpUrl(env, 'JANUS_URL');
  const janusAdminUrl = httpUrl(env, 'JANUS_ADMIN_URL');
  const janusAdminSecret = text(env, 'JANUS_ADMIN_SECRET');
  // The server administers rooms through the Admin API: half a configuration is a mistake, not "no Janus".
  const given = [janusUrl, janusAdminUrl, janusAdminSecret].filter((value) => value !== null).length;
  if (given !== 0 && given !== 3) throw new Error('JANUS_URL, JANUS_ADMIN_URL and JANUS_ADMIN_SECRET are set together, or none of them');
  return {
    janusUrl,
    janusAdminUrl,
    janusAdminSecret,
    janusRoomAdminKey: text(env, 'JANUS_ROOM_ADMIN_KEY'),
    janusEventsSecret: text(env, 'JANUS_EVENTS_SECRET'),
    janusBrowserUrl: httpUrl(env, 'JANUS_BROWSER_URL'),
    janusRecordingsDir: text(env, 'JANUS_RECORDINGS_DIR'),
    iceServers: (text(env, 'ICE_SERVERS') ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    turn: turnConfig(env),
    localJanus: flag(env, 'JANUS_LOCAL', true),
    broker: brokerConfig(env),
  };
}

function brokerConfig(env: Env): MediaConfig['broker'] {
  const url = text(env, 'AMQP_URL');
  if (url === null) return null;
  if (!/^amqps?:\/\/[^\s/]+/.test(url)) throw new Error(`AMQP_URL must be an amqp(s) URL such as amqp://portal:secret@127.0.0.1:5672, got "${url.replace(/\/\/[^@/]*@/, '//…@')}"`);
  const queue = text(env, 'AMQP_QUEUE') ?? 'portal.media-events';
  if (!/^[A-Za-z0-9._-]{1,200}$/.test(queue)) throw new Error(`AMQP_QUEUE must be letters, digits, dots, dashes or underscores, got "${queue}"`);
  return { url, queue };
}

/** TURN_URL (comma-separated `turn:` or `turns:` URLs) with TURN_SECRET, coturn's `static-auth-secret`. */
function turnConfig(env: Env): MediaConfig['turn'] {
  const urls = (text(env, 'TURN_URL') ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  const secret = text(env, 'TURN_SECRET');
  if (urls.length === 0 && secret === null) return null;
  if (urls.length === 0 || secret === null) throw new Error('TURN_URL and TURN_SECRET are set together, or neither');
  const wrong = urls.find((url) => !/^turns?:[^\s]+$/.test(url));
  if (wrong) throw new Error(`TURN_URL lists turn: or turns: URLs such as turn:turn.example.com:3478, got "${wrong}"`);
  // 12 hours by default: long enough for a long meeting, since TURN checks them at every refresh.
  return { urls, secret, ttlSeconds: integer(env, 'TURN_TTL_SECONDS', 43_200, 60, 7 * 86_400) };
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// connection string');
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: text(env, 'HOST') ?? '0.0.0.0',
    databaseUrl,
    preparedStatements: flag(env, 'DATABASE_PREPARE', true),
    dataDir: text(env, 'DATA_DIR') ?? `${repoRoot}data`,
    s3: s3Config(env),
    adminEmail: (text(env, 'PORTAL_ADMIN_EMAIL') ?? 'admin@portal.localhost').toLowerCase(),
    adminPassword: text(env, 'PORTAL_ADMIN_PASSWORD'),
    demo: flag(env, 'PORTAL_DEMO', true),
    demoDays: integer(env, 'PORTAL_DEMO_DAYS', 90, 1, 365),
    simulator: flag(env, 'PORTAL_SIMULATOR', databaseUrl === null),
    processCache: flag(env, 'PORTAL_PROCESS_CACHE', true),
    demoPassword: text(env, 'PORTAL_DEMO_PASSWORD'),
    smtpUrl: text(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM') ?? 'Portal <no-reply@portal.localhost>',
    publicUrl: publicUrl(env),
    secretKey: secretKey(env),
    sessionIdleMs: integer(env, 'SESSION_IDLE_MINUTES', 30, 1, 24 * 60) * 60_000,
    sessionAbsoluteMs: integer(env, 'SESSION_ABSOLUTE_HOURS', 12, 1, 24 * 30) * 3_600_000,
    clientTokenMs: 3_600_000,
    shutdownDelayMs: integer(env, 'PORTAL_SHUTDOWN_DELAY_SECONDS', 0, 0, 300) * 1000,
    metricsToken: metricsToken(env),
    portalDist: text(env, 'PORTAL_DIST') ?? `${repoRoot}apps/portal/dist`,
    serveStorybook: flag(env, 'PORTAL_SERVE_STORYBOOK', text(env, 'NODE_ENV') !== 'production'),
    corsOrigins: parseCorsOrigins(text(env, 'PORTAL_CORS_ORIGINS')),
    trustProxy: trustProxy(env),
    version: serverPackage.version,
    build: text(env, 'PORTAL_BUILD') ?? 'development',
    media: mediaConfig(env),
    recordingUploads: {
      maxBytes: integer(env, 'RECORDING_UPLOAD_MAX_MB', 2048, 1, 1024 * 1024) * 1024 * 1024,
      directory: text(env, 'RECORDING_UPLOADS_DIR'),
    },
    slack: slackConfig(env),
    apps: { neosoundBaseUrl: text(env, 'NEOSOUND_BASE_URL'), googleAddonCallbackUrl: text(env, 'GOOGLE_ADDON_CALLBACK_URL') },
  };
}

/** Long enough not to be guessed by a scraper trying tokens: what `openssl rand -hex 16` makes. */
function metricsToken(env: Env): string | null {
  const token = text(env, 'PORTAL_METRICS_TOKEN');
  if (token !== null && token.length < 16) throw new Error('PORTAL_METRICS_TOKEN must be at least 16 characters (openssl rand -hex 32 makes one)');
  return token;
}

function slackConfig(env: Env): SlackConfig | null {
  const clientId = text(env, 'SLACK_CLIENT_ID');
  const clientSecret = text(env, 'SLACK_CLIENT_SECRET');
  const signingSecret = text(env, 'SLACK_SIGNING_SECRET');
  if (!clientId || !clientSecret || !signingSecret) return null;
  return {
    clientId,
    clientSecret,
    signingSecret,
    apiUrl: text(env, 'SLACK_API_URL') ?? 'https://slack.com/api/',
    authorizeUrl: text(env, 'SLACK_OAUTH_URL') ?? 'https://slack.com/oauth/v2/authorize',
  };
}

/** PORTAL_CORS_ORIGINS: comma-separated origins (`https://reports.example.com`); each must be an origin, nothing more. */
export function parseCorsOrigins(raw: string | null): string[] {
  if (raw === null) return [];
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((value) => {
      let origin: string;
      try {
        origin = new URL(value).origin;
      } catch {
        origin = 'null';
      }
      if (origin === 'null' || origin !== value.replace(/\/$/, '')) {
        throw new Error(`PORTAL_CORS_ORIGINS must list origins such as https://reports.example.com, got "${value}"`);
      }
      return origin;
    });
}
