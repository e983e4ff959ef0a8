// The Janus adapter against a real Janus (Debian `janus`): a local node on free 127.0.0.1 ports
// with a generated configuration, a room created, granted, listed and ended through the adapter.
// Skips, saying why, where Janus is not installed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJanusBinary, startLocalJanus } from '../src/media/local-janus.ts';
import type { MediaPlatform } from '../src/media/platform.ts';

const janusBinary = findJanusBinary();
if (!janusBinary) console.warn('media-janus.test.ts skipped: the `janus` binary is not installed (apt-get install --no-install-recommends janus)');

describe.skipIf(!janusBinary)('Janus media platform', () => {
  let dir: string;
  let media: MediaPlatform;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-janus-'));
    media = await startLocalJanus({ dir, iceEnforceList: 'lo' });
  });

  afterAll(async () => {
    await media?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers with its name and version, on loopback only', async () => {
    expect(await media.info()).toEqual({ node: 'portal-local-janus', version: '1.1.2' });
    expect(media.browser.serverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/janus$/);
  });

  it('opens a private room, grants and revokes entry, lists it and ends it', async () => {
    const room = await media.openRoom({ label: 'meeting 12345678901', secret: 'room-secret', pin: '246810', record: false, publishers: 8 });
    expect(room.roomId).toBeGreaterThan(0);
    expect(room.node).toBe('portal-local-janus');

    expect(await media.listRooms()).toContainEqual({ roomId: room.roomId, label: 'meeting 12345678901', participants: 0, maxPublishers: expect.any(Number), record: false, pinRequired: true });

    const token = await media.grant({ roomId: room.roomId, secret: 'room-secret' });
    expect(token.startsWith(`r${room.roomId}.`)).toBe(true);
    // The grant lets a browser create a Janus session; without it Janus refuses (token auth is on).
    const create = (body: object) =>
      fetch(media.browser.serverUrl, { method: 'POST', body: JSON.stringify({ janus: 'create', transaction: 't', ...body }) }).then((r) => r.json() as Promise<{ janus: string }>);
    expect((await create({})).janus).toBe('error');
    expect((await create({ token })).janus).toBe('success');

    const other = await media.grant({ roomId: room.roomId, secret: 'room-secret' });
    await media.revoke({ roomId: room.roomId, secret: 'room-secret' }, other);
    expect((await create({ token: other })).janus).toBe('error');

    await media.closeRoom({ roomId: room.roomId, secret: 'room-secret' });
    expect((await media.listRooms()).map((listed) => listed.roomId)).not.toContain(room.roomId);
    // Ending the room revoked its grants; ending it again is no error.
    expect((await create({ token })).janus).toBe('error');
    await media.closeRoom({ roomId: room.roomId, secret: 'room-secret' });
  });

  it('refuses to end a room without its secret', async () => {
    const room = await media.openRoom({ label: 'secret check', secret: 'right', pin: null, record: true, publishers: 4 });
    await expect(media.closeRoom({ roomId: room.roomId, secret: 'wrong' })).rejects.toThrow(/Janus 433/);
    expect(await media.listRooms()).toContainEqual(expect.objectContaining({ roomId: room.roomId, record: true, pinRequired: false }));
    await media.closeRoom({ roomId: room.roomId, secret: 'right' });
  });
});
