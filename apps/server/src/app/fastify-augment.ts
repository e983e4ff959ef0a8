// What the server adds to Fastify's own types: the config, database, secrets and files on the
// instance (modules read them as `request.server.config` ...), the request context on every API request, and
// the operation a route serves. Declaration merging needs `interface` here.
import type { ServerConfig } from '../kernel/config.ts';
import type { SecretBox } from '../kernel/crypto/secret-box.ts';
import type { AppDatabase } from '../kernel/db/database.ts';
import type { FileStore } from '../kernel/files/index.ts';
import type { JobQueue } from '../kernel/jobs/index.ts';
import type { LiveBus } from '../live/index.ts';
import type { BackgroundWork } from '../kernel/http/background-work.ts';
import type { MediaPlatform } from '../media/index.ts';
import type { OperationSpec } from '../kernel/http/openapi.ts';
import type { RequestContext } from '../kernel/http/request-context.ts';
import type { Lifecycle } from '../system/index.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation only merges interfaces
  interface FastifyInstance {
    config: ServerConfig;
    database: AppDatabase;
    /** Where this process is in its life (system/lifecycle.ts), for the readiness probe. */
    lifecycle: Lifecycle;
    /** Seals and opens secrets stored in the database. */
    secrets: SecretBox;
    /** Uploaded files: on disk, or in the S3 bucket when configured. */
    files: FileStore;
    /** The media server meetings run on (or the unconfigured platform). */
    media: MediaPlatform;
    /** Tells the live screens' event streams which meeting sessions changed (src/live/bus.ts). */
    liveBus: LiveBus;
    /** Work handlers start after answering (src/kernel/http/background-work.ts). */
    backgroundWork: BackgroundWork;
    /** Background work kept in the database (src/jobs): `app/serve.ts` starts polling, tests call `runDue`. */
    jobs: JobQueue;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation only merges interfaces
  interface FastifyRequest {
    /** Set by the operation gate before validation; only API operation routes have it. */
    ctx: RequestContext;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation only merges interfaces
  interface FastifyContextConfig {
    operation?: OperationSpec;
  }
}
