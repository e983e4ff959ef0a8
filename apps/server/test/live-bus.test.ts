// The live bus between server replicas (issue 28 §2): on PostgreSQL a change applied by one replica
// reaches the live screens of another through LISTEN/NOTIFY, within a second, once each; on PGlite
// (one process) it is told in process. Two replicas here are two database connections and two buses.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../src/kernel/db/database.ts';
import { createLiveBus, type LiveBus, type LiveChange } from '../src/live/bus.ts';
import { createTestDatabase, type TestDatabase } from './harness.ts';

/** Resolves with what `bus` hears until `count` changes arrived, or rejects after `ms`. */
function hear(bus: LiveBus, count: number, ms = 1_000): Promise<LiveChange[]> {
  const heard: LiveChange[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (stop(), reject(new Error(`heard ${heard.length} of ${count} changes within ${ms} ms`))), ms);
    const stop = bus.subscribe((change) => {
      heard.push(change);
      if (heard.length === count) {
        clearTimeout(timer);
        stop();
        resolve(heard);
      }
    });
  });
}

describe('the live bus', () => {
  let first: TestDatabase;
  let second: AppDatabase | null = null;
  let one: LiveBus;
  let other: LiveBus;

  beforeAll(async () => {
    first = await createTestDatabase();
    // The second replica: its own connections to the same PostgreSQL database (PGlite admits one process).
    if (first.config.databaseUrl) second = await openDatabase(first.config);
    one = createLiveBus(first.database.channel);
    other = createLiveBus((second ?? first.database).channel);
    await Promise.all([one.ready(), other.ready()]);
  });

  afterAll(async () => {
    await one?.close();
    await other?.close();
    await second?.close();
    await first?.database.close();
    await first?.drop();
  });

  it('tells every replica a change applied on one, within a second and once', async ({ skip }) => {
    if (!second) skip();
    const change = { tenantId: randomUUID(), sessionIds: [randomUUID(), randomUUID()] };
    const started = Date.now();
    const [elsewhere, here] = [hear(other, 1), hear(one, 1)];
    one.publish(change);
    expect(await elsewhere).toEqual([change]);
    expect(await here).toEqual([change]);
    expect(Date.now() - started).toBeLessThan(1_000);
    // Nothing more arrives: the publishing replica hears its change once, not also in process.
    await expect(hear(one, 1, 300)).rejects.toThrow(/heard 0 of 1/);
  });

  it('carries a change naming many sessions whole, in notices NOTIFY can take', async ({ skip }) => {
    if (!second) skip();
    const sessionIds = Array.from({ length: 400 }, () => randomUUID());
    const heard = hear(other, 3);
    one.publish({ tenantId: 'acme-id', sessionIds });
    const parts = await heard;
    expect(parts.flatMap((part) => part.sessionIds)).toEqual(sessionIds);
    expect(parts.every((part) => part.tenantId === 'acme-id')).toBe(true);
  });

  it('tells in process on the embedded database', async ({ skip }) => {
    if (second) skip();
    expect(first.database.channel).toBeNull();
    const change = { tenantId: randomUUID(), sessionIds: [randomUUID()] };
    const heard = hear(one, 1);
    one.publish(change);
    expect(await heard).toEqual([change]);
  });
});
