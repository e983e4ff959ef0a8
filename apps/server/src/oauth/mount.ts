// Mounts the tenant's authorization server at /oidc: the tenant comes from the host, as for
// /api/v1; the provider reads its own bodies (form posts to the token and revocation endpoints), so
// this scope parses none.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findActiveTenant, realmFromHost } from '../kernel/tenancy/tenancy.ts';
import { oauthPrefix, providerFor } from './provider.ts';

export async function registerAuthorizationServer(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const tenant = await findActiveTenant(app.database, realmFromHost(request.hostname));
      if (!tenant) return reply.code(404).type('application/problem+json').send({ type: 'about:blank', title: 'Not Found', status: 404, code: 'not_found' });
      const provider = await providerFor(app, tenant.id, `${request.protocol}://${request.host}`);
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      // The provider finds its mount path by comparing these two, as under Express.
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(oauthPrefix.length) || '/';
      if (!raw.url.startsWith('/')) raw.url = `/${raw.url}`;
      await new Promise<void>((resolve) => {
        reply.raw.on('finish', resolve);
        reply.raw.on('close', resolve);
        void (provider.callback() as (req: typeof raw, res: typeof reply.raw) => Promise<void>)(raw, reply.raw);
      });
      return reply;
    };
    scope.all(oauthPrefix, handle);
    scope.all(`${oauthPrefix}/*`, handle);
  });
}
