// A recording uploaded from a computer counts against the plan's recording storage (issue 33, part
// 4), over real HTTP: acme's plan holds 1 GB and its recordings nearly fill it. An upload that would
// not fit is refused when it starts (413 `recording_storage_full`, by its declared length); one that
// fits starts, and is refused when it finishes if other recordings filled the room meanwhile: no
// recording is made and the bytes are dropped. globex, without a plan, uploads the same file.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordings } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

const GB = 1024 ** 3;
const FILE_BYTES = 4096;

let server: TestServer;
let member: TestSession;
let globexMember: TestSession;

const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');
const metadata = `topic ${b64('Design review')},recordedAt ${b64('2026-11-20T09:30:00.000Z')},computerName ${b64('LAPTOP-ANNA')}`;

/** A WebM-looking file: the EBML header with DocType webm, then noise. */
const webm = () => {
  const header = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d]);
  return Buffer.concat([header, randomBytes(FILE_BYTES - header.length)]);
};

const create = (tenant: string, session: TestSession, length: number) =>
  server.request(tenant, 'POST', '/recordings/uploads', { session, headers: { 'tus-resumable': '1.0.0', 'upload-length': String(length), 'upload-metadata': metadata } });

const send = (tenant: string, session: TestSession, path: string, bytes: Buffer) =>
  server.request(tenant, 'PATCH', path, { session, rawBody: bytes, contentType: 'application/offset+octet-stream', headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0' } });

/** An earlier cloud recording of `bytes` in acme. */
const stored = (bytes: number, topic: string) => {
  const acme = server.ids.tenants.acme;
  return server.database.withTenant(acme, (tx) => tx.insert(recordings).values({ tenantId: acme, kind: 'cloud', status: 'ready', code: '12345678901', topic, startedAt: new Date('2026-11-01T10:00:00Z'), audioBytes: bytes }));
};

const localRecordings = (tenant: 'acme' | 'globex') => server.database.withTenant(server.ids.tenants[tenant], (tx) => tx.select({ id: recordings.id }).from(recordings).where(eq(recordings.kind, 'local')), { readOnly: true });

beforeAll(async () => {
  server = await startTestServer({ config: { recordingUploads: { maxBytes: 1024 * 1024, directory: null } } });
  const superadmin = await server.login('system', userEmail('system', 'superadmin'));
  const platform = (method: string, path: string, body: unknown) => server.request('system', method, path, { session: superadmin, body });
  const product = await platform('POST', '/products', { name: 'Meetings', isBundle: false });
  expect(product.status, product.text).toBe(201);
  const limits = [{ kind: 'storage_gb', value: 1, unit: 'Number' }];
  const plan = await platform('POST', '/plans', { name: 'Small', productId: product.body.id, minUsers: 1, maxUsers: 500, published: true, prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 500 }], limits });
  expect(plan.status, plan.text).toBe(201);
  const assigned = await platform('POST', `/tenants/${server.ids.tenants.acme}/assigned-plans`, { planId: plan.body.id, licenses: 50, billingCycle: 'monthly', currency: 'USD' });
  expect(assigned.status, assigned.text).toBe(201);
  member = await server.login('acme', userEmail('acme', 'member'));
  globexMember = await server.login('globex', userEmail('globex', 'member'));
  // 1.5 file lengths of room left.
  await stored(GB - FILE_BYTES * 1.5, 'Old all-hands');
});

afterAll(async () => {
  await server?.close();
});

describe('recording uploads against the plan’s storage', () => {
  it('refuses an upload that would not fit when it starts, and lets a tenant without a plan upload it', async () => {
    const before = await localRecordings('acme');
    const tooBig = await create('acme', member, FILE_BYTES * 2);
    expect(tooBig.status, tooBig.text).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 'recording_storage_full' });
    expect(await localRecordings('acme')).toEqual(before);

    const theirs = await create('globex', globexMember, FILE_BYTES * 2);
    expect(theirs.status, theirs.text).toBe(201);
  });

  it('stores one that fits, and refuses one whose room others took while it was sent', async () => {
    const fits = await create('acme', member, FILE_BYTES);
    expect(fits.status, fits.text).toBe(201);
    const path = String(fits.headers.location);
    const done = await send('acme', member, path, webm());
    expect(done.status, done.text).toBe(204);
    const recordingId = String(done.headers['recording-id']);
    expect((await localRecordings('acme')).map((row) => row.id)).toContain(recordingId);

    // Back to 1.5 files of room: the next upload fits when it starts, then a recording made meanwhile takes its room.
    await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.delete(recordings).where(eq(recordings.id, recordingId)));
    const second = await create('acme', member, FILE_BYTES);
    expect(second.status, second.text).toBe(201);
    await stored(FILE_BYTES, 'Recorded meanwhile');
    const before = await localRecordings('acme');
    const refused = await send('acme', member, String(second.headers.location), webm());
    expect(refused.status, refused.text).toBe(413);
    expect(refused.body).toMatchObject({ code: 'recording_storage_full' });
    expect(await localRecordings('acme')).toEqual(before);
    const head = await server.request('acme', 'HEAD', String(second.headers.location), { session: member, headers: { 'tus-resumable': '1.0.0' } });
    expect(head.status).toBe(404);
  });
});
