// An upgrade from the previous release (apps/server/releases.json) to this tree, issue 29 §2: a
// database built at that release's schema (its migrations only) holding its data fixture (the demo
// seed of that release, test/fixtures/releases/<version>.sql) is migrated by this server's start,
// which then serves it: the fixture's administrator signs in, the users, meetings, recordings and
// invoices of the fixture are listed, and a meeting is scheduled and a user changed. PGlite, and
// PostgreSQL through vitest.pg.config.ts. While the previous release is this tree's own schema it
// proves the mechanism; with the next migration it is an upgrade across it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from './harness.ts';
import { fixtureTenantRows, fixtureUser, journalEntries, previousRelease, releaseDatabase } from './releases.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';

const release = previousRelease();
const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

let server: TestServer;
let admin: TestSession;
let dropDatabase = async () => {};
/** What the fixture holds for its tenant, counted in the database before the upgrade. */
let before: { users: number; recordings: number; invoices: number; meetings: number };

beforeAll(async () => {
  const { config, drop } = await releaseDatabase(release);
  dropDatabase = drop;
  // startTestServer migrates as main.ts does before serving: here, from the release's last migration to this tree's.
  server = await startTestServer({ existing: config });
  const count = (table: Parameters<typeof fixtureTenantRows>[1]) => fixtureTenantRows(server.database, table);
  before = { users: await count('users'), recordings: await count('recordings'), invoices: await count('invoices'), meetings: await count('meetings') };
  admin = await server.login(fixtureUser.tenant, fixtureUser.email, fixtureUser.password);
});

afterAll(async () => {
  await server?.close();
  await dropDatabase();
});

describe(`upgrade from release ${release.version}`, () => {
  it("migrates the release's database to this tree's last migration", async () => {
    // Drizzle's record belongs to the owner, not to the request role: the transaction drops back to the owner to read it.
    const applied = rowsOf(
      await server.database.withPlatform(async (tx) => {
        await tx.execute(sql`set local role none`);
        return tx.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      }),
    );
    expect(applied[0]!.n).toBe(journalEntries().length);
    // The fixture is the release's demo seed: some of everything the reads below list.
    expect(before.users).toBeGreaterThan(10);
    expect(before.meetings).toBeGreaterThan(0);
    expect(before.recordings).toBeGreaterThan(0);
    expect(before.invoices).toBeGreaterThan(0);
  });

  it("gives the release's built-in administrator roles the permissions added since", async () => {
    // 0036: administrators end live meetings for everyone, remove and mute participants, lock meetings.
    const session = await server.request(fixtureUser.tenant, 'GET', '/session', { session: admin });
    expect(session.status, session.text).toBe(200);
    expect(session.body.user.permissions).toEqual(expect.arrayContaining(['room.current.end', 'room.current.remove', 'room.current.lock', 'room.current.mute']));
  });

  it("lists the fixture's users, meetings, recordings and invoices", async () => {
    const get = (path: string) => server.request(fixtureUser.tenant, 'GET', path, { session: admin });
    const users = await get('/users?limit=100');
    expect(users.status, users.text).toBe(200);
    expect(users.body.items).toHaveLength(before.users);
    expect(users.body.items.map((user: { email: string }) => user.email)).toContain(fixtureUser.email);
    for (const list of ['/meetings', '/meeting-schedules', '/meetings/past']) {
      const meetings = await get(list);
      expect(meetings.status, meetings.text).toBe(200);
    }
    const recordings = await get('/recordings?limit=100');
    expect(recordings.status, recordings.text).toBe(200);
    expect(recordings.body.items).toHaveLength(before.recordings);
    const invoices = await get('/billing/invoices?limit=100');
    expect(invoices.status, invoices.text).toBe(200);
    expect(invoices.body.items).toHaveLength(before.invoices);
  });

  it('writes: schedules a meeting, changes a user, and reads both back', async () => {
    const meeting = await addMeeting(server, fixtureUser.tenant, admin, meetingBody({ topic: 'After the upgrade' }));
    const read = await server.request(fixtureUser.tenant, 'GET', `/meetings/${meeting.id}`, { session: admin });
    expect(read.status, read.text).toBe(200);
    expect(read.body.topic).toBe('After the upgrade');
    const schedules = await server.request(fixtureUser.tenant, 'GET', '/meeting-schedules', { session: admin });
    expect(schedules.body.items.map((item: { id: string }) => item.id)).toContain(meeting.id);

    const users = await server.request(fixtureUser.tenant, 'GET', '/users?q=okafor', { session: admin });
    const daniel = users.body.items[0] as { id: string };
    const changed = await server.request(fixtureUser.tenant, 'PATCH', `/users/${daniel.id}`, { session: admin, body: { lastName: 'Okafor-Upgraded' } });
    expect(changed.status, changed.text).toBe(200);
    const again = await server.request(fixtureUser.tenant, 'GET', '/users?q=upgraded', { session: admin });
    expect(again.body.items.map((user: { id: string }) => user.id)).toEqual([daniel.id]);
  });
});
