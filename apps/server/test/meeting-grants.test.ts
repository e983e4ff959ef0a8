// Join grants expire (issue 10): a grant is kept with an expiry two minutes ahead; the sweeper job,
// run by the moved job clock, revokes on the media server every expired grant no connection uses
// and deletes its row, keeps (and marks used) one a connected participant still uses until that
// participant has left, and ending the meeting forgets its grants. Stand-in media server.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinGrants } from '../src/kernel/db/schema.ts';
import { grantLifetimeMs } from '../src/meetings/grants.ts';
import { platformMeetingOptions } from '../src/meetings/options.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { standInMedia, standInPublisher } from './media-stand-in.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';

let nextToken = 1;
const revoked: string[] = [];
/** Tokens the stand-in says a connected client uses. */
const connected = new Set<string>();
const media = standInMedia({
  openRoom: async () => ({ roomId: 77, node: 'janus-test' }),
  grant: async () => `r77.token-${nextToken++}`,
  revoke: async (_room, token) => {
    revoked.push(token);
  },
  roomState: async () => ({ node: 'janus-test', handles: [...connected].map((token) => standInPublisher({ token })) }),
});

let clock = new Date();
let server: TestServer;
let host: TestSession;
const acme = () => server.ids.tenants.acme;
const grantRows = (meetingId: string) => server.database.withTenant(acme(), (tx) => tx.select().from(joinGrants).where(eq(joinGrants.meetingId, meetingId)));

beforeAll(async () => {
  server = await startTestServer({ media, clock: () => clock });
  host = await server.login('acme', userEmail('acme', 'member'));
});

afterAll(async () => {
  await server?.close();
});

describe('join grants', () => {
  it('are revoked when unused after their lifetime, kept while a connection uses them, and forgotten with the meeting', async () => {
    clock = new Date();
    const meeting = await addMeeting(server, 'acme', host, meetingBody({ password: '246810', options: platformMeetingOptions }));
    expect((await server.request('acme', 'PUT', `/meetings/${meeting.id}/room`, { session: host })).status).toBe(200);
    const join = async (name: string) => {
      const res = await server.request('acme', 'POST', `/join/${meeting.meetingId}`, { body: { name, password: '246810' } });
      expect(res.status, res.text).toBe(200);
      return res.body.token as string;
    };
    const ann = await join('Ann Guest');
    const bob = await join('Bob Guest');
    const rows = await grantRows(meeting.id);
    expect(rows).toHaveLength(2);
    // Sealed at rest, and due two minutes after they were handed out.
    expect(rows.map((row) => row.token)).not.toContain(ann);
    for (const row of rows) expect(row.expiresAt.getTime()).toBe(clock.getTime() + grantLifetimeMs);

    // Within their lifetime nothing is revoked.
    await server.app.jobs.runDue();
    expect(revoked).toEqual([]);

    // Ann connected; Bob never did.
    connected.add(ann);
    clock = new Date(clock.getTime() + grantLifetimeMs + 1_000);
    await server.app.jobs.runDue();
    expect(revoked).toEqual([bob]);
    const left = await grantRows(meeting.id);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ usedAt: clock });

    // Ann leaves: her grant goes a lifetime later.
    connected.delete(ann);
    clock = new Date(clock.getTime() + grantLifetimeMs + 60_000);
    await server.app.jobs.runDue();
    expect(revoked).toEqual([bob, ann]);
    expect(await grantRows(meeting.id)).toEqual([]);

    // Ending the meeting forgets the grants still kept (closing the room revoked their tokens).
    await join('Cid Guest');
    expect(await grantRows(meeting.id)).toHaveLength(1);
    expect((await server.request('acme', 'DELETE', `/meetings/${meeting.id}/room`, { session: host })).status).toBe(204);
    expect(await grantRows(meeting.id)).toEqual([]);
  });
});
