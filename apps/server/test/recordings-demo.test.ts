// The demo tenant starts with real recordings: the first start's seed queues a few of its recorded
// meetings' recordings from the committed capture, and the server's job queue turns them into
// ready recordings with playable files that Cloud recordings lists.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordings, tenants } from '../src/kernel/db/schema.ts';
import { seedDatabase } from '../src/app/seed.ts';
import { buildApp } from '../src/app/app.ts';
import { createTestDatabase } from './harness.ts';

describe('demo recordings', () => {
  it('are queued by the first start and ready once the job queue ran', async () => {
    const { database, config, drop } = await createTestDatabase();
    try {
      await seedDatabase(database, { adminEmail: 'root@portal.localhost', adminPassword: null, demo: true, demoPassword: 'Demo-Passw0rd', dataDir: config.dataDir });
      const [acme] = await database.withPlatform((tx) => tx.select().from(tenants).where(eq(tenants.sname, 'acme')));
      const queued = await database.withTenant(acme!.id, (tx) => tx.select().from(recordings).where(and(eq(recordings.kind, 'cloud'))));
      expect(queued.length).toBeGreaterThanOrEqual(3);
      expect(queued.every((row) => row.status === 'processing' && row.sessionId !== null)).toBe(true);
      const app = await buildApp({ config, database, clock: () => new Date(Date.now() + 60_000) });
      try {
        await app.jobs.runDue();
        const done = await database.withTenant(acme!.id, (tx) => tx.select().from(recordings));
        expect(done.map((row) => row.status)).toEqual(queued.map(() => 'ready'));
        for (const row of done) expect(await app.files.size(row.videoKey!)).toBe(row.videoBytes);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
      await drop();
    }
  }, 120_000);
});
