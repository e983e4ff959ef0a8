// The personal meeting over real HTTP (spec 'Personal meeting'): none until the member creates it,
// a 10-digit id of their choosing that no other meeting on the platform has ('Meeting id already
// exists', whichever tenant holds it), a password of at least 6 digits, and an id kept by edits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from './harness.ts';
import { signInMeetingPeople } from './meetings-fixtures.ts';

let server: TestServer;
let member: TestSession;
let colleague: TestSession;
let globexMember: TestSession;
let guest: TestSession;

const room = (overrides: Record<string, unknown> = {}) => ({
  meetingId: '4155550123',
  topic: 'My room',
  password: '123456',
  joinMode: 'waiting_for_host',
  recordMode: null,
  phoneBridge: false,
  ...overrides,
});

beforeAll(async () => {
  server = await startTestServer();
  ({ member, colleague, globexMember, guest } = await signInMeetingPeople(server));
});

afterAll(async () => {
  await server?.close();
});

const read = (session = member, tenant = 'acme') => server.request(tenant, 'GET', '/me/personal-meeting', { session });
const save = (body: Record<string, unknown>, session = member, tenant = 'acme') => server.request(tenant, 'PUT', '/me/personal-meeting', { session, body });

describe('getPersonalMeeting / savePersonalMeeting', () => {
  it('is 404 before creation, then created and kept under the same id by later saves', async () => {
    const none = await read();
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('not_found');
    const created = await save(room());
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ meetingId: '4155550123', topic: 'My room', password: '123456', joinMode: 'waiting_for_host', phoneBridge: false });
    expect(created.body.joinUrl).toMatch(/\/portal\/join\/4155550123$/);
    expect((await read()).body).toEqual(created.body);

    const edited = await save(room({ topic: 'Office', joinMode: 'signed_in', password: null, phoneBridge: true }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: created.body.id, meetingId: '4155550123', topic: 'Office', joinMode: 'signed_in', password: null, phoneBridge: true });
    const renumbered = await save(room({ meetingId: '4155550124' }));
    expect(renumbered.body).toMatchObject({ id: created.body.id, meetingId: '4155550124' });
    expect((await read()).body.meetingId).toBe('4155550124');
  });

  it('answers 409 meeting_id_exists when another member, in this tenant or another, has the id', async () => {
    const taken = (await read()).body.meetingId as string;
    for (const [session, tenant] of [[colleague, 'acme'], [globexMember, 'globex']] as const) {
      const res = await save(room({ meetingId: taken }), session, tenant);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('meeting_id_exists');
      expect(res.body.errors[0]).toMatchObject({ field: 'meetingId', code: 'meeting_id_exists', message: 'Meeting id already exists' });
      expect((await read(session, tenant)).status).toBe(404);
    }
    expect((await save(room({ meetingId: '7005550100' }), globexMember, 'globex')).status).toBe(200);
  });

  it('answers 400 with the field’s error for a bad id, password or topic', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ meetingId: '415555012' }, 'meetingId', 'invalid_personal_meeting_id'],
      [{ meetingId: '41555501234' }, 'meetingId', 'invalid_personal_meeting_id'],
      [{ meetingId: '41555O0123' }, 'meetingId', 'invalid_personal_meeting_id'],
      [{ password: '12345' }, 'password', 'invalid_personal_password'],
      [{ password: 'abcdef' }, 'password', 'invalid_personal_password'],
      [{ topic: ' ' }, 'topic', 'invalid_topic'],
    ];
    for (const [overrides, field, code] of cases) {
      const res = await save(room(overrides), colleague);
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.errors).toContainEqual(expect.objectContaining({ field, code }));
    }
    expect((await read(colleague)).status).toBe(404);
  });

  it('refuses a role without the personal meeting permissions (403) and an anonymous caller (401)', async () => {
    expect((await read(guest)).status).toBe(403);
    expect((await save(room({ meetingId: '9995550100' }), guest)).status).toBe(403);
    expect((await server.request('acme', 'GET', '/me/personal-meeting')).status).toBe(401);
    expect((await server.request('acme', 'PUT', '/me/personal-meeting', { body: room() })).status).toBe(401);
  });
});
