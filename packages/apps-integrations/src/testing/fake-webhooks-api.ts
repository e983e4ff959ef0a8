// An in-memory stand-in for the webhook operations of openapi/portal.yaml (/webhooks ...),
// answering through the real api-client and following the server's rules
// (apps/server/src/webhooks/service.ts): http(s) URLs only (400 invalid_url), the secret answered
// on creation and rotation only, 404 for an unknown endpoint, the delivery log newest first and
// cursor-paged, Send test event queuing a pending `webhook.test` delivery.
import type { Schema } from '@portal/api-client';
import { fakeCurrentUser, installFakeApi, json, noContent, problem, type FakeReply, type FakeRoutes } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';

type Endpoint = Schema<'WebhookEndpoint'>;
type Delivery = Schema<'WebhookDelivery'>;
type Permission = Schema<'Permission'>;

export type FakeWebhooksOperation = 'getWebhookEndpoints' | 'addWebhookEndpoint' | 'updateWebhookEndpoint' | 'deleteWebhookEndpoint' | 'getWebhookDeliveries' | 'sendWebhookTestEvent';
export type FakeWebhooksRequest = { operation: FakeWebhooksOperation; path: string; body: unknown; query: string };

export type FakeWebhooksApiOptions = {
  endpoints?: Endpoint[];
  /** Each endpoint's deliveries, newest first. */
  deliveries?: Record<string, Delivery[]>;
  failing?: FakeWebhooksOperation[];
  /** The signed-in user's permissions, instead of every partner-app permission. */
  permissions?: Permission[];
};

export type FakeWebhooksApi = {
  requests: FakeWebhooksRequest[];
  requestsOf: (operation: FakeWebhooksOperation) => FakeWebhooksRequest[];
  endpoints: Endpoint[];
};

const PERMISSIONS: Permission[] = ['tenant.partner_app.get', 'tenant.partner_app.put', 'tenant.partner_app.update', 'tenant.partner_app.delete'];
const NOW = '2026-11-20T09:30:00.000Z';
const DAY_MS = 86_400_000;
/** The secrets the fake hands out, in order, so stories can look for them. */
export const FAKE_WEBHOOK_SECRETS = ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'whsec_Zg2sA9W5mYb0cX1dE4fH7iJ3kL6nO8pQ'];

let counter = 0;
const uuid = () => `00000000-0000-4000-9000-${String(++counter).padStart(12, '0')}`;

/** An endpoint as getWebhookEndpoints answers it. */
export function fakeWebhookEndpoint(overrides: Partial<Endpoint> = {}): Endpoint {
  return {
    id: uuid(),
    url: 'https://crm.example.com/hooks/portal',
    description: 'CRM',
    events: ['meeting.started', 'meeting.ended'],
    enabled: true,
    secretRotatedUntil: null,
    createdAt: NOW,
    lastDelivery: null,
    ...overrides,
  };
}

/** A delivery as getWebhookDeliveries answers it. */
export function fakeWebhookDelivery(overrides: Partial<Delivery> = {}): Delivery {
  const eventType = overrides.eventType ?? 'meeting.started';
  return {
    id: uuid(),
    eventType,
    status: 'succeeded',
    attempts: 1,
    maxAttempts: 12,
    responseStatus: 200,
    durationMs: 84,
    lastError: null,
    createdAt: NOW,
    lastAttemptAt: NOW,
    nextAttemptAt: null,
    payload: { type: eventType, timestamp: NOW, data: { meetingId: 'a1b2c3' } },
    ...overrides,
  };
}

