// Serves the built portal (apps/portal/dist) under /portal/. Vite's hashed files in assets/ never
// change, so browsers may keep them for a year; index.html must be revalidated every time so a
// new release is picked up. Client-side routes (/portal/user, /portal/Roles/…) get index.html.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';

const landingPage = '/portal/landing-page';
const storybookPolicy =
  "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; frame-ancestors 'self'";
const missingBuild =
  'The portal has not been built yet. Run `pnpm --filter @portal/portal build` (or `pnpm build`) and reload this page; the API is already running at /api/v1.\n';

export async function registerPortal(app: FastifyInstance, portalDist: string, serveStorybook: boolean): Promise<void> {
  if (serveStorybook) await registerStorybook(app, join(portalDist, '..', 'storybook-static'));
  app.get('/', (_request, reply) => reply.redirect(landingPage));
  app.get('/portal', (_request, reply) => reply.redirect(landingPage));

  if (!existsSync(join(portalDist, 'index.html'))) {
    const answer = (_request: FastifyRequest, reply: FastifyReply) =>
      reply.code(503).type('text/plain; charset=utf-8').send(missingBuild);
    app.get('/portal/', answer);
    app.get('/portal/*', answer);
    return;
  }

  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root: portalDist,
        prefix: '/',
        index: 'index.html',
        cacheControl: false,
        setHeaders: (reply, path) => {
          const immutable = path.includes(`${sep}assets${sep}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      scope.setNotFoundHandler((request, reply) => {
        const last = request.url.split('?')[0]?.split('/').at(-1) ?? '';
        // A missing file (a stale hashed asset) is a real 404; anything else is a client-side route.
        if (last.includes('.')) return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      });
    },
    { prefix: '/portal' },
  );
}

/**
 * The built component catalogue (apps/portal/storybook-static, `build-storybook`) at /storybook/,
 * so designers open it from the running portal without a toolchain. Absent build or off (the
 * serveStorybook setting, off in production by default): not registered.
 */
async function registerStorybook(app: FastifyInstance, storybookDist: string): Promise<void> {
  if (!existsSync(join(storybookDist, 'index.html'))) return;
  app.get('/storybook', (_request, reply) => reply.redirect('/storybook/'));
  await app.register(
    async (scope) => {
      // Storybook's pages start with inline scripts and evaluate its stories' code: a policy of its
      // own, still limited to this origin. The portal's strict policy is unchanged.
      scope.addHook('onRequest', async (_request, reply) => {
        reply.header('content-security-policy', storybookPolicy);
      });
      await scope.register(fastifyStatic, { root: storybookDist, prefix: '/', index: 'index.html', decorateReply: false, cacheControl: false });
    },
    { prefix: '/storybook' },
  );
}
