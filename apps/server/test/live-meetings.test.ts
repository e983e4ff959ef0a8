// Live meetings over real HTTP: running sessions and the people in them now, a tenant
// administrator seeing only their tenant and the platform super administrator every tenant; the
// event stream pushes a change of a visible tenant within a second and never another tenant's.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openLiveStreamCount } from '../src/live/stream.ts';
import { apply, guestKey, newMeeting, openingOf, sessionsOf, startLiveServer, type LiveSetup } from './live-fixtures.ts';
import type { TestSession } from './harness.ts';

let setup: LiveSetup;
let acmeMeeting: { id: string; code: string };
let globexMeeting: { id: string; code: string };
let acmeSession: string;
let globexSession: string;
const startedAt = Date.now() - 10 * 60_000;

beforeAll(async () => {
  setup = await startLiveServer();
  acmeMeeting = await newMeeting(setup, 'acme', 'Acme live sync');
  globexMeeting = await newMeeting(setup, 'globex', 'Globex live review');
  await apply(setup, acmeMeeting.id, openingOf(setup.acmeHost, startedAt));
  await apply(setup, globexMeeting.id, openingOf(setup.globexHost, startedAt + 60_000));
  acmeSession = (await sessionsOf(setup, setup.server.ids.tenants.acme, acmeMeeting.id))[0]!;
  globexSession = (await sessionsOf(setup, setup.server.ids.tenants.globex, globexMeeting.id))[0]!;
});

afterAll(async () => {
  await setup?.server.close();
});

const get = (tenant: string, path: string, session: TestSession) => setup.server.request(tenant, 'GET', path, { session });

describe('currentMeetings', () => {
  it('lists the tenant’s running meetings with who is in them now', async () => {
    const res = await get('acme', '/live-meetings', setup.acmeAdmin);
    expect(res.status, res.text).toBe(200);
    expect(res.body.items).toEqual([
      {
        id: acmeSession,
        meetingId: acmeMeeting.code,
        topic: 'Acme live sync',
        tenantId: setup.server.ids.tenants.acme,
        tenantName: 'Acme Corporation',
        participants: 2,
        startTime: new Date(startedAt).toISOString(),
        node: 'janus-1',
        video: true,
        screenShare: true,
        phoneBridge: false,
        recording: false,
        flagged: false,
        locked: false,
      },
    ]);
    expect(res.body.nextCursor).toBeNull();
  });

  it('shows every tenant to the platform super administrator, newest first, paged', async () => {
    const first = await get('system', '/live-meetings?limit=1', setup.superadmin);
    expect(first.status, first.text).toBe(200);
    expect(first.body.items.map((m: { id: string }) => m.id)).toEqual([globexSession]);
    expect(first.body.items[0].tenantName).toBe('Globex Corporation');
    const second = await get('system', `/live-meetings?limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`, setup.superadmin);
    expect(second.body.items.map((m: { id: string }) => m.id)).toEqual([acmeSession]);
    expect(second.body.nextCursor).toBeNull();
    const byTenant = await get('system', '/live-meetings?q=globex', setup.superadmin);
    expect(byTenant.body.items.map((m: { id: string }) => m.id)).toEqual([globexSession]);
  });

  it('searches by meeting ID and topic and filters by start day', async () => {
    expect((await get('acme', `/live-meetings?q=${acmeMeeting.code}`, setup.acmeAdmin)).body.items).toHaveLength(1);
    expect((await get('acme', '/live-meetings?q=live%20SYNC', setup.acmeAdmin)).body.items).toHaveLength(1);
    expect((await get('acme', '/live-meetings?q=nothing-like-it', setup.acmeAdmin)).body.items).toHaveLength(0);
    const day = new Date(startedAt).toISOString().slice(0, 10);
    expect((await get('acme', `/live-meetings?from=${day}&to=${day}`, setup.acmeAdmin)).body.items).toHaveLength(1);
    expect((await get('acme', '/live-meetings?from=2020-01-01&to=2020-01-02', setup.acmeAdmin)).body.items).toHaveLength(0);
  });

  it('refuses a member (403) and bad input (400)', async () => {
    expect((await get('acme', '/live-meetings', setup.acmeMember)).status).toBe(403);
    const range = await get('acme', '/live-meetings?from=2026-11-20&to=2026-11-19', setup.acmeAdmin);
    expect(range.status).toBe(400);
    expect(range.body.errors).toEqual([expect.objectContaining({ field: 'to', code: 'end_before_start' })]);
    expect((await get('acme', '/live-meetings?cursor=bogus', setup.acmeAdmin)).status).toBe(400);
    expect((await get('acme', '/live-meetings?limit=0', setup.acmeAdmin)).status).toBe(400);
    expect((await get('acme', '/live-meetings?from=yesterday', setup.acmeAdmin)).status).toBe(400);
  });
});