function validUrl(value: unknown): boolean {
  try {
    const url = new URL(String(value));
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function installFakeWebhooksApi(options: FakeWebhooksApiOptions = {}): FakeWebhooksApi {
  const endpoints = structuredClone(options.endpoints ?? []);
  const deliveries = new Map<string, Delivery[]>(Object.entries(structuredClone(options.deliveries ?? {})));
  const requests: FakeWebhooksRequest[] = [];
  let secrets = 0;
  const nextSecret = () => FAKE_WEBHOOK_SECRETS[secrets++ % FAKE_WEBHOOK_SECRETS.length]!;

  const find = (id: string | undefined) => endpoints.find((e) => e.id === id);

  async function handle(operation: FakeWebhooksOperation, request: Request, id: string | undefined): Promise<FakeReply> {
    const url = new URL(request.url);
    const body: unknown = request.method === 'POST' || request.method === 'PATCH' ? await request.json().catch(() => undefined) : undefined;
    requests.push({ operation, path: url.pathname.replace(/^\/api\/v1/, ''), body, query: url.search });
    if (options.failing?.includes(operation)) return problem(500, 'internal');
    switch (operation) {
      case 'getWebhookEndpoints':
        return json({ items: endpoints });
      case 'addWebhookEndpoint': {
        const input = body as Schema<'WebhookEndpointCreate'>;
        if (!validUrl(input.url)) return problem(400, 'validation_failed', { errors: [{ field: 'url', code: 'invalid_url', message: 'Enter an http or https URL.' }] });
        const created = fakeWebhookEndpoint({ url: input.url, description: input.description ?? '', events: input.events, enabled: input.enabled ?? true, createdAt: new Date().toISOString() });
        endpoints.unshift(created);
        return json({ endpoint: created, secret: nextSecret() }, 201);
      }
      case 'updateWebhookEndpoint': {
        const endpoint = find(id);
        if (!endpoint) return problem(404, 'not_found');
        const { rotateSecret, ...patch } = body as Schema<'WebhookEndpointUpdate'>;
        if (patch.url !== undefined && !validUrl(patch.url)) return problem(400, 'validation_failed', { errors: [{ field: 'url', code: 'invalid_url', message: 'Enter an http or https URL.' }] });
        Object.assign(endpoint, patch, rotateSecret ? { secretRotatedUntil: new Date(Date.now() + DAY_MS).toISOString() } : {});
        return json({ endpoint, secret: rotateSecret ? nextSecret() : null });
      }
      case 'deleteWebhookEndpoint': {
        const endpoint = find(id);
        if (!endpoint) return problem(404, 'not_found');
        endpoints.splice(endpoints.indexOf(endpoint), 1);
        return noContent();
      }
      case 'getWebhookDeliveries': {
        if (!find(id)) return problem(404, 'not_found');
        const all = deliveries.get(id!) ?? [];
        const limit = Number(url.searchParams.get('limit') ?? 25);
        const start = Number(url.searchParams.get('cursor') ?? 0);
        const page = all.slice(start, start + limit);
        return json({ items: page, nextCursor: start + limit < all.length ? String(start + limit) : null });
      }
      case 'sendWebhookTestEvent': {
        const endpoint = find(id);
        if (!endpoint) return problem(404, 'not_found');
        const at = new Date().toISOString();
        const queued = fakeWebhookDelivery({
          eventType: 'webhook.test',
          status: 'pending',
          attempts: 0,
          responseStatus: null,
          durationMs: null,
          createdAt: at,
          lastAttemptAt: null,
          nextAttemptAt: at,
          payload: { type: 'webhook.test', timestamp: at, data: { message: 'A test event from the portal.' } },
        });
        deliveries.set(endpoint.id, [queued, ...(deliveries.get(endpoint.id) ?? [])]);
        endpoint.lastDelivery = { status: 'pending', eventType: 'webhook.test', responseStatus: null, createdAt: at };
        return json(queued, 202);
      }
    }
  }

  const routes: FakeRoutes = {
    getWebhookEndpoints: (request) => handle('getWebhookEndpoints', request, undefined),
    addWebhookEndpoint: (request) => handle('addWebhookEndpoint', request, undefined),
    updateWebhookEndpoint: (request, { webhookId }) => handle('updateWebhookEndpoint', request, webhookId),
    deleteWebhookEndpoint: (request, { webhookId }) => handle('deleteWebhookEndpoint', request, webhookId),
    getWebhookDeliveries: (request, { webhookId }) => handle('getWebhookDeliveries', request, webhookId),
    sendWebhookTestEvent: (request, { webhookId }) => handle('sendWebhookTestEvent', request, webhookId),
    getCurrentUser: json(fakeCurrentUser({ permissions: options.permissions ?? PERMISSIONS })),
  };
  installFakeApi(routes);
  return { requests, requestsOf: (operation) => requests.filter((r) => r.operation === operation), endpoints };
}

/** A story loader installing a fresh fake on every run; play functions read it as `loaded.api`. */
export function fakeWebhooksApiLoader(options: FakeWebhooksApiOptions = {}): () => { api: FakeWebhooksApi } {
  return () => {
    notify.clean();
    return { api: installFakeWebhooksApi(options) };
  };
}

export const loadedWebhooksApi = (loaded: Record<string, unknown>): FakeWebhooksApi => loaded.api as FakeWebhooksApi;
