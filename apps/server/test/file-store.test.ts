// Uploaded files go to disk by default and to an S3-compatible bucket when S3_BUCKET is set. The
// same behaviour is checked on both stores, the bucket being a real S3 server (s3rver) on
// loopback; then a whole server on the bucket keeps brand images there and nowhere on disk.
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../src/kernel/config.ts';
import { createDiskStore } from '../src/kernel/files/disk-store.ts';
import { createS3Store } from '../src/kernel/files/s3-store.ts';
import type { FileStore } from '../src/kernel/files/store.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';
import { png } from './image-bytes.ts';

const bucket = 'portal-files';
let s3server: S3rver;
let s3dir: string;
let diskDir: string;
let s3: S3Config;

beforeAll(async () => {
  s3dir = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  diskDir = mkdtempSync(join(tmpdir(), 'portal-disk-'));
  s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: bucket }] });
  const { port } = await s3server.run();
  s3 = { bucket, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', prefix: 'portal/' };
});

afterAll(async () => {
  await s3server?.close();
  rmSync(s3dir, { recursive: true, force: true });
  rmSync(diskDir, { recursive: true, force: true });
});

async function readAll(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('nothing stored');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const stores: [string, () => FileStore][] = [
  ['disk', () => createDiskStore(diskDir)],
  ['S3 bucket', () => createS3Store(s3)],
];

describe.each(stores)('the %s store', (_name, make) => {
  it('gives back what was put, replaces it, and forgets a removed key', async () => {
    const files = make();
    expect(await files.get('t1/a/one.png')).toBeNull();
    await files.put('t1/a/one.png', Buffer.from('first'), 'image/png');
    expect((await files.get('t1/a/one.png'))?.toString()).toBe('first');
    await files.put('t1/a/one.png', Buffer.from('second'), 'image/png');
    expect((await files.get('t1/a/one.png'))?.toString()).toBe('second');
    await files.remove('t1/a/one.png');
    expect(await files.get('t1/a/one.png')).toBeNull();
    await files.remove('t1/a/one.png');
  });

  it('removes everything under a prefix and nothing else', async () => {
    const files = make();
    await files.put('t2/x/a.png', Buffer.from('a'), 'image/png');
    await files.put('t2/x/b.jpg', Buffer.from('b'), 'image/jpeg');
    await files.put('t2/xy/c.png', Buffer.from('c'), 'image/png');
    await files.removePrefix('t2/x');
    expect(await files.get('t2/x/a.png')).toBeNull();
    expect(await files.get('t2/x/b.jpg')).toBeNull();
    expect((await files.get('t2/xy/c.png'))?.toString()).toBe('c');
  });

  it('stores a file from disk and streams it back whole or by byte range', async () => {
    const files = make();
    const source = join(diskDir, 'source.bin');
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, n) => n % 251));
    writeFileSync(source, bytes);
    expect(await files.size('t3/rec/video.webm')).toBeNull();
    expect(await files.openRead('t3/rec/video.webm')).toBeNull();
    await files.putFile('t3/rec/video.webm', source, 'video/webm');
    expect(existsSync(source)).toBe(true);
    expect(await files.size('t3/rec/video.webm')).toBe(1000);
    expect(await readAll(await files.openRead('t3/rec/video.webm'))).toEqual(bytes);
    // Two bytes, not one: s3rver reads a range ending at byte 0 as open-ended (real S3 does not).
    expect(await readAll(await files.openRead('t3/rec/video.webm', { start: 0, end: 1 }))).toEqual(bytes.subarray(0, 2));
    expect(await readAll(await files.openRead('t3/rec/video.webm', { start: 500, end: 749 }))).toEqual(bytes.subarray(500, 750));
    expect(await readAll(await files.openRead('t3/rec/video.webm', { start: 990, end: 999 }))).toEqual(bytes.subarray(990));
  });

  it('refuses a key that could leave its place', async () => {
    const files = make();
    await expect(files.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/Invalid file key/);
    await expect(files.get('a/../../b')).rejects.toThrow(/Invalid file key/);
  });
});

describe('a server configured with a bucket', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ config: { s3 } });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('keeps brand images in the bucket, serves them from there, and removes them with the tenant', async () => {
    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    const created = await server.request('system', 'POST', '/tenants', {
      session: superadmin,
      body: { name: 'Bucketed', sname: 'bucketed', admin: { email: 'a@bucketed.test', firstName: 'B', lastName: 'Admin', passwordMode: 'generate' } },
    });
    const tenantId = created.body.tenant.id as string;
    const image = png();
    const uploaded = await server.request('system', 'PUT', `/tenants/${tenantId}/brand/images/logoDark`, { session: superadmin, rawBody: image, contentType: 'image/png' });
    expect(uploaded.status).toBe(200);

    const client = new S3Client({ region: s3.region, endpoint: s3.endpoint!, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `portal/brand/${tenantId}/logoDark.png` }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(image)).toBe(true);
    expect(existsSync(join(server.config.dataDir, 'files', 'brand', tenantId))).toBe(false);

    const url = new URL(uploaded.body.images.logoDark as string, 'http://x').pathname.replace(/^\/api\/v1/, '');
    const served = await server.request('system', 'GET', url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    expect((await server.request('system', 'DELETE', `/tenants/${tenantId}`, { session: superadmin })).status).toBe(204);
    const left = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `portal/brand/${tenantId}/` }));
    expect(left.KeyCount ?? 0).toBe(0);
  });
});
