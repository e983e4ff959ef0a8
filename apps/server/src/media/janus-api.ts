// The wire to one Janus node: JSON POSTs to its HTTP API and Admin API, each with a fresh
// transaction id, the admin secret on Admin calls, a timeout, and Janus's two kinds of failure
// (a core `error`, a plugin answer with `error_code`) turned into one JanusError.
import { randomBytes } from 'node:crypto';

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<{
  ok: boolean;
  status: number;
  json: () => Promise<unknown>;
}>;

export type JanusEndpoints = { url: string; adminUrl: string; adminSecret: string };

export class JanusError extends Error {
  readonly code: number;
  constructor(code: number, reason: string) {
    super(`Janus ${code}: ${reason}`);
    this.code = code;
  }
}

/** VideoRoom's "No such room": ending a room twice is not a failure. */
export const noSuchRoom = 426;
/** VideoRoom's "No such feed/user": putting out someone who left already is not a failure. */
export const noSuchFeed = 428;
/** The core's "Token not found": revoking a grant twice is not a failure. */
export const tokenNotFound = 470;

type JanusReply = {
  janus: string;
  error?: { code: number; reason: string };
  data?: Record<string, unknown>;
  response?: Record<string, unknown> & { error_code?: number; error?: string };
} & Record<string, unknown>;

export type JanusApi = {
  /** GET on the HTTP API (`/info`). */
  get: (path: string) => Promise<JanusReply>;
  /** An Admin API request such as `add_token`; answers `data`. */
  admin: (janus: string, body?: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** An Admin API request whose answer is not in `data` (`list_sessions`, `list_handles`, `handle_info`): the whole reply. */
  adminReply: (janus: string, body?: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** A request to a plugin through the Admin API (`message_plugin`): no session to keep alive. */
  plugin: (plugin: string, request: Record<string, unknown>) => Promise<Record<string, unknown>>;
};

const timeoutMs = 10_000;

export function createJanusApi(endpoints: JanusEndpoints, fetchImpl: FetchLike = fetch): JanusApi {
  async function send(url: string, method: 'GET' | 'POST', body?: Record<string, unknown>): Promise<JanusReply> {
    const init = { method, headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(timeoutMs) };
    const response = await fetchImpl(url, body ? { ...init, body: JSON.stringify({ transaction: randomBytes(9).toString('base64url'), ...body }) } : init);
    const reply = (await response.json()) as JanusReply;
    if (reply.janus === 'error') throw new JanusError(reply.error?.code ?? response.status, reply.error?.reason ?? 'unknown error');
    return reply;
  }
  const adminCall = (body: Record<string, unknown>) => send(endpoints.adminUrl, 'POST', { admin_secret: endpoints.adminSecret, ...body });
  return {
    get: (path) => send(`${endpoints.url}${path}`, 'GET'),
    async admin(janus, body = {}) {
      return (await adminCall({ janus, ...body })).data ?? {};
    },
    adminReply: (janus, body = {}) => adminCall({ janus, ...body }),
    async plugin(plugin, request) {
      const response = (await adminCall({ janus: 'message_plugin', plugin, request })).response ?? {};
      if (response.error_code) throw new JanusError(response.error_code, response.error ?? 'plugin error');
      return response;
    },
  };
}
