// Registers every operation of openapi/portal.yaml under /api/v1 from the spec itself: its path
// and method, request validation of body, query and path parameters, response serialisation by
// the declared schemas (which also drops any field a handler should not have returned), and the
// gate that runs before validation: tenant from the host, caller from cookie or bearer token,
// maintenance mode, CSRF for cookie-authenticated writes, then `x-permission` and `x-role-group`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, bearerToken, csrfMatches, sessionCookie, type Authentication, credentialKey, keepPrincipal, principalCacheFor, loginErrorPath } from '../auth/index.ts';
import { passesGate } from '../kernel/access/permissions.ts';
import { dropProcessCaches } from '../kernel/db/process-cache.ts';
import { mediaNodeGate } from '../media/index.ts';
import { slackRequestGate } from '../slack/index.ts';
import { maintenanceProblem, tenantClosedForMaintenance } from '../settings/index.ts';
import { findActiveTenant, realmFromHost, type TenantRow } from '../kernel/tenancy/tenancy.ts';
import type { OperationHandlers, OperationId } from '../kernel/http/handler.ts';
import { apiPrefix, isJsonMediaType, listOperations, type OperationSpec } from '../kernel/http/openapi.ts';
import { ProblemError, forbidden } from '../kernel/http/problem.ts';
import { toSharedRefs, type SpecValidators } from '../kernel/http/schema-validation.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Operations that answer without a tenant (a load balancer probes by IP or any host). */
const tenantFree: ReadonlySet<OperationId> = new Set<OperationId>(['getHealth', 'getLiveness', 'getReadiness']);

/**
 * Platform-level operations that are not the portal's people calling: they answer at any host and
 * authenticate their caller themselves, before the body is read (a media node's Basic credentials).
 */
const ownGates: Partial<Record<OperationId, (request: FastifyRequest) => Promise<void>>> = { ingestMediaEvents: mediaNodeGate, messages: slackRequestGate };

/** Writes that never change who may do what nor what a cached read answers (media events in), and reads sent as POST (the dashboards). */
const cacheNeutral: ReadonlySet<OperationId> = new Set<OperationId>(['ingestMediaEvents', 'reportParticipantClient', 'dashboardInfo', 'superTenantDashboard']);

/**
 * What a tenant still answers in maintenance mode: its branding, so the login page renders and
 * shows the notice (getTenantInfo answers `maintenance`), and the brand images that page shows.
 * Everything else at a tenant answers 503 `maintenance`; the `system` realm works as usual.
 */
const maintenanceExempt: ReadonlySet<OperationId> = new Set<OperationId>(['getTenantInfo', 'getBrandImage']);

/** Public operations that still read the caller's session when there is one, without asking for it. */
const sessionOptional: ReadonlySet<OperationId> = new Set<OperationId>(['getSession']);

async function authenticateRequest(request: FastifyRequest, tenant: TenantRow): Promise<Authentication> {
  const { database, config } = request.server;
  const bearer = bearerToken(request);
  const cookie = request.cookies[sessionCookie];
  const credential = bearer ? { kind: 'bearer' as const, secret: bearer } : cookie ? { kind: 'cookie' as const, secret: cookie } : null;
  const cache = credential ? principalCacheFor(database) : null;
  const key = cache && credential ? credentialKey(tenant.id, credential) : '';
  const cached = cache?.get(key);
  if (cached) return cached;
  const generation = cache?.generation() ?? 0;
  // Mostly reads: a session is touched once a minute and deleted when it ends (those commit at once).
  const auth = await database.withTenant(tenant.id, (tx) => authenticate(tx, { cookie, bearer, realm: tenant.sname, timeouts: config }), { readOnly: true });
  if (cache) keepPrincipal(cache, key, auth, generation);
  return auth;
}

/** Any finished write may have changed who may do what, or what a read answers: process caches are dropped. */
async function afterWrite(request: FastifyRequest): Promise<void> {
  const operationId = request.routeOptions.config.operation?.operationId;
  if (!safeMethods.has(request.method) && !(operationId && cacheNeutral.has(operationId))) dropProcessCaches(request.server.database);
}

/** An OAuth access token calls only the operations the contract opens to one of its scopes (RFC 6750 section 3.1). */
function checkOAuthScopes(held: ReadonlySet<string>, operation: OperationSpec): void {
  if (operation.oauthScopes.some((scope) => held.has(scope))) return;
  const needed = operation.oauthScopes.length > 0 ? `, scope="${operation.oauthScopes.join(' ')}"` : '';
  throw new ProblemError(403, 'forbidden', {
    detail: operation.oauthScopes.length > 0 ? `This token needs one of the scopes ${operation.oauthScopes.join(', ')}` : 'No OAuth token may call this operation',
    headers: { 'www-authenticate': `Bearer error="insufficient_scope"${needed}` },
  });
}

