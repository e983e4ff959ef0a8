// Builds the HTTP server: security headers, cookies, request ids, the API from the contract, its
// docs, the built portal, and problem+json errors. `app/serve.ts` listens; tests call buildApp with a
// fresh database and listen on a random port.
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { authHandlers, providerHandlers, twoFactorHandlers } from '../auth/index.ts';
import type { ServerConfig } from '../kernel/config.ts';
import { createSecretBox, loadSecretKey } from '../kernel/crypto/secret-box.ts';
import type { AppDatabase } from '../kernel/db/database.ts';
import { IMAGE_MAX_BYTES, profileHandlers } from '../profile/index.ts';
import { closedWhileMigrating, createLifecycle, systemHandlers, type Phase } from '../system/index.ts';
import { tenancyHandlers, tenantsHandlers } from '../tenants/index.ts';
import { usersHandlers } from '../users/index.ts';
import { accountsHandlers } from '../accounts/index.ts';
import { billingHandlers } from '../billing/index.ts';
import { auditHandlers } from '../audit-log/index.ts';
import { mediaClientsHandlers } from '../media-clients/index.ts';
import { didsHandlers } from '../dids/index.ts';
import { devClientsHandlers } from '../dev-clients/index.ts';
import { webhooksHandlers } from '../webhooks/index.ts';
import { rolesHandlers } from '../roles/index.ts';
import { settingsHandlers } from '../settings/index.ts';
import { enforceEntryMutes, meetingRoomHandlers, meetingsHandlers, recoverRoomsAfterRestart } from '../meetings/index.ts';
import { dashboardsHandlers } from '../dashboards/index.ts';
import { createLiveBus, endLiveStreams, liveHandlers } from '../live/index.ts';
import { configuredMedia, consumeMediaEvents, type MediaModelListeners, type MediaPlatform, countRefusedPosts, mediaEventsHandlers } from '../media/index.ts';
import { meetingStateHandlers } from '../meeting-state/index.ts';
import { feedbackHandlers } from '../feedback/index.ts';
import { recordingAccessHandlers, recordingsHandlers, recordingUploadHandlers } from '../recordings/index.ts';
import { createFileStore } from '../kernel/files/index.ts';
import { createJobQueue, type JobClock } from '../kernel/jobs/index.ts';
import { registerJobHandlers } from './job-handlers.ts';
import { announceSharedRecording, slackHandlers } from '../slack/index.ts';
import { appsHandlers } from '../apps/index.ts';
import { renderDocs } from './docs.ts';
import { answerClientError, registerErrorHandling } from '../kernel/http/errors.ts';
import './fastify-augment.ts';
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { keepRawBody } from '../kernel/http/raw-body.ts';
import type { RequestContext } from '../kernel/http/request-context.ts';
import { apiPrefix, loadSpec } from '../kernel/http/openapi.ts';
import { registerResponseHeaders } from '../kernel/http/response-headers.ts';
import { logRequests } from '../kernel/http/request-log.ts';
import { measureRequests } from '../kernel/http/request-metrics.ts';
import { nameRequestSpans } from '../kernel/http/request-tracing.ts';
import { registerMetrics } from './metrics.ts';
import { createBackgroundWork } from '../kernel/http/background-work.ts';
import { registerOperations } from './routes.ts';
import { buildLazySerializer } from '../kernel/http/lazy-serializers.ts';
import { createSpecValidators, sharedSchema } from '../kernel/http/schema-validation.ts';
import { registerPortal } from './static-portal.ts';
import { registerCors } from './cors.ts';
import { registerAuthorizationServer, oauthHandlers } from '../oauth/index.ts';
import { platformClientRules } from './platform-client-rules.ts';

export type BuildAppOptions = {
  config: ServerConfig;
  database: AppDatabase;
  logger?: FastifyServerOptions['logger'];
  /** Replaces or adds operation handlers (tests of a handler in isolation). */
  handlers?: OperationHandlers;
  /** The media platform meetings run on; default: the one configured (JANUS_URL ...) or none. Closed with the app. */
  media?: MediaPlatform;
  /** The job queue's clock; tests move it across cycle ends and retention periods. */
  clock?: JobClock;
  /** Where the process is at start (readiness, system/lifecycle.ts): main.ts serves while it migrates. */
  phase?: Phase;
};

/** Matches the contract's 1 MB import limit; larger bodies get 413 `file_too_large`. */
export const bodyLimit = 1024 * 1024;


/** What meetings do when the media nodes' events say so (over HTTP or from the broker). */
const mediaListeners: MediaModelListeners = { publishersOnAir: enforceEntryMutes, nodeRestarted: recoverRoomsAfterRestart };