describe('currentMeetingParticipants', () => {
  it('lists the people in the meeting now with their client, pods, codecs and latest statistics', async () => {
    const res = await get('acme', `/live-meetings/${acmeSession}/participants`, setup.acmeAdmin);
    expect(res.status, res.text).toBe(200);
    const [host, guest] = res.body.items;
    expect(host).toMatchObject({
      displayName: 'Ada Host',
      email: 'member@acme.test',
      joinedAt: new Date(startedAt + 1000).toISOString(),
      client: { os: 'Linux', browserVersion: '131', platform: 'web', network: 'wifi', ip: '127.0.0.1', camera: 'HD Webcam', mic: 'USB Mic', speaker: 'Speakers' },
      cameraOn: true,
      micOn: true,
      screenSharing: false,
      audioCodec: 'opus',
      videoCodec: 'vp8',
      stats: { at: new Date(startedAt + 8000).toISOString(), bitrateInKbps: 540, bitrateOutKbps: 510, packetLoss: 3, jitterMs: 8, rttMs: 40 },
      flagged: false,
      flagReason: null,
    });
    expect(guest).toMatchObject({ displayName: 'Guest Bob', email: null, screenSharing: true, cameraOn: false, stats: null });
  });

  it('drops a participant who left, and counts the meeting’s people again', async () => {
    const meeting = await newMeeting(setup, 'acme', 'Leaving soon');
    await apply(setup, meeting.id, openingOf(setup.acmeHost, startedAt));
    await apply(setup, meeting.id, [{ type: 'participant.left', at: startedAt + 30_000, participant: guestKey }] as never);
    const [session] = await sessionsOf(setup, setup.server.ids.tenants.acme, meeting.id);
    const people = await get('acme', `/live-meetings/${session}/participants`, setup.acmeAdmin);
    expect(people.body.items.map((p: { displayName: string }) => p.displayName)).toEqual(['Ada Host']);
    const list = await get('acme', `/live-meetings?q=${meeting.code}`, setup.acmeAdmin);
    expect(list.body.items[0].participants).toBe(1);
  });

  it('answers 404 for another tenant’s session, but the super administrator reads any', async () => {
    expect((await get('acme', `/live-meetings/${globexSession}/participants`, setup.acmeAdmin)).status).toBe(404);
    expect((await get('acme', '/live-meetings/00000000-0000-4000-8000-000000000000/participants', setup.acmeAdmin)).status).toBe(404);
    const res = await get('system', `/live-meetings/${globexSession}/participants`, setup.superadmin);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(2);
  });

  it('refuses a member (403) and a malformed id (400)', async () => {
    expect((await get('acme', `/live-meetings/${acmeSession}/participants`, setup.acmeMember)).status).toBe(403);
    expect((await get('acme', '/live-meetings/not-a-uuid/participants', setup.acmeAdmin)).status).toBe(400);
  });
});

type Stream = { response: IncomingMessage; events: { event: string; data: string }[]; text: () => string; close: () => void; next: (within: number) => Promise<{ event: string; data: string }> };

/** Opens the event stream over real HTTP as `session` at `tenant`. */
function openStream(tenant: string, session: TestSession): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: setup.server.port, path: '/api/v1/live-meetings/events', headers: { host: `${tenant}.portal.test:${setup.server.port}`, cookie: session.cookie, accept: 'text/event-stream' } },
      (response) => {
        let buffer = '';
        let all = '';
        const events: { event: string; data: string }[] = [];
        const waiting: ((event: { event: string; data: string }) => void)[] = [];
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          all += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data !== undefined) {
              const parsed = { event, data };
              const waiter = waiting.shift();
              if (waiter) waiter(parsed);
              else events.push(parsed);
            }
          }
        });
        resolve({
          response,
          events,
          text: () => all,
          close: () => req.destroy(),
          next: (within) =>
            new Promise((done, fail) => {
              const queued = events.shift();
              if (queued) return done(queued);
              const timer = setTimeout(() => fail(new Error(`no event within ${within} ms`)), within);
              waiting.push((event) => {
                clearTimeout(timer);
                done(event);
              });
            }),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('streamLiveMeetings', () => {
  it('pushes a change of the caller’s tenant within a second, never another tenant’s', async () => {
    const stream = await openStream('acme', setup.acmeAdmin);
    try {
      expect(stream.response.statusCode).toBe(200);
      expect(stream.response.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.response.headers['x-content-type-options']).toBe('nosniff');
      await apply(setup, globexMeeting.id, [{ type: 'recording.started', at: startedAt + 120_000 }] as never);
      const started = Date.now();
      await apply(setup, acmeMeeting.id, [{ type: 'recording.started', at: startedAt + 120_000 }] as never);
      const change = await stream.next(1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(change).toEqual({ event: 'change', data: JSON.stringify({ sessionIds: [acmeSession] }) });
      // The globex change came first: had it been sent, it would have been the first event.
      expect(stream.events).toEqual([]);
      expect(stream.text()).toMatch(/^retry: 5000\n/);
    } finally {
      stream.close();
    }
  });

  it('pushes every tenant’s changes to the platform super administrator', async () => {
    const stream = await openStream('system', setup.superadmin);
    try {
      await apply(setup, globexMeeting.id, [{ type: 'recording.stopped', at: startedAt + 130_000 }] as never);
      expect(await stream.next(1000)).toEqual({ event: 'change', data: JSON.stringify({ sessionIds: [globexSession] }) });
    } finally {
      stream.close();
    }
  });

  it('stops listening when the browser goes', async () => {
    const stream = await openStream('acme', setup.acmeAdmin);
    await vi.waitFor(() => expect(openLiveStreamCount(setup.server.app)).toBe(1));
    stream.close();
    await vi.waitFor(() => expect(openLiveStreamCount(setup.server.app)).toBe(0));
    // A change after the client left is published to nobody and breaks nothing.
    await apply(setup, acmeMeeting.id, [{ type: 'recording.stopped', at: startedAt + 140_000 }] as never);
  });

  it('refuses a member (403) and a signed-out caller (401)', async () => {
    expect((await get('acme', '/live-meetings/events', setup.acmeMember)).status).toBe(403);
    expect((await setup.server.request('acme', 'GET', '/live-meetings/events')).status).toBe(401);
  });
});
