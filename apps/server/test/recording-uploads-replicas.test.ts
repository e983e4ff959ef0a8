// Recording uploads across server replicas (issue 28): two app instances on one database and one
// data directory, as two replicas behind a load balancer. An upload started on one finishes on the
// other; a request on one replica for an upload the other is writing waits for that request to let
// go (tus's lock is in the database, not in one process); a lock nobody lets go answers 423, and a
// lock left by a replica that died expires.
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app/app.ts';
import { recordings, uploadLocks } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

const LOCK_WAIT_MS = 6000;
let server: TestServer;
let replica: FastifyInstance;
let replicaPort: number;
let member: TestSession;

beforeAll(async () => {
  server = await startTestServer({ config: { recordingUploads: { maxBytes: 1024 * 1024, directory: null, lockWaitMs: LOCK_WAIT_MS } } });
  replica = await buildApp({ config: server.config, database: server.database });
  await replica.listen({ port: 0, host: '127.0.0.1' });
  const address = replica.server.address();
  replicaPort = typeof address === 'object' && address ? address.port : 0;
  member = await server.login('acme', userEmail('acme', 'member'));
});

afterAll(async () => {
  await replica?.close();
  await server?.close();
});

const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');
const metadata = `topic ${b64('Replicas')},recordedAt ${b64('2026-11-20T09:30:00.000Z')},computerName ${b64('LAPTOP-ANNA')}`;

const webmFile = (size: number) => {
  const header = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d]);
  return Buffer.concat([header, randomBytes(size - header.length)]);
};

type Answer = { status: number; headers: IncomingHttpHeaders; text: string };

/** A request to the second replica (the first is `server.request`), as the member of acme. */
function opened(method: string, path: string, headers: Record<string, string>): { req: ClientRequest; answer: Promise<Answer> } {
  const req = httpRequest({
    host: '127.0.0.1',
    port: replicaPort,
    method,
    path,
    headers: { host: `acme.portal.test:${replicaPort}`, cookie: member.cookie, 'x-csrf-token': member.csrfToken, 'tus-resumable': '1.0.0', ...headers },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
  });
  return { req, answer };
}

function onReplica(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer): Promise<Answer> {
  const { req, answer } = opened(method, path, { ...headers, ...(body ? { 'content-type': 'application/offset+octet-stream', 'content-length': String(body.length) } : {}) });
  req.end(body);
  return answer;
}

async function createUpload(length: number): Promise<string> {
  const created = await server.request('acme', 'POST', '/recordings/uploads', { session: member, headers: { 'tus-resumable': '1.0.0', 'upload-length': String(length), 'upload-metadata': metadata } });
  expect(created.status, created.text).toBe(201);
  return String(created.headers.location);
}

const patchOnFirst = (path: string, offset: number, bytes: Buffer) =>
  server.request('acme', 'PATCH', path, { session: member, rawBody: bytes, contentType: 'application/offset+octet-stream', headers: { 'tus-resumable': '1.0.0', 'upload-offset': String(offset) } });

const lockOf = async (path: string) => {
  const uploadId = path.split('/').pop()!;
  const [row] = await server.database.withPlatform((tx) => tx.select().from(uploadLocks).where(eq(uploadLocks.uploadId, uploadId)));
  return row;
};

describe('recording uploads across two replicas', () => {
  it('finishes on one replica an upload started on the other', async () => {
    const file = webmFile(64 * 1024);
    const path = await createUpload(file.length);
    const first = await patchOnFirst(path, 0, file.subarray(0, 20_000));
    expect(first.status, first.text).toBe(204);

    const state = await onReplica('HEAD', path);
    expect(state.status).toBe(200);
    expect(state.headers['upload-offset']).toBe('20000');
    const rest = await onReplica('PATCH', path, { 'upload-offset': '20000' }, file.subarray(20_000));
    expect(rest.status, rest.text).toBe(204);
    const recordingId = String(rest.headers['recording-id']);
    const [row] = await server.database.withPlatform((tx) => tx.select().from(recordings).where(eq(recordings.id, recordingId)));
    expect(row).toMatchObject({ kind: 'local', topic: 'Replicas', videoBytes: file.length });
    expect((await server.app.files.get(row!.videoKey!))?.equals(file)).toBe(true);
    const mine = await server.request('acme', 'GET', '/me/recordings', { session: member });
    expect(mine.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: recordingId })]));
    expect(await lockOf(path)).toBeUndefined();
  });

  it('makes a request on one replica wait while the other writes the same upload, then go on from where it stopped', async () => {
    const file = webmFile(64 * 1024);
    const path = await createUpload(file.length);
    // A PATCH on the replica whose client stalls halfway (a connection about to break): it holds the lock.
    const stalled = opened('PATCH', path, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(file.length) });
    stalled.req.on('error', () => undefined);
    stalled.req.write(file.subarray(0, 30_000));
    for (let attempt = 0; attempt < 100 && !(await lockOf(path)); attempt++) await sleep(20);
    expect(await lockOf(path)).toBeDefined();

    let stalledAnswered = false;
    void stalled.answer.then(
      () => (stalledAnswered = true),
      () => (stalledAnswered = true),
    );
    // The client resumes on the other replica: its HEAD waits until the stalled request let go.
    const state = await server.request('acme', 'HEAD', path, { session: member, headers: { 'tus-resumable': '1.0.0' } });
    expect(state.status).toBe(200);
    expect(stalledAnswered).toBe(true);
    const offset = Number(state.headers['upload-offset']);
    expect(offset).toBe(30_000);
    stalled.req.destroy();

    const rest = await patchOnFirst(path, offset, file.subarray(offset));
    expect(rest.status, rest.text).toBe(204);
    const [row] = await server.database.withPlatform((tx) => tx.select().from(recordings).where(eq(recordings.id, String(rest.headers['recording-id']))));
    expect((await server.app.files.get(row!.videoKey!))?.equals(file)).toBe(true);
  }, 20_000);

  it('answers 423 while a lock is held that is not let go, and takes over a lock whose replica died', async () => {
    const file = webmFile(1000);
    const path = await createUpload(file.length);
    const uploadId = path.split('/').pop()!;
    // A replica that took the lock and stopped answering (no renewal, no release) until it expires.
    await server.database.withPlatform((tx) => tx.insert(uploadLocks).values({ uploadId, holder: crypto.randomUUID(), expiresAt: sql`now() + interval '1 minute'` }));
    const started = Date.now();
    const locked = await patchOnFirst(path, 0, file);
    expect(locked.status, locked.text).toBe(423);
    expect(locked.body.code).toBe('upload_locked');
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOCK_WAIT_MS - 100);
    expect(Number((await onReplica('GET', path)).headers['upload-offset'])).toBe(0);

    await server.database.withPlatform((tx) => tx.update(uploadLocks).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(uploadLocks.uploadId, uploadId)));
    const done = await onReplica('PATCH', path, { 'upload-offset': '0' }, file);
    expect(done.status, done.text).toBe(204);
    expect(await lockOf(path)).toBeUndefined();
  }, 20_000);
});