export const allHandlers: OperationHandlers = { ...systemHandlers, ...tenancyHandlers, ...authHandlers, ...twoFactorHandlers, ...providerHandlers, ...usersHandlers, ...accountsHandlers, ...profileHandlers, ...mediaClientsHandlers, ...didsHandlers, ...devClientsHandlers, ...auditHandlers, ...settingsHandlers, ...rolesHandlers, ...tenantsHandlers, ...billingHandlers, ...meetingsHandlers, ...meetingRoomHandlers, ...liveHandlers, ...dashboardsHandlers, ...meetingStateHandlers, ...feedbackHandlers, ...mediaEventsHandlers(mediaListeners), ...recordingsHandlers, ...recordingAccessHandlers({ recordingShared: announceSharedRecording }), ...recordingUploadHandlers, ...webhooksHandlers, ...slackHandlers, ...oauthHandlers(platformClientRules), ...appsHandlers };

// A proxy's request id is kept so one id follows a request through every log; anything else gets a fresh uuid.
const requestIdPattern = /^[A-Za-z0-9._-]{8,100}$/;

export async function buildApp({ config, database, logger = false, handlers, media = configuredMedia(config.media), clock, phase }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // A hop count trusts that many proxies nearest to the server.
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit,
    requestIdHeader: false,
    genReqId: (raw) => {
      const incoming = raw.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
    // One line per request, at debug (see logRequests), instead of Fastify's two at info.
    disableRequestLogging: true,
    clientErrorHandler: answerClientError,
    // A long path parameter reaches request validation (400 by the contract's schema) or the handler (404), not the router's 414.
    routerOptions: { maxParamLength: 16 * 1024 },
    forceCloseConnections: 'idle',
    schemaController: { compilersFactory: { buildSerializer: buildLazySerializer } },
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('lifecycle', createLifecycle(phase));
  app.decorate('secrets', createSecretBox(loadSecretKey(config)));
  app.decorate('files', await createFileStore(config));
  app.decorate('media', media);
  app.decorate('liveBus', createLiveBus(database.channel, app.log));
  app.decorate('backgroundWork', createBackgroundWork(app.log));
  app.decorate('jobs', createJobQueue({ database, log: app.log, ...(clock ? { clock } : {}) }));
  registerJobHandlers(app);
  app.addHook('onClose', () => app.jobs.stop());
  app.addHook('onClose', () => app.backgroundWork.idle());
  app.addHook('onClose', () => media.close());
  app.addHook('onClose', () => app.liveBus.close());
  if (config.media.broker) {
    const consumer = consumeMediaEvents(app, config.media.broker, mediaListeners);
    // Before the job queue and the database close: messages being applied finish and are acknowledged.
    app.addHook('preClose', () => consumer.close());
  }
  // Open live event streams never go idle: end them, or closing would wait for every browser to leave.
  app.addHook('preClose', async () => endLiveStreams(app));
  // Set per request by the operation gate; null until then (Fastify forbids shared object defaults).
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  logRequests(app);
  measureRequests(app);
  nameRequestSpans(app);
  closedWhileMigrating(app);
  registerCors(app, config.corsOrigins);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes and injects <style> elements at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The meeting room talks to the media server's HTTP API directly (meetings/room-handlers.ts).
        connectSrc: ["'self'", ...(media.configured ? [new URL(media.browser.serverUrl).origin] : [])],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Same-origin only: nothing of the portal is meant to be embedded or read by other sites.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // Sent by registerResponseHeaders, over https only.
    strictTransportSecurity: false,
  });
  registerResponseHeaders(app);
  await app.register(fastifyCookie);

  // An empty JSON body (a POST without payload) means "no body", not a parse error.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    keepRawBody(request, text);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void jsonParser(request, text, done);
  });
  // Slack's slash commands arrive form-encoded; their signature covers the exact bytes (src/slack/command.ts).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    keepRawBody(request, text);
    done(null, Object.fromEntries(new URLSearchParams(text)));
  });
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // Profile pictures and brand images arrive as raw bytes of up to 2 MB (larger ones get 413
  // `file_too_large`); the handler checks their content, not this declared type.
  app.addContentTypeParser(['image/png', 'image/jpeg'], { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));
  // Resumable recording uploads (recordings/upload.ts): the tus server streams the body to disk itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  registerErrorHandling(app);
  countRefusedPosts(app);

  const spec = loadSpec();
  const validators = createSpecValidators(spec);
  app.addSchema(sharedSchema(spec));
  const { operations, missing } = registerOperations(app, { ...allHandlers, ...handlers }, validators);
  if (missing.length > 0) app.log.warn({ operations: missing }, 'operations without a handler answer 501');

  const specJson = JSON.stringify(spec);
  const docsHtml = renderDocs(spec, operations, config.version);
  app.get(`${apiPrefix}/openapi.json`, (_request, reply) => reply.type('application/json; charset=utf-8').send(specJson));
  app.get(`${apiPrefix}/docs`, (_request, reply) => reply.type('text/html; charset=utf-8').send(docsHtml));

  registerMetrics(app);
  await registerAuthorizationServer(app);
  await registerPortal(app, config.portalDist, config.serveStorybook);
  return app;
}
