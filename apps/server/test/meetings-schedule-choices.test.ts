// What the Schedule screen offers people scheduling (issue 10): the saved meeting modes, whose
// options fill the toggles, and the people of the caller's tenant who may co-host, searched by
// name or email. Both need `meeting.schedule.put`, not the super administrator's meeting settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformMeetingOptions } from '../src/meetings/options.ts';
import { allRecordModes } from '../src/meetings/recording-policy.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { signInMeetingPeople } from './meetings-fixtures.ts';

let server: TestServer;
let member: TestSession;
let globexMember: TestSession;
let guest: TestSession;

type Person = { id: string; name: string; email: string };

const classroom = { ...platformMeetingOptions, muteOnEntry: true };

beforeAll(async () => {
  server = await startTestServer();
  ({ member, globexMember, guest } = await signInMeetingPeople(server));
});

afterAll(async () => {
  await server?.close();
});

describe('getMeetingModes', () => {
  it('answers no mode before any is saved', async () => {
    const res = await server.request('acme', 'GET', '/meeting-modes', { session: member });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ items: [], recordModes: allRecordModes });
  });

  it('lists the saved modes with their options, in order, to a member', async () => {
    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    const saved = await server.request('system', 'PUT', '/settings/meeting', {
      session: superadmin,
      body: { modes: [{ name: 'Classroom', options: classroom }, { name: 'Webinar', options: platformMeetingOptions }] },
    });
    expect(saved.status, saved.text).toBe(200);
    const res = await server.request('acme', 'GET', '/meeting-modes', { session: member });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ items: [{ name: 'Classroom', options: classroom }, { name: 'Webinar', options: platformMeetingOptions }], recordModes: allRecordModes });
    const globex = await server.request('globex', 'GET', '/meeting-modes', { session: globexMember });
    expect(globex.status, globex.text).toBe(200);
  });

  it('is 403 for a role that may not schedule', async () => {
    const res = await server.request('acme', 'GET', '/meeting-modes', { session: guest });
    expect(res.status, res.text).toBe(403);
  });
});

describe('getMeetingCoHostCandidates', () => {
  const candidates = async (query = '', session = member, tenant = 'acme') => {
    const res = await server.request(tenant, 'GET', `/meetings/co-host-candidates${query}`, { session });
    expect(res.status, res.text).toBe(200);
    return (res.body as { items: Person[] }).items;
  };

  it('lists enabled users of the tenant with id, name and email only, never the caller', async () => {
    const people = await candidates();
    expect(people.length).toBeGreaterThan(0);
    expect(people.length).toBeLessThanOrEqual(20);
    for (const person of people) expect(Object.keys(person).sort()).toEqual(['email', 'id', 'name']);
    const emails = people.map((person) => person.email);
    expect(emails).not.toContain(userEmail('acme', 'member'));
    expect(emails).not.toContain(userEmail('acme', 'disabled'));
    expect(emails.every((email) => email.endsWith('@acme.test'))).toBe(true);
    const admin = people.find((person) => person.email === userEmail('acme', 'admin'));
    expect(admin).toEqual({ id: server.ids.users[userEmail('acme', 'admin')], name: 'Admin Acme', email: userEmail('acme', 'admin') });
  });

  it('never lists another tenant’s users', async () => {
    expect(await candidates('?q=globex')).toEqual([]);
    const fromGlobex = await candidates('', globexMember, 'globex');
    expect(fromGlobex.length).toBeGreaterThan(0);
    expect(fromGlobex.every((person) => person.email.endsWith('@globex.test'))).toBe(true);
    expect(fromGlobex.map((person) => person.email)).not.toContain(userEmail('globex', 'member'));
  });

  it('filters by name or email, case-insensitively, and honours the limit', async () => {
    const admins = await candidates('?q=ADMIN%20acme');
    expect(admins.map((person) => person.email)).toContain(userEmail('acme', 'admin'));
    expect(admins.every((person) => person.name.toLowerCase().includes('admin acme'))).toBe(true);
    expect((await candidates('?q=guest@')).map((person) => person.email)).toEqual([userEmail('acme', 'guest')]);
    expect(await candidates('?q=Dora')).toEqual([]);
    expect(await candidates('?limit=1')).toHaveLength(1);
    const tooMany = await server.request('acme', 'GET', '/meetings/co-host-candidates?limit=21', { session: member });
    expect(tooMany.status).toBe(400);
  });

  it('is 403 for a role that may not schedule', async () => {
    const res = await server.request('acme', 'GET', '/meetings/co-host-candidates', { session: guest });
    expect(res.status, res.text).toBe(403);
  });
});
