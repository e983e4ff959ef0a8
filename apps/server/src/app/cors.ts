// CORS for the API, only for the origins the operator lists: the server's PORTAL_CORS_ORIGINS and
// the platform administrator's list in the system settings (none by default), so another internal
// app can call the portal with the user's session cookie (api-client's `credentials: 'include'`).
// Any other origin gets no CORS header at all, and the browser keeps its answers from that page. A
// preflight from a listed origin is answered here, before routing; the real request still passes
// the session, CSRF and permission checks. The saved list is read only for requests that carry an
// Origin, through the system settings' cache, so a save applies at once on PGlite and within 5 s
// on other PostgreSQL replicas.
import type { FastifyInstance } from 'fastify';
import { savedSystemSettings } from '../settings/index.ts';
import { apiPrefix } from '../kernel/http/openapi.ts';

const allowedHeaders = 'Content-Type, X-CSRF-Token, X-Request-Id, Upload-Length, Upload-Offset, Upload-Metadata, Tus-Resumable';
const exposedHeaders = 'X-Request-Id, Location, Content-Disposition, Retry-After, Upload-Offset, Upload-Length, Tus-Resumable';

export function registerCors(app: FastifyInstance, configured: readonly string[]): void {
  const fromConfig = new Set(configured);
  const allowed = async (origin: string) => fromConfig.has(origin) || (await savedSystemSettings(app.database)).corsOrigins.includes(origin);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${apiPrefix}/`)) return;
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (!origin || !(await allowed(origin))) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('access-control-expose-headers', exposedHeaders);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', 'GET, HEAD, POST, PUT, PATCH, DELETE');
      reply.header('access-control-allow-headers', allowedHeaders);
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
}
