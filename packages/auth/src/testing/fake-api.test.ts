import { createFakeFetch, json, operationAmong, operationOf, problem } from './fake-api';

const BASE = 'http://portal.test/api/v1';

describe('operationOf', () => {
  it("finds a request's operation by method and path template, with its path parameters", () => {
    expect(operationOf('GET', '/meetings/mtg-1')).toEqual({ operationId: 'getMeeting', params: { meetingId: 'mtg-1' } });
    expect(operationOf('DELETE', '/meetings/mtg-1')).toEqual({ operationId: 'deleteMeeting', params: { meetingId: 'mtg-1' } });
    expect(operationOf('POST', '/users/u%201/invite')).toEqual({ operationId: 'inviteUser', params: { userId: 'u 1' } });
  });

  it('prefers a literal segment to a parameter, as the server routes', () => {
    expect(operationOf('GET', '/meetings/past')).toEqual({ operationId: 'userCompletedMeetings', params: {} });
    expect(operationOf('GET', '/users/export')?.operationId).toBe('exportUsers');
  });

  it('finds nothing for a method, a path or an empty parameter the contract does not have', () => {
    expect(operationOf('PUT', '/meetings/past')).toBeUndefined();
    expect(operationOf('GET', '/no-such-thing')).toBeUndefined();
    expect(operationOf('GET', '/meetings/')).toBeUndefined();
  });

  it('narrows to the operations a hand-routed fake answers', () => {
    expect(operationAmong(['getMeeting', 'updateMeeting'], 'PATCH', '/meetings/mtg-1')).toBe('updateMeeting');
    expect(operationAmong(['getMeeting'], 'GET', '/meetings/past')).toBeUndefined();
  });
});

describe('createFakeFetch', () => {
  it('answers by operationId, hands handlers their path parameters and records calls, paths and bodies', async () => {
    const fake = createFakeFetch({
      getMeeting: (_request, { meetingId }) => json({ id: meetingId }),
      updateMeeting: async (request) => json(await request.json()),
    });
    await expect((await fake(`${BASE}/meetings/mtg-1`)).json()).resolves.toEqual({ id: 'mtg-1' });
    const patched = await fake(`${BASE}/meetings/mtg-2`, { method: 'PATCH', body: JSON.stringify({ topic: 'Retro' }), headers: { 'content-type': 'application/json' } });
    await expect(patched.json()).resolves.toEqual({ topic: 'Retro' });
    expect(fake.calls).toEqual(['getMeeting', 'updateMeeting']);
    expect(fake.paths).toEqual(['GET /meetings/mtg-1', 'PATCH /meetings/mtg-2']);
    expect(fake.bodies).toEqual([undefined, { topic: 'Retro' }]);
  });

  it('answers 404 not_found for an operation without a handler and for a path no operation has', async () => {
    const fake = createFakeFetch({});
    const missing = await fake(`${BASE}/meetings/mtg-1`);
    expect(missing.status).toBe(404);
    await expect(missing.json()).resolves.toMatchObject({ code: 'not_found' });
    expect((await fake(`${BASE}/no-such-thing`)).status).toBe(404);
    expect(fake.calls).toEqual(['getMeeting', 'unknown']);
  });

  it('answers getSession from getCurrentUser as the server does', async () => {
    const signedIn = createFakeFetch({ getCurrentUser: json({ id: 'u-1' }) });
    await expect((await signedIn(`${BASE}/session`)).json()).resolves.toEqual({ user: { id: 'u-1' } });
    const signedOut = createFakeFetch({ getCurrentUser: problem(401, 'unauthenticated') });
    await expect((await signedOut(`${BASE}/session`)).json()).resolves.toEqual({ user: null });
    const own = createFakeFetch({ getCurrentUser: json({ id: 'u-1' }), getSession: json({ user: null }) });
    await expect((await own(`${BASE}/session`)).json()).resolves.toEqual({ user: null });
  });
});
