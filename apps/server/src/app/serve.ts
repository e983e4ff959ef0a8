// What `pnpm start` runs once main.ts has started tracing (or not): opens (and locks) the database,
// migrates, seeds an empty database (the demo tenant with 90 days of completed meetings, PORTAL_DEMO_DAYS), starts the
// media platform (a local Janus when one is installed and none is configured), the mail worker, the
// HTTP server, the job queue and, on the embedded database, the traffic simulator, and shuts all of
// it down cleanly on SIGTERM/SIGINT so PGlite is checkpointed and its lock released.
// `--migrate-only` (`pnpm --filter @portal/server db:migrate`): the migrations under the same lock, then exit 0.
// `--backup <dir>` / `--restore <dir>` (root `npm run backup` / `npm run restore`): app/backup.ts, then exit.
import type { ServerConfig } from '../kernel/config.ts';
import { openDatabase } from '../kernel/db/database.ts';
import { DataDirLockedError } from '../kernel/db/data-dir-lock.ts';
import { disableProcessCaches } from '../kernel/db/process-cache.ts';
import { seedDatabase, type SeedReport } from './seed.ts';
import { runBackupCommand } from './backup.ts';
import { buildApp } from './app.ts';
import { logSerializers } from '../kernel/http/log-redaction.ts';
import { startMailWorker } from '../mail/index.ts';
import { startConfiguredSimulator } from '../live/index.ts';
import { simulatedRecorder } from '../recordings/index.ts';
import { openMediaPlatform } from '../media/index.ts';
import { recoverRoomsAfterRestart } from '../meetings/index.ts';
import { drainAndClose, markServing } from '../system/index.ts';

function printSignIn(port: number, report: SeedReport | null, adminEmail: string, simulator: boolean) {
  const base = `http://localhost:${port}`;
  const lines = [
    '',
    `Portal: ${base}/portal/`,
    `API:    ${base}/api/v1  (reference: ${base}/api/v1/docs, contract: ${base}/api/v1/openapi.json)`,
    '',
    `Sign in as the platform super administrator: ${adminEmail}`,
  ];
  if (report?.generatedAdminPassword) {
    lines.push(`  password: ${report.generatedAdminPassword}   (generated now and shown only this once; set PORTAL_ADMIN_PASSWORD to choose it)`);
  } else if (!report) {
    lines.push('  with the password shown on the first start (or PORTAL_ADMIN_PASSWORD).');
  }
  if (report?.demo) {
    lines.push(
      '',
      `Demo tenant "${report.demo.tenant}": http://${report.demo.tenant}.portal.localhost:${port}/portal/`,
      `  tenant administrator ${report.demo.adminEmail}, and every other demo user, password: ${report.demo.password}`,
      `  developer client ${report.demo.clientId}, secret: ${report.demo.clientSecret}`,
      '  (shown only this once)',
      `  history: ${report.demo.history.sessions} completed meetings over the past ${report.demo.history.days} days (written in ${(report.demo.history.ms / 1000).toFixed(1)} s)`,
    );
  }
  if (simulator) lines.push('', 'Simulated traffic: a few meetings per tenant start, run and end (PORTAL_SIMULATOR=false turns it off).');
  lines.push('');
  console.log(lines.join('\n'));
}

export type ServeOptions = {
  /** Last on the SIGTERM path, after the database is closed: the spans not sent yet are sent (app/tracing.ts). */
  flush?: () => Promise<void>;
};

export async function serve(config: ServerConfig, options: ServeOptions = {}): Promise<void> {
  // Before the database opens: a PGlite backup takes the data-directory lock itself.
  if (await runBackupCommand(config, process.argv)) return;
  let database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (process.argv.includes('--migrate-only')) {
    // Replicas of the previous release go on serving meanwhile; the lock makes it one migration at a time.
    await database.exclusively(() => database.migrate());
    await database.close();
    console.log('Migrations applied.');
    return;
  }
  if (!config.processCache) disableProcessCaches(database);
  // Before the app's logger exists: the media platform is part of what buildApp is given.
  const media = await openMediaPlatform(config, {
    info: (_details, message) => console.log(message),
    warn: (details, message) => console.warn(message, details),
  });
  // It listens while it migrates, so probes see it: live, and not ready until the migrations are done.
  const app = await buildApp({ config, database, media, phase: 'migrating', logger: { level: process.env.LOG_LEVEL ?? 'info', serializers: logSerializers } });
  await app.listen({ port: config.port, host: config.host });
  // Replicas starting together on one PostgreSQL take turns: migrations and the first seed run once.
  const report = await database.exclusively(async () => {
    await database.migrate();
    return seedDatabase(database, config);
  });
  markServing(app);
  const mail = startMailWorker({ config, database, log: app.log });
  const simulator = await startConfiguredSimulator(config, { database, bus: app.liveBus, log: app.log, recorder: simulatedRecorder(config.dataDir) });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000 + config.shutdownDelayMs);
    force.unref();
    try {
      // First: it ends its meetings, which needs the database.
      await simulator?.stop();
      // Readiness answers 503 at once; the server goes on answering for PORTAL_SHUTDOWN_DELAY_SECONDS.
      await drainAndClose(app, config.shutdownDelayMs);
      await mail.stop();
      await database.close();
      await options.flush?.();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  app.jobs.start();
  // A local media server started with this server knows none of the rooms its predecessor ran.
  if (media.startedWithServer) {
    const startedAt = media.startedWithServer.getTime();
    void media
      .info()
      .then(({ node }) => recoverRoomsAfterRestart(app, node, startedAt))
      .catch((error: unknown) => app.log.warn({ err: error }, 'rooms of running meetings were not re-created on the local media server'));
  }
  const address = app.server.address();
  printSignIn(typeof address === 'object' && address ? address.port : config.port, report, config.adminEmail, simulator !== null);
}
