// An in-memory stand-in for the settings part of openapi/portal.yaml (`/settings/{section}`),
// answering through the real api-client like the other fakes. Secrets are kept apart and answered
// only as `{ set: true }`, as the server does, so a story can check a secret never comes back; as
// on the server, an omitted or empty secret keeps the stored one, null clears an optional one, and
// a section saved without one of its required secrets answers a `required` field error.
import { configureApi } from '@portal/api-client';
import { operationOf } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';

type Values = Record<string, unknown>;

export type FakeSettingsRequest = { method: string; section: string; body: unknown };

export type FakeSettingsApiOptions = {
  /** Stored values per section, secrets as plain text (answered as `{ set: true }`). */
  stored?: Record<string, Values>;
  /** Sections whose calls answer 500. */
  failing?: string[];
  /** Field errors a save of that section answers with (400 validation_failed). */
  fieldErrors?: Record<string, { field: string; code: string }[]>;
};

export type FakeSettingsApi = {
  requests: FakeSettingsRequest[];
  saves: (section: string) => Values[];
  /** What the fake holds now, secrets in plain text. */
  stored: Record<string, Values>;
};

const secretNames = /token|password|secret/i;

/** The secrets a section cannot be saved without (apps/server/src/settings/sections.ts). */
const requiredSecrets: Record<string, readonly string[]> = { kubernetes: ['kubeToken'], freeswitch: ['eslPassword'], payment: ['secretKey'] };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });

function publicView(values: Values): Values {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, secretNames.test(key) ? (value ? { set: true } : null) : value]));
}

export function installFakeSettingsApi(options: FakeSettingsApiOptions = {}): FakeSettingsApi {
  const stored: Record<string, Values> = structuredClone(options.stored ?? {});
  const updatedAt: Record<string, string> = Object.fromEntries(Object.keys(stored).map((section) => [section, '2025-03-01T09:30:00.000Z']));
  const requests: FakeSettingsRequest[] = [];

  async function handle(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname.replace(/^\/api\/v1/, '');
    // A section the contract has a get or update operation for (getSystemSettings: /settings/system).
    const operationId = operationOf(request.method, path)?.operationId ?? '';
    const section = /^(get|update)\w+Settings$/.test(operationId) ? path.slice('/settings/'.length) : undefined;
    if (!section) return json(404, { type: 'about:blank', title: 'not_found', status: 404, code: 'not_found' });
    const body: unknown = request.method === 'PUT' ? await request.json() : undefined;
    requests.push({ method: request.method, section, body });
    if (options.failing?.includes(section)) return json(500, { type: 'about:blank', title: 'internal', status: 500, code: 'internal' });
    if (request.method === 'PUT') {
      const errors = options.fieldErrors?.[section];
      if (errors) return json(400, { type: 'about:blank', title: 'validation_failed', status: 400, code: 'validation_failed', errors });
      const previous = stored[section] ?? {};
      const next: Values = { ...(body as Values) };
      // An omitted or empty secret keeps the stored one; an explicit null clears it.
      for (const [key, value] of Object.entries(previous)) if (secretNames.test(key) && !next[key] && next[key] !== null) next[key] = value;
      const missing = (requiredSecrets[section] ?? []).filter((field) => !next[field]);
      if (missing.length > 0) {
        const errors = missing.map((field) => ({ field, code: 'required', message: `${field} is required` }));
        return json(400, { type: 'about:blank', title: 'validation_failed', status: 400, code: 'validation_failed', errors });
      }
      stored[section] = next;
      updatedAt[section] = new Date(Date.UTC(2025, 2, 1, 10, requests.length)).toISOString();
    }
    const values = stored[section];
    return json(200, { values: values ? publicView(values) : null, updatedAt: updatedAt[section] ?? null });
  }

  const baseUrl = `${typeof window === 'undefined' ? 'http://portal.test' : window.location.origin}/api/v1`;
  configureApi({ baseUrl, fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(input instanceof Request ? input : new Request(input, init)) });
  return {
    requests,
    saves: (section) => requests.filter((r) => r.method === 'PUT' && r.section === section).map((r) => r.body as Values),
    stored,
  };
}

/** A story loader installing the fake; play functions read it with `loadedSettingsApi(loaded)`. */
export function fakeSettingsApiLoader(options: FakeSettingsApiOptions = {}): () => { api: FakeSettingsApi } {
  return () => {
    notify.clean();
    return { api: installFakeSettingsApi(options) };
  };
}

export const loadedSettingsApi = (loaded: Record<string, unknown>): FakeSettingsApi => loaded.api as FakeSettingsApi;

/** A complete, valid Kubernetes media-node configuration (token in plain text). */
export const fakeKubernetesSettings = (): Values => ({
  mediaNodes: true,
  minUsers: 10,
  maxUsers: 500,
  name: 'Media node.eu',
  maxInstance: 4,
  wsStartPort: 8000,
  kubeUrl: 'https://kube.example.com:6443',
  kubeToken: 'stored-kube-token',
  kubeImage: 'https://registry.example.com/media-node:4.4',
  httpPortStart: '9000',
  adminPortStart: '9500',
});