async function gate(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const operation = request.routeOptions.config.operation;
  if (!operation) return undefined;
  const ownGate = ownGates[operation.operationId];
  if (ownGate) return void (await ownGate(request));
  if (tenantFree.has(operation.operationId)) return undefined;
  const { database } = request.server;
  const tenant = await findActiveTenant(database, realmFromHost(request.hostname));
  if (!tenant) throw new ProblemError(404, 'not_found', { detail: 'No tenant is served at this address' });

  // Before the caller is known: sign-in, sign-up and signed-in sessions alike are closed.
  if (!maintenanceExempt.has(operation.operationId) && (await tenantClosedForMaintenance(database, tenant.sname))) {
    // The providers' callback is a browser navigation that always redirects (authProviderCallback).
    if (operation.operationId === 'authProviderCallback') return reply.header('cache-control', 'no-store').redirect(loginErrorPath('maintenance'), 302);
    throw maintenanceProblem();
  }

  let auth: Authentication = { principal: { kind: 'anonymous' }, via: null, csrfToken: null };
  if (sessionOptional.has(operation.operationId)) auth = await authenticateRequest(request, tenant);
  if (operation.permission !== 'public') {
    auth = await authenticateRequest(request, tenant);
    const { principal } = auth;
    if (principal.kind === 'anonymous') throw new ProblemError(401, 'unauthenticated');
    // SameSite cookies already stop most cross-site writes; the token also covers sibling subdomains.
    if (auth.via === 'cookie' && !safeMethods.has(request.method) && !csrfMatches(auth.csrfToken, request.headers['x-csrf-token'])) {
      throw new ProblemError(403, 'csrf_failed', { detail: 'Send the portal_csrf cookie value in the X-CSRF-Token header' });
    }
    if (principal.kind === 'user' && principal.oauthScopes) checkOAuthScopes(principal.oauthScopes, operation);
    if (!passesGate(principal, operation)) throw forbidden();
  }
  request.ctx = {
    requestId: request.id,
    tenant: { id: tenant.id, sname: tenant.sname, name: tenant.name },
    principal: auth.principal,
    db: (fn, options) => database.withTenant(tenant.id, fn, options),
    origin: `${request.protocol}://${request.host}`,
  };
  return undefined;
}

/**
 * What Fastify's per-media-type body validation cannot see: a missing body (no content type, so no
 * validator is chosen) and a body in a media type the operation does not accept.
 */
async function checkBody(request: FastifyRequest): Promise<void> {
  const body = request.routeOptions.config.operation?.requestBody;
  if (!body) return;
  if (request.body === undefined || request.body === null) {
    if (body.required) throw new ProblemError(400, 'validation_failed', { errors: [{ field: 'body', code: 'required', message: 'A request body is required' }] });
    return;
  }
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (!mediaType || !Object.hasOwn(body.content, mediaType)) {
    throw new ProblemError(415, 'unsupported_media_type', { detail: `Send ${Object.keys(body.content).join(' or ')}` });
  }
}

/**
 * A body in a media type the operation does not accept is 415 before it is parsed: parsed first, a
 * file's bytes labelled JSON would answer 400 for unreadable JSON instead.
 */
async function checkMediaType(request: FastifyRequest): Promise<void> {
  const body = request.routeOptions.config.operation?.requestBody;
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (!body || !mediaType || Object.hasOwn(body.content, mediaType)) return;
  throw new ProblemError(415, 'unsupported_media_type', { detail: `Send ${Object.keys(body.content).join(' or ')}`, headers: { connection: 'close' } });
}

/** The JSON response schemas of an operation by status, as Fastify compiles their serialisers. */
export function responseSchemas(operation: OperationSpec) {
  const response: Record<string, { content: Record<string, { schema: unknown }> }> = {};
  for (const [status, declared] of Object.entries(operation.responses)) {
    const content = Object.entries(declared.content).filter(([mediaType]) => isJsonMediaType(mediaType));
    if (content.length === 0) continue;
    response[status] = { content: Object.fromEntries(content.map(([mediaType, schema]) => [mediaType, { schema: toSharedRefs(schema) }])) };
  }
  return response;
}

/** A handler as the router calls it, for any operation. */
type AnyOperationHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function missingHandler(operation: OperationSpec): AnyOperationHandler {
  return async () => {
    throw new ProblemError(501, 'not_implemented', { detail: `${operation.operationId} is not implemented yet` });
  };
}

export type RegisteredOperations = { operations: OperationSpec[]; missing: string[] };

export function registerOperations(app: FastifyInstance, handlers: OperationHandlers, validators: SpecValidators): RegisteredOperations {
  const operations = listOperations(validators.spec);
  const missing: string[] = [];
  for (const operation of operations) {
    // The one untyped step: the spec names the operation at run time, and its validators (below)
    // make the request what the handler of that operation is typed to receive.
    let handler = handlers[operation.operationId] as AnyOperationHandler | undefined;
    if (!handler) {
      missing.push(operation.operationId);
      handler = missingHandler(operation);
    }
    const implementation = handler;
    const body = operation.requestBody;
    app.route({
      method: operation.method,
      url: `${apiPrefix}${operation.routePath}`,
      config: { operation },
      ...(operation.bodyLimit ? { bodyLimit: operation.bodyLimit } : {}),
      schema: {
        ...(body ? { body: { content: Object.fromEntries(Object.keys(body.content).map((mediaType) => [mediaType, { schema: {} }])) } } : {}),
        ...(operation.parameters.some((p) => p.in === 'query') ? { querystring: {} } : {}),
        ...(operation.parameters.some((p) => p.in === 'path') ? { params: {} } : {}),
        response: responseSchemas(operation),
      },
      // The schemas handed to Fastify above are placeholders: this compiler builds the real
      // validators from the spec, with field-level error codes.
      validatorCompiler: ({ httpPart, contentType }) => {
        const part = httpPart === 'body' ? 'body' : httpPart === 'params' ? 'params' : 'querystring';
        return validators.request(operation, part, contentType);
      },
      onRequest: gate,
      // Hooks only where they can act: each costs every request of its route a turn of Fastify's hook runner.
      ...(body ? { preParsing: checkMediaType, preValidation: checkBody } : {}),
      // Both: onSend before the client can send its next request, onResponse for answers that never reach onSend.
      ...(safeMethods.has(operation.method)
        ? {}
        : {
            onSend: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
              await afterWrite(request);
              return payload;
            },
            onResponse: afterWrite,
          }),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const result = await implementation(request, reply);
        if (reply.sent) return reply;
        return reply.send(result);
      },
    });
  }
  return { operations, missing };
}
